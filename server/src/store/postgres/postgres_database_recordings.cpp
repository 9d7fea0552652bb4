// PostgresDatabase: camera sources and status, storage directories, the recording index (init segments, chunks,
// fragments) and its playback queries: the SQL of sqlite_database_recordings.cpp and sqlite_database_history.cpp.
#include <algorithm>
#include <map>

#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

const std::string k_init_columns = "SELECT id, camera_id, stream, codec, width, height, browser_playable, file_path, "
                                   "created_ms FROM init_segments ";

std::optional<InitSegmentRecord> read_init_segment(const PgResult& rows) {
  if (rows.empty())
    return std::nullopt;
  return InitSegmentRecord{rows.integer(0, 0), rows.integer(0, 1), rows.text(0, 2),
                           rows.text(0, 3),    rows.integer(0, 4), rows.integer(0, 5),
                           rows.boolean(0, 6), rows.text(0, 7),    rows.integer(0, 8)};
}

const std::string k_chunk_columns = "SELECT id, camera_id, stream, storage_dir_id, file_path, init_segment_id, "
                                    "start_ms, end_ms, size_bytes FROM recording_chunks ";

std::vector<ChunkRecord> read_chunks(const PgResult& rows) {
  std::vector<ChunkRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.text(i, 2), rows.integer(i, 3), rows.text(i, 4),
                   rows.integer(i, 5), rows.integer(i, 6), rows.integer(i, 7), rows.integer(i, 8)});
  }
  return out;
}

const std::string k_fragment_columns = "SELECT id, chunk_id, camera_id, stream, start_ms, duration_ms, offset_bytes, "
                                       "size_bytes, keyframe FROM recording_fragments ";

std::vector<FragmentRecord> read_fragments(const PgResult& rows) {
  std::vector<FragmentRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.text(i, 3), rows.integer(i, 4),
                   rows.integer(i, 5), rows.integer(i, 6), rows.integer(i, 7), rows.boolean(i, 8)});
  }
  return out;
}

std::optional<FragmentRecord> first_fragment(const PgResult& rows) {
  auto fragments = read_fragments(rows);
  if (fragments.empty())
    return std::nullopt;
  return fragments.front();
}

} // namespace

std::vector<CameraSourceRecord> PostgresDatabase::camera_sources() {
  auto db = session();
  auto imagers = imager_sources(*db, std::nullopt);
  auto rows = db->exec("SELECT c.id, c.main_rtsp_url, c.sub_rtsp_url, c.retention_days FROM cameras c "
                       "JOIN networks n ON n.id = c.network_id WHERE $1::bigint IS NULL OR n.shard_id = $1 "
                       "ORDER BY c.id",
                       {served_shard()});
  std::vector<CameraSourceRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    auto camera_id = rows.integer(i, 0);
    out.push_back({camera_id, rows.optional_text(i, 1), rows.optional_text(i, 2), rows.integer(i, 3),
                   std::move(imagers[camera_id])});
  }
  return out;
}

bool PostgresDatabase::set_camera_source(const CameraSourceRecord& source) {
  bool changed = false;
  in_transaction([&] {
    auto db = session();
    changed = db->exec("UPDATE cameras SET main_rtsp_url = $1, sub_rtsp_url = $2, retention_days = $3 WHERE id = $4",
                       {source.main_rtsp_url, source.sub_rtsp_url, source.retention_days, source.camera_id})
                  .affected_rows() > 0;
    if (!changed)
      return;
    db->exec("DELETE FROM camera_imager_sources WHERE camera_id = $1", {source.camera_id});
    for (const auto& imager : source.imagers) {
      db->exec("INSERT INTO camera_imager_sources (camera_id, imager_id, main_rtsp_url, sub_rtsp_url) "
               "VALUES ($1, $2, $3, $4)",
               {source.camera_id, imager.imager_id, imager.main_rtsp_url, imager.sub_rtsp_url});
    }
  });
  return changed;
}

