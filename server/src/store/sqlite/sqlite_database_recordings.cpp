// SqliteDatabase: camera sources and status, storage directories and the recording index (init segments, chunks,
// fragments). The recorder writes fragments in batches through append_recording_index (one transaction per second).

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

const std::string k_init_columns = "SELECT id, camera_id, stream, codec, width, height, browser_playable, file_path, "
                                   "created_ms FROM init_segments ";

InitSegmentRecord read_init_segment(const SqliteStatement& row) {
  return {row.integer(0), row.integer(1),      row.text(2), row.text(3),   row.integer(4),
          row.integer(5), row.integer(6) != 0, row.text(7), row.integer(8)};
}

const std::string k_chunk_columns = "SELECT id, camera_id, stream, storage_dir_id, file_path, init_segment_id, "
                                    "start_ms, end_ms, size_bytes FROM recording_chunks ";

ChunkRecord read_chunk(const SqliteStatement& row) {
  return {row.integer(0), row.integer(1), row.text(2),    row.integer(3), row.text(4),
          row.integer(5), row.integer(6), row.integer(7), row.integer(8)};
}

std::vector<ChunkRecord> read_chunks(SqliteStatement& statement) {
  std::vector<ChunkRecord> out;
  while (statement.step())
    out.push_back(read_chunk(statement));
  return out;
}

const std::string k_fragment_columns = "SELECT id, chunk_id, camera_id, stream, start_ms, duration_ms, offset_bytes, "
                                       "size_bytes, keyframe FROM recording_fragments ";

std::vector<FragmentRecord> read_fragments(SqliteStatement& row) {
  std::vector<FragmentRecord> out;
  while (row.step()) {
    out.push_back({row.integer(0), row.integer(1), row.integer(2), row.text(3), row.integer(4), row.integer(5),
                   row.integer(6), row.integer(7), row.integer(8) != 0});
  }
  return out;
}

} // namespace

std::vector<CameraSourceRecord> SqliteDatabase::camera_sources() {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare("SELECT c.id, c.main_rtsp_url, c.sub_rtsp_url, c.retention_days FROM cameras c "
                           "JOIN networks n ON n.id = c.network_id WHERE ? IS NULL OR n.shard_id = ? ORDER BY c.id");
  statement->bind(1, served_shard()).bind(2, served_shard());
  auto imagers = imager_sources(std::nullopt);
  std::vector<CameraSourceRecord> out;
  while (statement->step()) {
    auto camera_id = statement->integer(0);
    out.push_back({camera_id, statement->optional_text(1), statement->optional_text(2), statement->integer(3),
                   std::move(imagers[camera_id])});
  }
  return out;
}

bool SqliteDatabase::set_camera_source(const CameraSourceRecord& source) {
  std::lock_guard lock(mutex_);
  bool changed = false;
  in_transaction([&] {
    auto statement =
        connection_->prepare("UPDATE cameras SET main_rtsp_url = ?, sub_rtsp_url = ?, retention_days = ? WHERE id = ?");
    statement->bind(1, source.main_rtsp_url).bind(2, source.sub_rtsp_url).bind(3, source.retention_days);
    statement->bind(4, source.camera_id).run();
    changed = statement->changes() > 0;
    if (changed)
      replace_imager_sources(source);
  });
  return changed;
}

bool SqliteDatabase::set_camera_status(std::int64_t camera_id, std::string_view status,
                                       const std::optional<std::string>& offline_reason,
                                       std::optional<std::int64_t> offline_since_ms) {
  std::lock_guard lock(mutex_);
  // The outage keeps the time it began while status and reason stay the same (a restart, a repeated report).
  auto statement = connection_->prepare(
      "UPDATE cameras SET offline_since_ms = CASE WHEN status = ?1 AND offline_reason IS ?2 "
      "AND offline_since_ms IS NOT NULL THEN offline_since_ms ELSE ?3 END, status = ?1, offline_reason = ?2 "
      "WHERE id = ?4");
  statement->bind(1, status).bind(2, offline_reason).bind(3, offline_since_ms).bind(4, camera_id).run();
  return statement->changes() > 0;
}

