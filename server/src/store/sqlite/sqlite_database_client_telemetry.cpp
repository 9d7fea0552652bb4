// SqliteDatabase: the portal's memory reports (migration 0007). Each insert first drops the reports older than the
// kept window, so the table stays bounded without a separate job.
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

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

std::int64_t SqliteDatabase::insert_client_memory_telemetry(const ClientMemoryTelemetryRecord& report,
                                                            std::int64_t keep_since_ms) {
  std::lock_guard lock(mutex_);
  std::int64_t id = 0;
  in_transaction([&] {
    auto prune = connection_->prepare("DELETE FROM client_memory_telemetry WHERE received_ms < ?");
    prune->bind(1, keep_since_ms).run();
    auto statement = connection_->prepare(
        "INSERT INTO client_memory_telemetry (received_ms, organization_id, user_id, network_id, video_wall_id, "
        "reported_user_id, reported_org_id, client_os, client_os_version, client_browser, client_browser_version, "
        "app_name, app_version, total_js_heap_bytes, used_js_heap_bytes, js_heap_limit_bytes, snapshot_ms, "
        "is_rotating, is_fullscreen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    statement->bind(1, report.received_ms)
        .bind(2, report.organization_id)
        .bind(3, report.user_id)
        .bind(4, report.network_id)
        .bind(5, report.video_wall_id)
        .bind(6, report.reported_user_id)
        .bind(7, report.reported_org_id)
        .bind(8, report.client_os)
        .bind(9, report.client_os_version)
        .bind(10, report.client_browser)
        .bind(11, report.client_browser_version)
        .bind(12, report.app_name)
        .bind(13, report.app_version)
        .bind(14, report.total_js_heap_bytes)
        .bind(15, report.used_js_heap_bytes)
        .bind(16, report.js_heap_limit_bytes)
        .bind(17, report.snapshot_ms)
        .bind(18, optional_flag(report.is_rotating))
        .bind(19, optional_flag(report.is_fullscreen))
        .run();
    id = connection_->last_insert_id();
  });
  return id;
}

std::vector<ClientMemoryTelemetryRecord> SqliteDatabase::recent_client_memory_telemetry(std::int64_t organization_id,
                                                                                        std::int64_t limit) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT id, received_ms, organization_id, user_id, network_id, video_wall_id, reported_user_id, reported_org_id, "
      "client_os, client_os_version, client_browser, client_browser_version, app_name, app_version, "
      "total_js_heap_bytes, used_js_heap_bytes, js_heap_limit_bytes, snapshot_ms, is_rotating, is_fullscreen "
      "FROM client_memory_telemetry WHERE organization_id = ? ORDER BY id DESC LIMIT ?");
  statement->bind(1, organization_id).bind(2, limit);
  std::vector<ClientMemoryTelemetryRecord> reports;
  while (statement->step()) {
    ClientMemoryTelemetryRecord report;
    report.id = statement->integer(0);
    report.received_ms = statement->integer(1);
    report.organization_id = statement->integer(2);
    report.user_id = statement->integer(3);
    report.network_id = statement->optional_integer(4);
    report.video_wall_id = statement->optional_integer(5);
    report.reported_user_id = statement->optional_text(6);
    report.reported_org_id = statement->optional_text(7);
    report.client_os = statement->optional_text(8);
    report.client_os_version = statement->optional_text(9);
    report.client_browser = statement->optional_text(10);
    report.client_browser_version = statement->optional_text(11);
    report.app_name = statement->optional_text(12);
    report.app_version = statement->optional_text(13);
    report.total_js_heap_bytes = statement->integer(14);
    report.used_js_heap_bytes = statement->integer(15);
    report.js_heap_limit_bytes = statement->integer(16);
    report.snapshot_ms = statement->optional_integer(17);
    report.is_rotating = flag_from(statement->optional_integer(18));
    report.is_fullscreen = flag_from(statement->optional_integer(19));
    reports.push_back(std::move(report));
  }
  return reports;
}

} // namespace argus::store