bool PostgresDatabase::set_camera_status(std::int64_t camera_id, std::string_view status,
                                         const std::optional<std::string>& offline_reason,
                                         std::optional<std::int64_t> offline_since_ms) {
  auto db = session();
  // The outage keeps the time it began while status and reason stay the same (a restart, a repeated report).
  return db->exec("UPDATE cameras SET offline_since_ms = CASE WHEN status = $1::text "
                  "AND offline_reason IS NOT DISTINCT FROM $2::text AND offline_since_ms IS NOT NULL "
                  "THEN offline_since_ms ELSE $3::bigint END, status = $1::text, offline_reason = $2::text "
                  "WHERE id = $4",
                  {status, offline_reason, offline_since_ms, camera_id})
             .affected_rows() > 0;
}

bool PostgresDatabase::set_recording_problem(std::int64_t camera_id, const std::optional<std::string>& problem) {
  auto db = session();
  return db->exec("UPDATE cameras SET recording_problem = $1::text WHERE id = $2 "
                  "AND recording_problem IS DISTINCT FROM $1::text",
                  {problem, camera_id})
             .affected_rows() > 0;
}

std::vector<StorageDirRecord> PostgresDatabase::storage_dirs() {
  auto db = session();
  auto rows = db->exec("SELECT id, path, recording_quota_bytes FROM storage_dirs ORDER BY id");
  std::vector<StorageDirRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back({rows.integer(i, 0), rows.text(i, 1), rows.integer(i, 2)});
  return out;
}

void PostgresDatabase::set_storage_quota(std::int64_t storage_dir_id, std::int64_t quota_bytes) {
  auto db = session();
  db->exec("UPDATE storage_dirs SET recording_quota_bytes = $1 WHERE id = $2", {quota_bytes, storage_dir_id});
}

std::int64_t PostgresDatabase::insert_init_segment(const InitSegmentRecord& segment) {
  auto db = session();
  return db
      ->exec("INSERT INTO init_segments (camera_id, stream, codec, width, height, browser_playable, file_path, "
             "created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
             {segment.camera_id, segment.stream, segment.codec, segment.width, segment.height, segment.browser_playable,
              segment.file_path, segment.created_ms})
      .integer(0, 0);
}

std::optional<InitSegmentRecord> PostgresDatabase::find_init_segment(std::int64_t init_segment_id) {
  auto db = session();
  return read_init_segment(db->exec(k_init_columns + "WHERE id = $1", {init_segment_id}));
}

std::optional<InitSegmentRecord> PostgresDatabase::latest_init_segment(std::int64_t camera_id,
                                                                       std::string_view stream) {
  auto db = session();
  return read_init_segment(
      db->exec(k_init_columns + "WHERE camera_id = $1 AND stream = $2 ORDER BY id DESC LIMIT 1", {camera_id, stream}));
}

std::int64_t PostgresDatabase::insert_chunk(const ChunkRecord& chunk) {
  auto db = session();
  return db
      ->exec("INSERT INTO recording_chunks (camera_id, stream, storage_dir_id, file_path, init_segment_id, start_ms, "
             "end_ms, size_bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
             {chunk.camera_id, chunk.stream, chunk.storage_dir_id, chunk.file_path, chunk.init_segment_id,
              chunk.start_ms, chunk.end_ms, chunk.size_bytes})
      .integer(0, 0);
}

std::vector<ChunkRecord> PostgresDatabase::recent_chunks(std::int64_t per_stream) {
  auto db = session();
  return read_chunks(db->exec(k_chunk_columns +
                                  "WHERE id IN (SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY camera_id, "
                                  "stream ORDER BY id DESC) AS newest FROM recording_chunks) AS ranked "
                                  "WHERE newest <= $1) ORDER BY id",
                              {per_stream}));
}

