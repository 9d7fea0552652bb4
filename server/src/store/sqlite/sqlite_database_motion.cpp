// SqliteDatabase: motion analytics (migration 0004). Seconds and summaries are written together in one transaction
// per batch (analytics::MotionIndexWriter flushes about once a second), so a summary always covers its seconds, and a
// kill -9 loses at most the batch not yet committed.

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

MotionSummaryRecord read_summary(const SqliteStatement& row) {
  auto cells = row.blob(4);
  return {row.integer(0), row.integer(1), row.integer(2), row.integer(3), {cells.begin(), cells.end()}};
}

const std::string k_summary_columns = "SELECT camera_id, span_s, start_s, seconds, cells FROM motion_summaries ";

MotionRecapRecord read_recap(const SqliteStatement& row) {
  return {row.integer(0), row.integer(1), row.integer(2), row.integer(3), row.text(4)};
}

const std::string k_recap_columns = "SELECT id, camera_id, ts_ms, score, file_path FROM motion_recaps ";

} // namespace

void SqliteDatabase::append_motion(const std::vector<MotionSecondRecord>& seconds,
                                   const std::vector<MotionSummaryRecord>& summaries) {
  std::lock_guard lock(mutex_);
  in_transaction([&] {
    for (const auto& second : seconds) {
      // A camera deleted while its last seconds were queued is skipped rather than failing the whole batch.
      connection_
          ->prepare("INSERT OR REPLACE INTO motion_seconds (camera_id, second_s, cells) SELECT ?1, ?2, ?3 "
                    "WHERE EXISTS (SELECT 1 FROM cameras WHERE id = ?1)")
          ->bind(1, second.camera_id)
          .bind(2, second.second_s)
          .bind_blob(3, second.cells)
          .run();
    }
    for (const auto& summary : summaries) {
      connection_
          ->prepare("INSERT OR REPLACE INTO motion_summaries (camera_id, span_s, start_s, seconds, cells) "
                    "SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM cameras WHERE id = ?1)")
          ->bind(1, summary.camera_id)
          .bind(2, summary.span_s)
          .bind(3, summary.start_s)
          .bind(4, summary.seconds)
          .bind_blob(5, summary.cells)
          .run();
    }
  });
}

std::optional<MotionSummaryRecord> SqliteDatabase::find_motion_summary(std::int64_t camera_id, std::int64_t span_s,
                                                                       std::int64_t start_s) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_summary_columns + "WHERE camera_id = ? AND span_s = ? AND start_s = ?");
  statement->bind(1, camera_id).bind(2, span_s).bind(3, start_s);
  if (!statement->step())
    return std::nullopt;
  return read_summary(*statement);
}

std::vector<MotionSummaryRecord> SqliteDatabase::motion_summaries(std::int64_t camera_id, std::int64_t span_s,
                                                                  std::int64_t t0_s, std::int64_t t1_s) {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare(k_summary_columns + "WHERE camera_id = ? AND span_s = ? AND start_s >= ? AND start_s < ? "
                                               "ORDER BY start_s");
  statement->bind(1, camera_id).bind(2, span_s).bind(3, t0_s).bind(4, t1_s);
  std::vector<MotionSummaryRecord> out;
  while (statement->step())
    out.push_back(read_summary(*statement));
  return out;
}

void SqliteDatabase::visit_motion_seconds(
    std::int64_t camera_id, std::int64_t t0_s, std::int64_t t1_s,
    const std::function<void(std::int64_t, std::span<const std::uint8_t>)>& visit) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT second_s, cells FROM motion_seconds WHERE camera_id = ? AND "
                                        "second_s >= ? AND second_s < ? ORDER BY second_s");
  statement->bind(1, camera_id).bind(2, t0_s).bind(3, t1_s);
  while (statement->step())
    visit(statement->integer(0), statement->blob(1));
}

std::int64_t SqliteDatabase::insert_motion_recap(const MotionRecapRecord& recap) {
  std::lock_guard lock(mutex_);
  connection_->prepare("INSERT INTO motion_recaps (camera_id, ts_ms, score, file_path) VALUES (?, ?, ?, ?)")
      ->bind(1, recap.camera_id)
      .bind(2, recap.ts_ms)
      .bind(3, recap.score)
      .bind(4, std::string_view(recap.file_path))
      .run();
  return connection_->last_insert_id();
}

std::vector<MotionRecapRecord> SqliteDatabase::motion_recaps_in_range(std::int64_t camera_id, std::int64_t t0_ms,
                                                                      std::int64_t t1_ms) {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare(k_recap_columns + "WHERE camera_id = ? AND ts_ms >= ? AND ts_ms < ? ORDER BY ts_ms, id");
  statement->bind(1, camera_id).bind(2, t0_ms).bind(3, t1_ms);
  std::vector<MotionRecapRecord> out;
  while (statement->step())
    out.push_back(read_recap(*statement));
  return out;
}

std::optional<MotionRecapRecord> SqliteDatabase::find_motion_recap(std::int64_t camera_id, std::int64_t recap_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_recap_columns + "WHERE id = ? AND camera_id = ?");
  statement->bind(1, recap_id).bind(2, camera_id);
  if (!statement->step())
    return std::nullopt;
  return read_recap(*statement);
}

std::vector<std::string> SqliteDatabase::delete_motion_before(std::int64_t camera_id, std::int64_t before_s) {
  std::lock_guard lock(mutex_);
  std::vector<std::string> files;
  in_transaction([&] {
    connection_->prepare("DELETE FROM motion_seconds WHERE camera_id = ? AND second_s < ?")
        ->bind(1, camera_id)
        .bind(2, before_s)
        .run();
    connection_->prepare("DELETE FROM motion_summaries WHERE camera_id = ? AND start_s + span_s <= ?")
        ->bind(1, camera_id)
        .bind(2, before_s)
        .run();
    auto select = connection_->prepare("SELECT file_path FROM motion_recaps WHERE camera_id = ? AND ts_ms < ?");
    select->bind(1, camera_id).bind(2, before_s * 1000);
    while (select->step())
      files.push_back(select->text(0));
    select.reset();
    connection_->prepare("DELETE FROM motion_recaps WHERE camera_id = ? AND ts_ms < ?")
        ->bind(1, camera_id)
        .bind(2, before_s * 1000)
        .run();
  });
  return files;
}

} // namespace argus::store