bool SqliteDatabase::set_recording_problem(std::int64_t camera_id, const std::optional<std::string>& problem) {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare("UPDATE cameras SET recording_problem = ?1 WHERE id = ?2 AND recording_problem IS NOT ?1");
  statement->bind(1, problem).bind(2, camera_id).run();
  return statement->changes() > 0;
}

std::vector<StorageDirRecord> SqliteDatabase::storage_dirs() {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT id, path, recording_quota_bytes FROM storage_dirs ORDER BY id");
  std::vector<StorageDirRecord> out;
  while (statement->step())
    out.push_back({statement->integer(0), statement->text(1), statement->integer(2)});
  return out;
}

void SqliteDatabase::set_storage_quota(std::int64_t storage_dir_id, std::int64_t quota_bytes) {
  std::lock_guard lock(mutex_);
  connection_->prepare("UPDATE storage_dirs SET recording_quota_bytes = ? WHERE id = ?")
      ->bind(1, quota_bytes)
      .bind(2, storage_dir_id)
      .run();
}

std::int64_t SqliteDatabase::insert_init_segment(const InitSegmentRecord& segment) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO init_segments (camera_id, stream, codec, width, height, browser_playable, file_path, "
                "created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, segment.camera_id)
      .bind(2, std::string_view(segment.stream))
      .bind(3, std::string_view(segment.codec))
      .bind(4, segment.width)
      .bind(5, segment.height)
      .bind_bool(6, segment.browser_playable)
      .bind(7, std::string_view(segment.file_path))
      .bind(8, segment.created_ms)
      .run();
  return connection_->last_insert_id();
}

std::optional<InitSegmentRecord> SqliteDatabase::find_init_segment(std::int64_t init_segment_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_init_columns + "WHERE id = ?");
  statement->bind(1, init_segment_id);
  if (!statement->step())
    return std::nullopt;
  return read_init_segment(*statement);
}

std::optional<InitSegmentRecord> SqliteDatabase::latest_init_segment(std::int64_t camera_id, std::string_view stream) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_init_columns + "WHERE camera_id = ? AND stream = ? ORDER BY id DESC LIMIT 1");
  statement->bind(1, camera_id).bind(2, stream);
  if (!statement->step())
    return std::nullopt;
  return read_init_segment(*statement);
}

std::int64_t SqliteDatabase::insert_chunk(const ChunkRecord& chunk) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO recording_chunks (camera_id, stream, storage_dir_id, file_path, init_segment_id, "
                "start_ms, end_ms, size_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, chunk.camera_id)
      .bind(2, std::string_view(chunk.stream))
      .bind(3, chunk.storage_dir_id)
      .bind(4, std::string_view(chunk.file_path))
      .bind(5, chunk.init_segment_id)
      .bind(6, chunk.start_ms)
      .bind(7, chunk.end_ms)
      .bind(8, chunk.size_bytes)
      .run();
  return connection_->last_insert_id();
}

std::vector<ChunkRecord> SqliteDatabase::recent_chunks(std::int64_t per_stream) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      k_chunk_columns + "WHERE id IN (SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY camera_id, stream "
                        "ORDER BY id DESC) AS newest FROM recording_chunks) WHERE newest <= ?) ORDER BY id");
  statement->bind(1, per_stream);
  return read_chunks(*statement);
}

std::vector<ChunkRecord> SqliteDatabase::chunks_in_range(std::int64_t camera_id, std::string_view stream,
                                                         std::int64_t t0_ms, std::int64_t t1_ms) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_chunk_columns + "WHERE camera_id = ? AND stream = ? AND start_ms < ? AND "
                                                          "end_ms > ? ORDER BY start_ms");
  statement->bind(1, camera_id).bind(2, stream).bind(3, t1_ms).bind(4, t0_ms);
  return read_chunks(*statement);
}