std::vector<ChunkRecord> PostgresDatabase::chunks_in_range(std::int64_t camera_id, std::string_view stream,
                                                           std::int64_t t0_ms, std::int64_t t1_ms) {
  auto db = session();
  return read_chunks(db->exec(k_chunk_columns + "WHERE camera_id = $1 AND stream = $2 AND start_ms < $3 AND "
                                                "end_ms > $4 ORDER BY start_ms",
                              {camera_id, stream, t1_ms, t0_ms}));
}

void PostgresDatabase::append_recording_index(const std::vector<FragmentRecord>& fragments,
                                              const std::vector<ChunkRecord>& chunk_updates) {
  // One statement per kind for the whole batch (every camera's fragments of a flush): one round trip each instead of
  // one per row.
  std::vector<std::int64_t> chunk_ids, camera_ids, starts, durations, offsets, sizes, keyframes;
  std::vector<std::string> streams;
  for (const auto& fragment : fragments) {
    chunk_ids.push_back(fragment.chunk_id);
    camera_ids.push_back(fragment.camera_id);
    streams.push_back(fragment.stream);
    starts.push_back(fragment.start_ms);
    durations.push_back(fragment.duration_ms);
    offsets.push_back(fragment.offset_bytes);
    sizes.push_back(fragment.size_bytes);
    keyframes.push_back(fragment.keyframe ? 1 : 0);
  }
  // A chunk updated twice in the batch keeps its last update, as when each was its own statement.
  std::map<std::int64_t, const ChunkRecord*> last_update;
  for (const auto& chunk : chunk_updates)
    last_update[chunk.id] = &chunk;
  std::vector<std::int64_t> updated_ids, ends, chunk_sizes;
  for (const auto& [id, chunk] : last_update) {
    updated_ids.push_back(id);
    ends.push_back(chunk->end_ms);
    chunk_sizes.push_back(chunk->size_bytes);
  }
  in_transaction([&] {
    auto db = session();
    if (!fragments.empty()) {
      db->exec("INSERT INTO recording_fragments (chunk_id, camera_id, stream, start_ms, duration_ms, offset_bytes, "
               "size_bytes, keyframe) SELECT chunk_id, camera_id, stream, start_ms, duration_ms, offset_bytes, "
               "size_bytes, keyframe FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], "
               "$5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[]) WITH ORDINALITY AS f(chunk_id, camera_id, "
               "stream, start_ms, duration_ms, offset_bytes, size_bytes, keyframe, position) ORDER BY position",
               {PgValue::bigint_array(chunk_ids), PgValue::bigint_array(camera_ids), PgValue::text_array(streams),
                PgValue::bigint_array(starts), PgValue::bigint_array(durations), PgValue::bigint_array(offsets),
                PgValue::bigint_array(sizes), PgValue::bigint_array(keyframes)});
    }
    if (!chunk_updates.empty()) {
      db->exec("UPDATE recording_chunks AS c SET end_ms = u.end_ms, size_bytes = u.size_bytes "
               "FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS u(id, end_ms, size_bytes) WHERE c.id = u.id",
               {PgValue::bigint_array(updated_ids), PgValue::bigint_array(ends), PgValue::bigint_array(chunk_sizes)});
    }
  });
}

std::vector<FragmentRecord> PostgresDatabase::fragments_of_chunk(std::int64_t chunk_id) {
  auto db = session();
  return read_fragments(db->exec(k_fragment_columns + "WHERE chunk_id = $1 ORDER BY offset_bytes", {chunk_id}));
}

