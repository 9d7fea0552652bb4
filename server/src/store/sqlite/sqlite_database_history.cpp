// SqliteDatabase: read queries of historical playback (availability, file records, chunk files served to players).

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

const std::string k_fragment_columns = "SELECT id, chunk_id, camera_id, stream, start_ms, duration_ms, offset_bytes, "
                                       "size_bytes, keyframe FROM recording_fragments ";

std::optional<FragmentRecord> read_fragment(SqliteStatement& row) {
  if (!row.step())
    return std::nullopt;
  return FragmentRecord{row.integer(0), row.integer(1), row.integer(2), row.text(3),        row.integer(4),
                        row.integer(5), row.integer(6), row.integer(7), row.integer(8) != 0};
}

} // namespace

std::optional<ChunkRecord> SqliteDatabase::find_chunk(std::int64_t chunk_id) {
  std::lock_guard lock(mutex_);
  auto row = connection_->prepare("SELECT id, camera_id, stream, storage_dir_id, file_path, init_segment_id, start_ms, "
                                  "end_ms, size_bytes FROM recording_chunks WHERE id = ?");
  row->bind(1, chunk_id);
  if (!row->step())
    return std::nullopt;
  return ChunkRecord{row->integer(0), row->integer(1), row->text(2),    row->integer(3), row->text(4),
                     row->integer(5), row->integer(6), row->integer(7), row->integer(8)};
}

std::vector<RecordedRange> SqliteDatabase::recorded_ranges(std::int64_t camera_id, std::string_view stream,
                                                           std::int64_t t0_ms, std::int64_t t1_ms,
                                                           std::int64_t max_gap_ms) {
  std::lock_guard lock(mutex_);
  // The recorder starts a new chunk at every gap (media::RecordingStoreOptions::chunk_max_gap_ms), so chunk rows are
  // the recorded ranges: a month is a few thousand rows, not a million fragments. Touching chunks are merged.
  auto row = connection_->prepare("SELECT start_ms, end_ms FROM recording_chunks "
                                  "WHERE camera_id = ? AND stream = ? AND start_ms < ? AND end_ms > ? "
                                  "ORDER BY start_ms");
  row->bind(1, camera_id).bind(2, stream).bind(3, t1_ms).bind(4, t0_ms);
  std::vector<RecordedRange> out;
  while (row->step()) {
    auto start_ms = row->integer(0);
    auto end_ms = row->integer(1);
    if (end_ms <= start_ms)
      continue; // a chunk whose fragments are not indexed yet
    if (!out.empty() && start_ms - out.back().end_ms <= max_gap_ms)
      out.back().end_ms = std::max(out.back().end_ms, end_ms);
    else
      out.push_back({start_ms, end_ms});
  }
  return out;
}

std::optional<FragmentRecord> SqliteDatabase::first_fragment_from(std::int64_t camera_id, std::string_view stream,
                                                                  std::int64_t from_ms) {
  std::lock_guard lock(mutex_);
  auto row = connection_->prepare(k_fragment_columns +
                                  "WHERE camera_id = ? AND stream = ? AND start_ms >= ? ORDER BY start_ms LIMIT 1");
  row->bind(1, camera_id).bind(2, stream).bind(3, from_ms);
  return read_fragment(*row);
}

std::optional<FragmentRecord> SqliteDatabase::last_fragment(std::int64_t camera_id, std::string_view stream) {
  std::lock_guard lock(mutex_);
  auto row =
      connection_->prepare(k_fragment_columns + "WHERE camera_id = ? AND stream = ? ORDER BY start_ms DESC LIMIT 1");
  row->bind(1, camera_id).bind(2, stream);
  return read_fragment(*row);
}

} // namespace argus::store
