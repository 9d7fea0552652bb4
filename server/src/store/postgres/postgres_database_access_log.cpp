// PostgresDatabase: the organizations' access logs (migration 0016) and the portal's memory reports (0007): the SQL of
// sqlite_database_access_log.cpp and sqlite_database_client_telemetry.cpp. Each insert prunes its table (an
// organization's log to its newest `keep` entries, the reports to the kept window), so both stay bounded.
#include <algorithm>

#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

const std::string k_access_log_columns = "SELECT id, organization_id, time_ms, kind, user_id, user_name, user_email, "
                                         "network_id, network_name, camera_id, camera_name, ip, user_agent, detail "
                                         "FROM access_log ";

AccessLogEntryRecord read_entry(const PgResult& rows, int i) {
  return {rows.integer(i, 0),
          rows.integer(i, 1),
          rows.integer(i, 2),
          rows.text(i, 3),
          rows.optional_integer(i, 4),
          rows.optional_text(i, 5),
          rows.optional_text(i, 6),
          rows.optional_integer(i, 7),
          rows.optional_text(i, 8),
          rows.optional_integer(i, 9),
          rows.optional_text(i, 10),
          rows.text(i, 11),
          rows.text(i, 12),
          rows.optional_text(i, 13)};
}

std::optional<std::int64_t> optional_flag(const std::optional<bool>& value) {
  if (!value)
    return std::nullopt;
  return *value ? 1 : 0;
}

std::optional<bool> flag_from(const std::optional<std::int64_t>& value) {
  if (!value)
    return std::nullopt;
  return *value != 0;
}

} // namespace

std::int64_t PostgresDatabase::insert_access_log_entry(const AccessLogEntryRecord& entry, std::int64_t keep) {
  std::int64_t id = 0;
  in_transaction([&] {
    auto db = session();
    id = db->exec("INSERT INTO access_log (organization_id, time_ms, kind, user_id, user_name, user_email, network_id, "
                  "network_name, camera_id, camera_name, ip, user_agent, detail) "
                  "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
                  {entry.organization_id, entry.time_ms, entry.kind, entry.user_id, entry.user_name, entry.user_email,
                   entry.network_id, entry.network_name, entry.camera_id, entry.camera_name, entry.ip, entry.user_agent,
                   entry.detail})
             .integer(0, 0);
    db->exec("DELETE FROM access_log WHERE organization_id = $1 AND id <= (SELECT id FROM access_log WHERE "
             "organization_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)",
             {entry.organization_id, keep});
  });
  return id;
}

std::vector<AccessLogEntryRecord> PostgresDatabase::access_log_entries(const AccessLogQuery& query) {
  std::vector<PgValue> params{query.organization_id};
  auto next = [&](PgValue value) {
    params.push_back(std::move(value));
    return "$" + std::to_string(params.size());
  };
  std::string sql = k_access_log_columns + "WHERE organization_id = $1";
  if (!query.kinds.empty()) {
    sql += " AND kind IN (";
    for (std::size_t i = 0; i < query.kinds.size(); ++i)
      sql += (i ? ", " : "") + next(query.kinds[i]);
    sql += ")";
  }
  if (query.user_id)
    sql += " AND user_id = " + next(*query.user_id);
  if (query.network_id)
    sql += " AND network_id = " + next(*query.network_id);
  if (query.camera_id)
    sql += " AND camera_id = " + next(*query.camera_id);
  if (query.since_ms)
    sql += " AND time_ms >= " + next(*query.since_ms);
  if (query.until_ms)
    sql += " AND time_ms < " + next(*query.until_ms);
  if (query.before_id)
    sql += " AND id < " + next(*query.before_id);
  sql += " ORDER BY id DESC LIMIT " + next(std::max<std::int64_t>(query.limit, 0));
  auto db = session();
  auto rows = db->exec(sql, params);
  std::vector<AccessLogEntryRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back(read_entry(rows, i));
  return out;
}

