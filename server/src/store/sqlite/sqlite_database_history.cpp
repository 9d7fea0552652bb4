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
  // Only the fragments that open or close a range leave SQLite: one row per boundary, not per fragment. A fragment
  // is at most a GOP (cut at 10 s) long, so those starting a minute before t0 cover every overlap.
  auto row = connection_->prepare(
      "SELECT start_ms, end_ms, prev_end IS NULL OR start_ms - prev_end > ?1, "
      "next_start IS NULL OR next_start - end_ms > ?1 FROM ("
      "  SELECT start_ms, start_ms + duration_ms AS end_ms, LAG(start_ms + duration_ms) OVER w AS prev_end, "
      "         LEAD(start_ms) OVER w AS next_start FROM recording_fragments "
      "  WHERE camera_id = ?2 AND stream = ?3 AND start_ms >= ?4 AND start_ms < ?5 AND start_ms + duration_ms > ?6 "
      "  WINDOW w AS (ORDER BY start_ms)) "
      "WHERE prev_end IS NULL OR start_ms - prev_end > ?1 OR next_start IS NULL OR next_start - end_ms > ?1 "
      "ORDER BY start_ms");
  row->bind(1, max_gap_ms).bind(2, camera_id).bind(3, stream).bind(4, t0_ms - 60'000).bind(5, t1_ms).bind(6, t0_ms);
  std::vector<RecordedRange> out;
  bool open = false;
  while (row->step()) {
    auto start_ms = row->integer(0);
    auto end_ms = row->integer(1);
    if (row->integer(2) != 0 || !open) {
      out.push_back({start_ms, end_ms});
      open = true;
    }
    out.back().end_ms = std::max(out.back().end_ms, end_ms);
    if (row->integer(3) != 0)
      open = false;
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
