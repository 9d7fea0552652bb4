// SqliteDatabase: object detection (migration 0011). The ObjectService writes a batch of frames and tracks per analysed
// frame in one transaction; searches read tracks by camera and time through object_tracks_by_end.
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

std::string track_columns(ObjectTrackColumns columns) {
  return std::string("SELECT camera_id, track_id, object_class, vehicle_type, start_ms, end_ms, moving, nightmode, "
                     "top_colours, bottom_colours, vehicle_colours, confidence, thumbnail_ms, ") +
         (columns.thumbnail ? "thumbnail, " : "NULL, ") + (columns.embedding ? "embedding " : "NULL ") +
         "FROM object_tracks ";
}

ObjectTrackRecord track_from_row(const SqliteStatement& row) {
  ObjectTrackRecord track;
  track.camera_id = row.integer(0);
  track.track_id = row.integer(1);
  track.object_class = static_cast<int>(row.integer(2));
  track.vehicle_type = static_cast<int>(row.integer(3));
  track.start_ms = row.integer(4);
  track.end_ms = row.integer(5);
  track.moving = row.integer(6) != 0;
  track.nightmode = row.integer(7) != 0;
  track.top_colours = row.integer(8);
  track.bottom_colours = row.integer(9);
  track.vehicle_colours = row.integer(10);
  track.confidence = row.real(11);
  track.thumbnail_ms = row.integer(12);
  auto thumbnail = row.blob(13);
  track.thumbnail.assign(thumbnail.begin(), thumbnail.end());
  auto embedding = row.blob(14);
  track.embedding.assign(embedding.begin(), embedding.end());
  return track;
}

std::string id_list(std::size_t count) {
  std::string out = "(";
  for (std::size_t i = 0; i < count; ++i)
    out += i ? ", ?" : "?";
  return out + ")";
}

} // namespace

void SqliteDatabase::append_objects(const std::vector<ObjectFrameRecord>& frames,
                                    const std::vector<ObjectTrackRecord>& tracks) {
  std::lock_guard lock(mutex_);
  in_transaction([&] {
    for (const auto& frame : frames) {
      connection_
          ->prepare("INSERT OR REPLACE INTO object_frames (camera_id, ts_ms, nightmode, detections) "
                    "SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM cameras WHERE id = ?1)")
          ->bind(1, frame.camera_id)
          .bind(2, frame.ts_ms)
          .bind_bool(3, frame.nightmode)
          .bind_blob(4, frame.detections)
          .run();
    }
    for (const auto& track : tracks) {
      connection_
          ->prepare("INSERT INTO object_tracks (camera_id, track_id, object_class, vehicle_type, start_ms, end_ms, "
                    "moving, nightmode, top_colours, bottom_colours, vehicle_colours, confidence, thumbnail_ms, "
                    "thumbnail, embedding) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15 "
                    "WHERE EXISTS (SELECT 1 FROM cameras WHERE id = ?1) "
                    "ON CONFLICT (camera_id, track_id) DO UPDATE SET object_class = excluded.object_class, "
                    "vehicle_type = excluded.vehicle_type, start_ms = excluded.start_ms, end_ms = excluded.end_ms, "
                    "moving = excluded.moving, nightmode = excluded.nightmode, top_colours = excluded.top_colours, "
                    "bottom_colours = excluded.bottom_colours, vehicle_colours = excluded.vehicle_colours, "
                    "confidence = excluded.confidence, thumbnail_ms = excluded.thumbnail_ms, "
                    "thumbnail = excluded.thumbnail, embedding = excluded.embedding")
          ->bind(1, track.camera_id)
          .bind(2, track.track_id)
          .bind(3, std::int64_t{track.object_class})
          .bind(4, std::int64_t{track.vehicle_type})
          .bind(5, track.start_ms)
          .bind(6, track.end_ms)
          .bind_bool(7, track.moving)
          .bind_bool(8, track.nightmode)
          .bind(9, track.top_colours)
          .bind(10, track.bottom_colours)
          .bind(11, track.vehicle_colours)
          .bind(12, track.confidence)
          .bind(13, track.thumbnail_ms)
          .bind_blob(14, track.thumbnail)
          .bind_blob(15, track.embedding)
          .run();
    }
  });
}

std::vector<ObjectTrackRecord> SqliteDatabase::object_tracks_in_range(const std::vector<std::int64_t>& camera_ids,
                                                                      std::int64_t t0_ms, std::int64_t t1_ms,
                                                                      ObjectTrackColumns columns) {
  std::lock_guard lock(mutex_);
  std::vector<ObjectTrackRecord> out;
  if (camera_ids.empty())
    return out;
  auto statement = connection_->prepare(track_columns(columns) + "WHERE camera_id IN " + id_list(camera_ids.size()) +
                                        " AND end_ms >= ? AND start_ms < ? ORDER BY start_ms, camera_id, track_id");
  int index = 1;
  for (auto id : camera_ids)
    statement->bind(index++, id);
  statement->bind(index, t0_ms).bind(index + 1, t1_ms);
  while (statement->step())
    out.push_back(track_from_row(*statement));
  return out;
}

std::optional<ObjectTrackRecord> SqliteDatabase::find_object_track(std::int64_t camera_id, std::int64_t track_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(track_columns({true, true}) + "WHERE camera_id = ? AND track_id = ?");
  statement->bind(1, camera_id).bind(2, track_id);
  if (!statement->step())
    return std::nullopt;
  return track_from_row(*statement);
}

std::int64_t SqliteDatabase::max_object_track_id(std::int64_t camera_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT COALESCE(MAX(track_id), 0) FROM object_tracks WHERE camera_id = ?");
  statement->bind(1, camera_id);
  return statement->step() ? statement->integer(0) : 0;
}

void SqliteDatabase::visit_object_embeddings(const std::function<void(const ObjectTrackRecord&)>& visit) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(track_columns({false, true}) +
                                        "WHERE length(embedding) > 0 ORDER BY camera_id, track_id");
  while (statement->step())
    visit(track_from_row(*statement));
}

std::vector<ObjectFrameRecord> SqliteDatabase::object_frames_in_range(std::int64_t camera_id, std::int64_t t0_ms,
                                                                      std::int64_t t1_ms) {
  std::lock_guard lock(mutex_);
  std::vector<ObjectFrameRecord> out;
  auto statement = connection_->prepare("SELECT camera_id, ts_ms, nightmode, detections FROM object_frames "
                                        "WHERE camera_id = ? AND ts_ms >= ? AND ts_ms < ? ORDER BY ts_ms");
  statement->bind(1, camera_id).bind(2, t0_ms).bind(3, t1_ms);
  while (statement->step()) {
    auto detections = statement->blob(3);
    out.push_back({statement->integer(0), statement->integer(1), statement->integer(2) != 0,
                   {detections.begin(), detections.end()}});
  }
  return out;
}

std::int64_t SqliteDatabase::delete_objects_before(std::int64_t camera_id, std::int64_t before_ms) {
  std::lock_guard lock(mutex_);
  std::int64_t deleted = 0;
  in_transaction([&] {
    connection_->prepare("DELETE FROM object_frames WHERE camera_id = ? AND ts_ms < ?")
        ->bind(1, camera_id)
        .bind(2, before_ms)
        .run();
    auto tracks = connection_->prepare("DELETE FROM object_tracks WHERE camera_id = ? AND end_ms < ?");
    tracks->bind(1, camera_id).bind(2, before_ms).run();
    deleted = tracks->changes();
  });
  return deleted;
}

} // namespace argus::store