std::int64_t PostgresDatabase::access_log_size(std::int64_t organization_id) {
  auto db = session();
  return db->exec("SELECT COUNT(*) FROM access_log WHERE organization_id = $1", {organization_id}).integer(0, 0);
}

std::int64_t PostgresDatabase::insert_client_memory_telemetry(const ClientMemoryTelemetryRecord& report,
                                                              std::int64_t keep_since_ms) {
  std::int64_t id = 0;
  in_transaction([&] {
    auto db = session();
    db->exec("DELETE FROM client_memory_telemetry WHERE received_ms < $1", {keep_since_ms});
    id = db->exec("INSERT INTO client_memory_telemetry (received_ms, organization_id, user_id, network_id, "
                  "video_wall_id, reported_user_id, reported_org_id, client_os, client_os_version, client_browser, "
                  "client_browser_version, app_name, app_version, total_js_heap_bytes, used_js_heap_bytes, "
                  "js_heap_limit_bytes, snapshot_ms, is_rotating, is_fullscreen) VALUES ($1, $2, $3, $4, $5, $6, $7, "
                  "$8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id",
                  {report.received_ms, report.organization_id, report.user_id, report.network_id, report.video_wall_id,
                   report.reported_user_id, report.reported_org_id, report.client_os, report.client_os_version,
                   report.client_browser, report.client_browser_version, report.app_name, report.app_version,
                   report.total_js_heap_bytes, report.used_js_heap_bytes, report.js_heap_limit_bytes,
                   report.snapshot_ms, optional_flag(report.is_rotating), optional_flag(report.is_fullscreen)})
             .integer(0, 0);
  });
  return id;
}

std::vector<ClientMemoryTelemetryRecord> PostgresDatabase::recent_client_memory_telemetry(std::int64_t organization_id,
                                                                                          std::int64_t limit) {
  auto db = session();
  auto rows = db->exec(
      "SELECT id, received_ms, organization_id, user_id, network_id, video_wall_id, reported_user_id, reported_org_id, "
      "client_os, client_os_version, client_browser, client_browser_version, app_name, app_version, "
      "total_js_heap_bytes, used_js_heap_bytes, js_heap_limit_bytes, snapshot_ms, is_rotating, is_fullscreen "
      "FROM client_memory_telemetry WHERE organization_id = $1 ORDER BY id DESC LIMIT $2",
      {organization_id, std::max<std::int64_t>(limit, 0)});
  std::vector<ClientMemoryTelemetryRecord> reports;
  for (int i = 0; i < rows.size(); ++i) {
    ClientMemoryTelemetryRecord report;
    report.id = rows.integer(i, 0);
    report.received_ms = rows.integer(i, 1);
    report.organization_id = rows.integer(i, 2);
    report.user_id = rows.integer(i, 3);
    report.network_id = rows.optional_integer(i, 4);
    report.video_wall_id = rows.optional_integer(i, 5);
    report.reported_user_id = rows.optional_text(i, 6);
    report.reported_org_id = rows.optional_text(i, 7);
    report.client_os = rows.optional_text(i, 8);
    report.client_os_version = rows.optional_text(i, 9);
    report.client_browser = rows.optional_text(i, 10);
    report.client_browser_version = rows.optional_text(i, 11);
    report.app_name = rows.optional_text(i, 12);
    report.app_version = rows.optional_text(i, 13);
    report.total_js_heap_bytes = rows.integer(i, 14);
    report.used_js_heap_bytes = rows.integer(i, 15);
    report.js_heap_limit_bytes = rows.integer(i, 16);
    report.snapshot_ms = rows.optional_integer(i, 17);
    report.is_rotating = flag_from(rows.optional_integer(i, 18));
    report.is_fullscreen = flag_from(rows.optional_integer(i, 19));
    reports.push_back(std::move(report));
  }
  return reports;
}

} // namespace argus::store
