// PostgresDatabase: motion analytics (migration 0004) and the portal's motion search telemetry (0004, 0022): the SQL
// of sqlite_database_motion.cpp and sqlite_database_motion_telemetry.cpp. Seconds and summaries are written together
// in one transaction per batch, so a summary always covers its seconds.
#include <algorithm>
#include <map>
#include <span>
#include <tuple>

#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

const std::string k_summary_columns = "SELECT camera_id, span_s, start_s, seconds, cells FROM motion_summaries ";

MotionSummaryRecord read_summary(const PgResult& rows, int i) {
  return {rows.integer(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.integer(i, 3), rows.bytes(i, 4)};
}

const std::string k_recap_columns = "SELECT id, camera_id, ts_ms, score, file_path FROM motion_recaps ";

MotionRecapRecord read_recap(const PgResult& rows, int i) {
  return {rows.integer(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.integer(i, 3), rows.text(i, 4)};
}

std::optional<std::int64_t> optional_flag(const std::optional<bool>& value) {
  if (!value)
    return std::nullopt;
  return *value ? 1 : 0;
}

} // namespace

void PostgresDatabase::append_motion(const std::vector<MotionSecondRecord>& seconds,
                                     const std::vector<MotionSummaryRecord>& summaries) {
  // One statement per kind for the whole batch. ON CONFLICT may not touch a row twice in one statement, so a second
  // (or a summary) present twice keeps its last value, as when each was its own statement.
  std::map<std::pair<std::int64_t, std::int64_t>, const MotionSecondRecord*> last_second;
  for (const auto& second : seconds)
    last_second[{second.camera_id, second.second_s}] = &second;
  std::vector<std::int64_t> second_cameras, second_times;
  std::vector<std::span<const std::uint8_t>> second_cells;
  for (const auto& [key, second] : last_second) {
    second_cameras.push_back(key.first);
    second_times.push_back(key.second);
    second_cells.emplace_back(second->cells);
  }
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, const MotionSummaryRecord*> last_summary;
  for (const auto& summary : summaries)
    last_summary[{summary.camera_id, summary.span_s, summary.start_s}] = &summary;
  std::vector<std::int64_t> summary_cameras, spans, starts, counts;
  std::vector<std::span<const std::uint8_t>> summary_cells;
  for (const auto& [key, summary] : last_summary) {
    summary_cameras.push_back(summary->camera_id);
    spans.push_back(summary->span_s);
    starts.push_back(summary->start_s);
    counts.push_back(summary->seconds);
    summary_cells.emplace_back(summary->cells);
  }
  in_transaction([&] {
    auto db = session();
    // A camera deleted while its last seconds were queued is skipped rather than failing the whole batch.
    if (!second_cameras.empty()) {
      db->exec("INSERT INTO motion_seconds (camera_id, second_s, cells) SELECT u.camera_id, u.second_s, u.cells "
               "FROM unnest($1::bigint[], $2::bigint[], $3::bytea[]) AS u(camera_id, second_s, cells) "
               "WHERE EXISTS (SELECT 1 FROM cameras WHERE id = u.camera_id) "
               "ON CONFLICT (camera_id, second_s) DO UPDATE SET cells = excluded.cells",
               {PgValue::bigint_array(second_cameras), PgValue::bigint_array(second_times),
                PgValue::bytea_array(second_cells)});
    }
    if (!summary_cameras.empty()) {
      db->exec("INSERT INTO motion_summaries (camera_id, span_s, start_s, seconds, cells) "
               "SELECT u.camera_id, u.span_s, u.start_s, u.seconds, u.cells "
               "FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bytea[]) "
               "AS u(camera_id, span_s, start_s, seconds, cells) "
               "WHERE EXISTS (SELECT 1 FROM cameras WHERE id = u.camera_id) "
               "ON CONFLICT (camera_id, span_s, start_s) DO UPDATE SET seconds = excluded.seconds, "
               "cells = excluded.cells",
               {PgValue::bigint_array(summary_cameras), PgValue::bigint_array(spans), PgValue::bigint_array(starts),
                PgValue::bigint_array(counts), PgValue::bytea_array(summary_cells)});
    }
  });
}

std::optional<MotionSummaryRecord> PostgresDatabase::find_motion_summary(std::int64_t camera_id, std::int64_t span_s,
                                                                         std::int64_t start_s) {
  auto db = session();
  auto rows = db->exec(k_summary_columns + "WHERE camera_id = $1 AND span_s = $2 AND start_s = $3",
                       {camera_id, span_s, start_s});
  if (rows.empty())
    return std::nullopt;
  return read_summary(rows, 0);
}

std::vector<MotionSummaryRecord> PostgresDatabase::motion_summaries(std::int64_t camera_id, std::int64_t span_s,
                                                                    std::int64_t t0_s, std::int64_t t1_s) {
  auto db = session();
  auto rows = db->exec(k_summary_columns + "WHERE camera_id = $1 AND span_s = $2 AND start_s >= $3 AND start_s < $4 "
                                           "ORDER BY start_s",
                       {camera_id, span_s, t0_s, t1_s});
  std::vector<MotionSummaryRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back(read_summary(rows, i));
  return out;
}

void PostgresDatabase::visit_motion_seconds(
    std::int64_t camera_id, std::int64_t t0_s, std::int64_t t1_s,
    const std::function<void(std::int64_t, std::span<const std::uint8_t>)>& visit) {
  PgResult rows = [&] {
    auto db = session();
    return db->exec("SELECT second_s, cells FROM motion_seconds WHERE camera_id = $1 AND second_s >= $2 "
                    "AND second_s < $3 ORDER BY second_s",
                    {camera_id, t0_s, t1_s});
  }(); // the connection goes back before visiting: visit may take its time
  for (int i = 0; i < rows.size(); ++i) {
    auto cells = rows.bytes(i, 1);
    visit(rows.integer(i, 0), cells);
  }
}

std::int64_t PostgresDatabase::insert_motion_recap(const MotionRecapRecord& recap) {
  auto db = session();
  return db
      ->exec("INSERT INTO motion_recaps (camera_id, ts_ms, score, file_path) VALUES ($1, $2, $3, $4) RETURNING id",
             {recap.camera_id, recap.ts_ms, recap.score, recap.file_path})
      .integer(0, 0);
}

std::vector<MotionRecapRecord> PostgresDatabase::motion_recaps_in_range(std::int64_t camera_id, std::int64_t t0_ms,
                                                                        std::int64_t t1_ms) {
  auto db = session();
  auto rows = db->exec(k_recap_columns + "WHERE camera_id = $1 AND ts_ms >= $2 AND ts_ms < $3 ORDER BY ts_ms, id",
                       {camera_id, t0_ms, t1_ms});
  std::vector<MotionRecapRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back(read_recap(rows, i));
  return out;
}

std::optional<MotionRecapRecord> PostgresDatabase::find_motion_recap(std::int64_t camera_id, std::int64_t recap_id) {
  auto db = session();
  auto rows = db->exec(k_recap_columns + "WHERE id = $1 AND camera_id = $2", {recap_id, camera_id});
  if (rows.empty())
    return std::nullopt;
  return read_recap(rows, 0);
}

std::vector<std::string> PostgresDatabase::delete_motion_before(std::int64_t camera_id, std::int64_t before_s) {
  std::vector<std::string> files;
  in_transaction([&] {
    auto db = session();
    db->exec("DELETE FROM motion_seconds WHERE camera_id = $1 AND second_s < $2", {camera_id, before_s});
    db->exec("DELETE FROM motion_summaries WHERE camera_id = $1 AND start_s + span_s <= $2", {camera_id, before_s});
    auto rows = db->exec("DELETE FROM motion_recaps WHERE camera_id = $1 AND ts_ms < $2 RETURNING file_path",
                         {camera_id, before_s * 1000});
    for (int i = 0; i < rows.size(); ++i)
      files.push_back(rows.text(i, 0));
  });
  return files;
}

void PostgresDatabase::insert_motion_telemetry(const std::vector<MotionTelemetryRecord>& events) {
  in_transaction([&] {
    auto db = session();
    for (const auto& event : events) {
      db->exec("INSERT INTO motion_search_telemetry (received_ms, user_id, organization_id, client_name, "
               "client_version, camera_id, network_id, search_duration, result_count, with_people, with_vehicles, "
               "with_nightmode, include_attributes, feature, event_id, start_time, end_time) "
               "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
               {event.received_ms, event.user_id, event.organization_id, event.client_name, event.client_version,
                event.camera_id, event.network_id, event.search_duration, event.result_count,
                optional_flag(event.with_people), optional_flag(event.with_vehicles),
                optional_flag(event.with_nightmode), optional_flag(event.include_attributes), event.feature,
                event.event_id, event.start_time, event.end_time});
    }
  });
}

std::int64_t PostgresDatabase::count_motion_telemetry() {
  auto db = session();
  return db->exec("SELECT COUNT(*) FROM motion_search_telemetry").integer(0, 0);
}

std::vector<MotionTelemetrySample> PostgresDatabase::motion_telemetry_since(std::int64_t organization_id,
                                                                            std::int64_t since_ms, std::int64_t limit) {
  auto db = session();
  auto rows = db->exec("SELECT received_ms, user_id, search_duration, result_count, feature FROM "
                       "motion_search_telemetry WHERE organization_id = $1 AND received_ms >= $2 "
                       "ORDER BY received_ms LIMIT $3",
                       {organization_id, since_ms, std::max<std::int64_t>(limit, 0)});
  std::vector<MotionTelemetrySample> samples;
  for (int i = 0; i < rows.size(); ++i) {
    samples.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.optional_real(i, 2), rows.optional_integer(i, 3),
                       rows.optional_text(i, 4)});
  }
  return samples;
}

std::int64_t PostgresDatabase::delete_motion_telemetry_before(std::int64_t before_ms) {
  auto db = session();
  return db->exec("DELETE FROM motion_search_telemetry WHERE received_ms < $1", {before_ms}).affected_rows();
}

} // namespace argus::store