void SqliteDatabase::append_recording_index(const std::vector<FragmentRecord>& fragments,
                                            const std::vector<ChunkRecord>& chunk_updates) {
  std::lock_guard lock(mutex_);
  in_transaction([&] {
    for (const auto& fragment : fragments) {
      connection_
          ->prepare("INSERT INTO recording_fragments (chunk_id, camera_id, stream, start_ms, duration_ms, "
                    "offset_bytes, size_bytes, keyframe) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
          ->bind(1, fragment.chunk_id)
          .bind(2, fragment.camera_id)
          .bind(3, std::string_view(fragment.stream))
          .bind(4, fragment.start_ms)
          .bind(5, fragment.duration_ms)
          .bind(6, fragment.offset_bytes)
          .bind(7, fragment.size_bytes)
          .bind_bool(8, fragment.keyframe)
          .run();
    }
    for (const auto& chunk : chunk_updates) {
      connection_->prepare("UPDATE recording_chunks SET end_ms = ?, size_bytes = ? WHERE id = ?")
          ->bind(1, chunk.end_ms)
          .bind(2, chunk.size_bytes)
          .bind(3, chunk.id)
          .run();
    }
  });
}

std::vector<FragmentRecord> SqliteDatabase::fragments_of_chunk(std::int64_t chunk_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_fragment_columns + "WHERE chunk_id = ? ORDER BY offset_bytes");
  statement->bind(1, chunk_id);
  return read_fragments(*statement);
}

std::vector<FragmentRecord> SqliteDatabase::fragments_in_range(std::int64_t camera_id, std::string_view stream,
                                                               std::int64_t t0_ms, std::int64_t t1_ms) {
  std::lock_guard lock(mutex_);
  // A fragment is at most a GOP long, so those starting a minute before t0 cover every overlap.
  auto statement =
      connection_->prepare(k_fragment_columns + "WHERE camera_id = ? AND stream = ? AND start_ms >= ? AND start_ms < ? "
                                                "AND start_ms + duration_ms > ? ORDER BY start_ms");
  statement->bind(1, camera_id).bind(2, stream).bind(3, t0_ms - 60'000).bind(4, t1_ms).bind(5, t0_ms);
  return read_fragments(*statement);
}

std::vector<ChunkRecord> SqliteDatabase::chunks_ended_before(std::int64_t camera_id, std::int64_t end_before_ms) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_chunk_columns + "WHERE camera_id = ? AND end_ms < ? ORDER BY start_ms");
  statement->bind(1, camera_id).bind(2, end_before_ms);
  return read_chunks(*statement);
}

std::vector<ChunkRecord> SqliteDatabase::oldest_chunks(std::int64_t storage_dir_id, std::int64_t limit) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_chunk_columns + "WHERE storage_dir_id = ? ORDER BY start_ms, id LIMIT ?");
  statement->bind(1, storage_dir_id).bind(2, limit);
  return read_chunks(*statement);
}

std::int64_t SqliteDatabase::recorded_bytes(std::int64_t storage_dir_id) {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare("SELECT COALESCE(SUM(size_bytes), 0) FROM recording_chunks WHERE storage_dir_id = ?");
  statement->bind(1, storage_dir_id);
  statement->step();
  return statement->integer(0);
}

void SqliteDatabase::delete_chunk(std::int64_t chunk_id) {
  std::lock_guard lock(mutex_);
  in_transaction([&] {
    connection_->prepare("DELETE FROM recording_fragments WHERE chunk_id = ?")->bind(1, chunk_id).run();
    connection_->prepare("DELETE FROM recording_chunks WHERE id = ?")->bind(1, chunk_id).run();
  });
}

} // namespace argus::store
