// PostgresDatabase: object detection (migration 0011): the SQL of sqlite_database_objects.cpp. A batch of frames and
// tracks per analysed frame is one transaction. An empty thumbnail or embedding is stored as NULL, as SQLite binds an
// empty blob.
#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

std::string track_columns(ObjectTrackColumns columns) {
  return std::string("SELECT camera_id, track_id, object_class, vehicle_type, start_ms, end_ms, moving, nightmode, "
                     "top_colours, bottom_colours, vehicle_colours, confidence, thumbnail_ms, ") +
         (columns.thumbnail ? "thumbnail, " : "NULL, ") + (columns.embedding ? "embedding " : "NULL ") +
         "FROM object_tracks ";
}

std::vector<ObjectTrackRecord> read_tracks(const PgResult& rows) {
  std::vector<ObjectTrackRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    ObjectTrackRecord track;
    track.camera_id = rows.integer(i, 0);
    track.track_id = rows.integer(i, 1);
    track.object_class = static_cast<int>(rows.integer(i, 2));
    track.vehicle_type = static_cast<int>(rows.integer(i, 3));
    track.start_ms = rows.integer(i, 4);
    track.end_ms = rows.integer(i, 5);
    track.moving = rows.boolean(i, 6);
    track.nightmode = rows.boolean(i, 7);
    track.top_colours = rows.integer(i, 8);
    track.bottom_colours = rows.integer(i, 9);
    track.vehicle_colours = rows.integer(i, 10);
    track.confidence = rows.real(i, 11);
    track.thumbnail_ms = rows.integer(i, 12);
    track.thumbnail = rows.bytes(i, 13);
    track.embedding = rows.bytes(i, 14);
    out.push_back(std::move(track));
  }
  return out;
}

PgValue bytes_or_null(const std::vector<std::uint8_t>& bytes) {
  return bytes.empty() ? PgValue(std::nullopt) : PgValue::bytes(bytes);
}

} // namespace

void PostgresDatabase::append_objects(const std::vector<ObjectFrameRecord>& frames,
                                      const std::vector<ObjectTrackRecord>& tracks) {
  in_transaction([&] {
    auto db = session();
    for (const auto& frame : frames) {
      db->exec("INSERT INTO object_frames (camera_id, ts_ms, nightmode, detections) "
               "SELECT $1::bigint, $2::bigint, $3::bigint, $4::bytea WHERE EXISTS (SELECT 1 FROM cameras WHERE id = "
               "$1::bigint) ON CONFLICT (camera_id, ts_ms) DO UPDATE SET nightmode = excluded.nightmode, "
               "detections = excluded.detections",
               {frame.camera_id, frame.ts_ms, frame.nightmode, PgValue::bytes(frame.detections)});
    }
    for (const auto& track : tracks) {
      db->exec("INSERT INTO object_tracks (camera_id, track_id, object_class, vehicle_type, start_ms, end_ms, moving, "
               "nightmode, top_colours, bottom_colours, vehicle_colours, confidence, thumbnail_ms, thumbnail, "
               "embedding) SELECT $1::bigint, $2::bigint, $3::bigint, $4::bigint, $5::bigint, $6::bigint, "
               "$7::bigint, $8::bigint, $9::bigint, $10::bigint, $11::bigint, $12::double precision, $13::bigint, "
               "$14::bytea, $15::bytea WHERE EXISTS (SELECT 1 FROM cameras WHERE id = $1::bigint) "
               "ON CONFLICT (camera_id, track_id) DO UPDATE SET object_class = excluded.object_class, "
               "vehicle_type = excluded.vehicle_type, start_ms = excluded.start_ms, end_ms = excluded.end_ms, "
               "moving = excluded.moving, nightmode = excluded.nightmode, top_colours = excluded.top_colours, "
               "bottom_colours = excluded.bottom_colours, vehicle_colours = excluded.vehicle_colours, "
               "confidence = excluded.confidence, thumbnail_ms = excluded.thumbnail_ms, "
               "thumbnail = excluded.thumbnail, embedding = excluded.embedding",
               {track.camera_id, track.track_id, track.object_class, track.vehicle_type, track.start_ms, track.end_ms,
                track.moving, track.nightmode, track.top_colours, track.bottom_colours, track.vehicle_colours,
                track.confidence, track.thumbnail_ms, bytes_or_null(track.thumbnail), bytes_or_null(track.embedding)});
    }
  });
}

std::vector<ObjectTrackRecord> PostgresDatabase::object_tracks_in_range(const std::vector<std::int64_t>& camera_ids,
                                                                        std::int64_t t0_ms, std::int64_t t1_ms,
                                                                        ObjectTrackColumns columns) {
  if (camera_ids.empty())
    return {};
  auto db = session();
  return read_tracks(db->exec(track_columns(columns) + "WHERE camera_id = ANY($1::bigint[]) AND end_ms >= $2 AND "
                                                       "start_ms < $3 ORDER BY start_ms, camera_id, track_id",
                              {PgValue::bigint_array(camera_ids), t0_ms, t1_ms}));
}

std::optional<ObjectTrackRecord> PostgresDatabase::find_object_track(std::int64_t camera_id, std::int64_t track_id) {
  auto db = session();
  auto tracks = read_tracks(
      db->exec(track_columns({true, true}) + "WHERE camera_id = $1 AND track_id = $2", {camera_id, track_id}));
  if (tracks.empty())
    return std::nullopt;
  return std::move(tracks.front());
}

std::int64_t PostgresDatabase::max_object_track_id(std::int64_t camera_id) {
  auto db = session();
  return db->exec("SELECT COALESCE(MAX(track_id), 0) FROM object_tracks WHERE camera_id = $1", {camera_id})
      .integer(0, 0);
}

void PostgresDatabase::visit_object_embeddings(const std::function<void(const ObjectTrackRecord&)>& visit) {
  std::vector<ObjectTrackRecord> tracks;
  {
    auto db = session();
    tracks = read_tracks(
        db->exec(track_columns({false, true}) + "WHERE octet_length(embedding) > 0 ORDER BY camera_id, track_id"));
  }
  for (const auto& track : tracks)
    visit(track);
}

std::vector<ObjectFrameRecord> PostgresDatabase::object_frames_in_range(std::int64_t camera_id, std::int64_t t0_ms,
                                                                        std::int64_t t1_ms) {
  auto db = session();
  auto rows = db->exec("SELECT camera_id, ts_ms, nightmode, detections FROM object_frames "
                       "WHERE camera_id = $1 AND ts_ms >= $2 AND ts_ms < $3 ORDER BY ts_ms",
                       {camera_id, t0_ms, t1_ms});
  std::vector<ObjectFrameRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.boolean(i, 2), rows.bytes(i, 3)});
  return out;
}

std::int64_t PostgresDatabase::delete_objects_before(std::int64_t camera_id, std::int64_t before_ms) {
  std::int64_t deleted = 0;
  in_transaction([&] {
    auto db = session();
    db->exec("DELETE FROM object_frames WHERE camera_id = $1 AND ts_ms < $2", {camera_id, before_ms});
    deleted = db->exec("DELETE FROM object_tracks WHERE camera_id = $1 AND end_ms < $2", {camera_id, before_ms})
                  .affected_rows();
  });
  return deleted;
}

} // namespace argus::store