std::vector<FragmentRecord> PostgresDatabase::fragments_in_range(std::int64_t camera_id, std::string_view stream,
                                                                 std::int64_t t0_ms, std::int64_t t1_ms) {
  auto db = session();
  // A fragment is at most a GOP long, so those starting a minute before t0 cover every overlap.
  return read_fragments(db->exec(k_fragment_columns + "WHERE camera_id = $1 AND stream = $2 AND start_ms >= $3 "
                                                      "AND start_ms < $4 AND start_ms + duration_ms > $5 "
                                                      "ORDER BY start_ms",
                                 {camera_id, stream, t0_ms - 60'000, t1_ms, t0_ms}));
}

std::vector<ChunkRecord> PostgresDatabase::chunks_ended_before(std::int64_t camera_id, std::int64_t end_before_ms) {
  auto db = session();
  return read_chunks(
      db->exec(k_chunk_columns + "WHERE camera_id = $1 AND end_ms < $2 ORDER BY start_ms", {camera_id, end_before_ms}));
}

std::vector<ChunkRecord> PostgresDatabase::oldest_chunks(std::int64_t storage_dir_id, std::int64_t limit) {
  auto db = session();
  return read_chunks(
      db->exec(k_chunk_columns + "WHERE storage_dir_id = $1 ORDER BY start_ms, id LIMIT $2", {storage_dir_id, limit}));
}

std::int64_t PostgresDatabase::recorded_bytes(std::int64_t storage_dir_id) {
  auto db = session();
  return db
      ->exec("SELECT COALESCE(SUM(size_bytes), 0) FROM recording_chunks WHERE storage_dir_id = $1", {storage_dir_id})
      .integer(0, 0);
}

void PostgresDatabase::delete_chunk(std::int64_t chunk_id) {
  in_transaction([&] {
    auto db = session();
    db->exec("DELETE FROM recording_fragments WHERE chunk_id = $1", {chunk_id});
    db->exec("DELETE FROM recording_chunks WHERE id = $1", {chunk_id});
  });
}

std::optional<ChunkRecord> PostgresDatabase::find_chunk(std::int64_t chunk_id) {
  auto db = session();
  auto chunks = read_chunks(db->exec(k_chunk_columns + "WHERE id = $1", {chunk_id}));
  if (chunks.empty())
    return std::nullopt;
  return chunks.front();
}

std::vector<RecordedRange> PostgresDatabase::recorded_ranges(std::int64_t camera_id, std::string_view stream,
                                                             std::int64_t t0_ms, std::int64_t t1_ms,
                                                             std::int64_t max_gap_ms) {
  auto db = session();
  // The recorder starts a new chunk at every gap, so chunk rows are the recorded ranges; touching ones are merged.
  auto rows = db->exec("SELECT start_ms, end_ms FROM recording_chunks WHERE camera_id = $1 AND stream = $2 "
                       "AND start_ms < $3 AND end_ms > $4 ORDER BY start_ms",
                       {camera_id, stream, t1_ms, t0_ms});
  std::vector<RecordedRange> out;
  for (int i = 0; i < rows.size(); ++i) {
    auto start_ms = rows.integer(i, 0);
    auto end_ms = rows.integer(i, 1);
    if (end_ms <= start_ms)
      continue; // a chunk whose fragments are not indexed yet
    if (!out.empty() && start_ms - out.back().end_ms <= max_gap_ms)
      out.back().end_ms = std::max(out.back().end_ms, end_ms);
    else
      out.push_back({start_ms, end_ms});
  }
  return out;
}

std::optional<FragmentRecord> PostgresDatabase::first_fragment_from(std::int64_t camera_id, std::string_view stream,
                                                                    std::int64_t from_ms) {
  auto db = session();
  return first_fragment(db->exec(k_fragment_columns + "WHERE camera_id = $1 AND stream = $2 AND start_ms >= $3 "
                                                      "ORDER BY start_ms LIMIT 1",
                                 {camera_id, stream, from_ms}));
}

std::optional<FragmentRecord> PostgresDatabase::last_fragment(std::int64_t camera_id, std::string_view stream) {
  auto db = session();
  return first_fragment(db->exec(k_fragment_columns + "WHERE camera_id = $1 AND stream = $2 "
                                                      "ORDER BY start_ms DESC LIMIT 1",
                                 {camera_id, stream}));
}

} // namespace argus::store
