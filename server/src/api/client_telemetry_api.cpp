// The portal's memory reports (spec 02 §7): POST /manage/video/client_memory_telemetry, sent every 1,805,000 ms while
// a wall page is open. The report is stored with the session's user and organization; the user.id and orgId the
// client claims are kept only as reported values and decide nothing. A networkId must be a network whose content the
// caller may see (404/403 like every network call). Bodies over 8 KiB answer 413, malformed or mistyped ones 400, a
// second report of a session within a minute 429 with Retry-After, a full telemetry queue 503; nothing is stored on any
// refusal. services::TelemetryWriter stores the report off the HTTP thread; reports older than 30 days are dropped as
// new ones arrive (docs/design/walls.md "Memory telemetry").
#include <chrono>
#include <cmath>
#include <optional>

#include "api/api_routes.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "services/report_limiter.hpp"
#include "services/telemetry/telemetry_writer.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::size_t k_max_body_bytes = 8 * 1024;
constexpr std::size_t k_max_text = 128;
constexpr std::int64_t k_keep_ms = 30LL * 24 * 3600 * 1000;
//! Exactly representable in a double (JavaScript's numbers); larger heap sizes or times are certainly wrong.
constexpr double k_max_number = 9007199254740991.0;

[[noreturn]] void bad(const std::string& message) {
  throw Error(Error::Kind::invalid_input, message);
}

const nlohmann::json* member(const nlohmann::json& object, const char* name) {
  auto it = object.find(name);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

const nlohmann::json& required_object(const nlohmann::json& body, const char* name) {
  const auto* value = member(body, name);
  if (!value || !value->is_object())
    bad(std::string(name) + " must be an object");
  return *value;
}

std::optional<std::string> optional_text(const nlohmann::json& object, const char* parent, const char* name) {
  const auto* value = member(object, name);
  if (!value)
    return std::nullopt;
  if (!value->is_string() || value->get_ref<const std::string&>().size() > k_max_text)
    bad(std::string(parent) + "." + name + " must be a string of at most 128 characters");
  return value->get<std::string>();
}

//! A non-negative, finite number (fractions rounded), or nullopt when absent and not required.
std::optional<std::int64_t> number(const nlohmann::json& stats, const char* name, bool required) {
  const auto* value = member(stats, name);
  if (!value) {
    if (required)
      bad(std::string("memoryStats.") + name + " is required");
    return std::nullopt;
  }
  double number = value->is_number() ? value->get<double>() : -1;
  if (!std::isfinite(number) || number < 0 || number > k_max_number)
    bad(std::string("memoryStats.") + name + " must be a non-negative number");
  return std::llround(number);
}

std::optional<bool> flag(const nlohmann::json& stats, const char* name) {
  const auto* value = member(stats, name);
  if (!value)
    return std::nullopt;
  if (!value->is_boolean())
    bad(std::string("memoryStats.") + name + " must be a boolean");
  return value->get<bool>();
}

//! An id sent as a positive integer or a string of digits.
std::optional<std::int64_t> id(const nlohmann::json& object, const char* where, const char* name) {
  const auto* value = member(object, name);
  if (!value)
    return std::nullopt;
  std::string text = value->is_number_unsigned() ? value->dump() : value->is_string() ? value->get<std::string>() : "";
  try {
    return parse_id(text, std::string(where) + "." + name);
  } catch (const Error&) {
    bad(std::string(where) + "." + name + " must be a positive integer id");
  }
}

//! A claimed id kept as reported: a non-negative integer or a string of at most 128 characters.
std::optional<std::string> reported_id(const nlohmann::json& object, const char* where, const char* name) {
  const auto* value = member(object, name);
  if (!value)
    return std::nullopt;
  if (value->is_number_unsigned())
    return value->dump();
  if (!value->is_string() || value->get_ref<const std::string&>().size() > k_max_text)
    bad(std::string(where) + "." + name + " must be an integer or a string of at most 128 characters");
  return value->get<std::string>();
}

store::ClientMemoryTelemetryRecord parse_report(const nlohmann::json& body) {
  store::ClientMemoryTelemetryRecord report;
  const auto& client = required_object(body, "client");
  report.client_os = optional_text(client, "client", "os");
  report.client_os_version = optional_text(client, "client", "osVersion");
  report.client_browser = optional_text(client, "client", "browser");
  report.client_browser_version = optional_text(client, "client", "browserVersion");
  const auto& app = required_object(body, "clientApp");
  report.app_name = optional_text(app, "clientApp", "name");
  report.app_version = optional_text(app, "clientApp", "appVersion");
  const auto& stats = required_object(body, "memoryStats");
  report.total_js_heap_bytes = *number(stats, "totalJSHeapSize", true);
  report.used_js_heap_bytes = *number(stats, "usedJSHeapSize", true);
  report.js_heap_limit_bytes = *number(stats, "jsHeapSizeLimit", true);
  report.snapshot_ms = number(stats, "snapshotTime", false);
  report.video_wall_id = id(stats, "memoryStats", "videoWallId");
  report.is_rotating = flag(stats, "isRotating");
  report.is_fullscreen = flag(stats, "isFullscreen");
  report.reported_org_id = reported_id(stats, "memoryStats", "orgId");
  report.network_id = id(stats, "memoryStats", "networkId");
  if (const auto* user = member(body, "user")) {
    if (!user->is_object())
      bad("user must be an object");
    report.reported_user_id = reported_id(*user, "user", "id");
  }
  return report;
}

http::Response memory_telemetry(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  if (request.body.size() > k_max_body_bytes)
    throw Error(Error::Kind::too_large, "Request body too large (at most 8192 bytes)");
  auto report = parse_report(parse_json_object(request));
  if (report.network_id)
    require_network_content(caller, *report.network_id);
  if (context.memory_reports) {
    if (auto wait_ms = context.memory_reports->acquire(caller.session.token_hash); wait_ms > 0) {
      auto response = http::Response::error(429, "Too many memory reports: at most one a minute per session");
      response.add_header("Retry-After", std::to_string((wait_ms + 999) / 1000));
      return response;
    }
  }
  report.received_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  report.organization_id = caller.org->organization.id;
  report.user_id = caller.user->user.id;
  if (!context.telemetry) {
    context.database.insert_client_memory_telemetry(report, report.received_ms - k_keep_ms);
  } else if (!context.telemetry->offer(report, report.received_ms - k_keep_ms)) {
    auto response = http::Response::error(503, "Telemetry is busy; try again later");
    response.add_header("Retry-After", "60");
    return response;
  }
  return http::Response::no_content();
}

} // namespace

void register_client_telemetry_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("POST", "/manage/video/client_memory_telemetry", memory_telemetry);
}

} // namespace argus::api
