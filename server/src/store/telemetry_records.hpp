#pragma once
// Rows of the portal's memory reports (migration 0007). Times are UTC milliseconds, heap sizes bytes.
#include <cstdint>
#include <optional>
#include <string>

namespace argus::store {

//! One memory report of a wall page. organization_id and user_id are the session's; the reported_* ids are what the
//! client claimed and are never used to decide anything.
struct ClientMemoryTelemetryRecord {
  std::int64_t id = 0;
  std::int64_t received_ms = 0;
  std::int64_t organization_id = 0;
  std::int64_t user_id = 0;
  std::optional<std::int64_t> network_id;    // a network the caller could see, checked on receipt
  std::optional<std::int64_t> video_wall_id; // as reported
  std::optional<std::string> reported_user_id;
  std::optional<std::string> reported_org_id;
  std::optional<std::string> client_os;
  std::optional<std::string> client_os_version;
  std::optional<std::string> client_browser;
  std::optional<std::string> client_browser_version;
  std::optional<std::string> app_name;
  std::optional<std::string> app_version;
  std::int64_t total_js_heap_bytes = 0;
  std::int64_t used_js_heap_bytes = 0;
  std::int64_t js_heap_limit_bytes = 0;
  std::optional<std::int64_t> snapshot_ms;
  std::optional<bool> is_rotating;
  std::optional<bool> is_fullscreen;
};

} // namespace argus::store
