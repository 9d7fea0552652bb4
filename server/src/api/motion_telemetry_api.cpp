// Motion search telemetry (spec 03 §7; docs/design/search.md "Motion search telemetry"). POST
// /manage/video/motion_search_telemetry takes the portal's batch (sent 5 minutes after a search): every field is
// checked, the batch is stored with the session's user and organization by services::TelemetryWriter off the
// HTTP thread, and the ids an event names are kept as reported, deciding nothing. Bounded: 256 KiB and 500 events a
// batch, one batch per session every 10 s (429), a full writer queue 503. GET /api/v1/organizations/{orgId}/
// motionSearchTelemetry/summary gives the organization's org-write administrators searches, users, result counts and
// durations per UTC day.
#include <cmath>

#include <nlohmann/json.hpp>

#include "api/api_routes.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "media/history_playlist.hpp"
#include "services/report_limiter.hpp"
#include "services/telemetry/motion_telemetry_summary.hpp"
#include "services/telemetry/telemetry_writer.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::size_t k_max_body_bytes = 256 * 1024;
constexpr std::size_t k_max_telemetry_events = 500;
constexpr std::size_t k_max_text = 200;
constexpr std::int64_t k_busy_retry_ms = 60'000;
constexpr std::int64_t k_default_days = 30;
constexpr std::int64_t k_max_days = 90;
constexpr std::int64_t k_day_ms = 24LL * 3600 * 1000;
//! Enough for 90 days of a busy organization; a summary never reads more.
constexpr std::int64_t k_max_samples = 1'000'000;

[[noreturn]] void bad(const std::string& message) {
  throw Error(Error::Kind::invalid_input, message);
}

// Telemetry: the shape of spec 03 §7; a field may be absent or null, otherwise it must have its type.
template <typename T> std::optional<T> field(const nlohmann::json& item, const char* name, std::size_t index) {
  auto it = item.find(name);
  if (it == item.end() || it->is_null())
    return std::nullopt;
  auto where = "telemetryEvents[" + std::to_string(index) + "]." + name;
  if constexpr (std::is_same_v<T, bool>) {
    if (!it->is_boolean())
      bad(where + " must be a boolean");
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    if (!it->is_number_integer())
      bad(where + " must be an integer");
  } else if constexpr (std::is_same_v<T, double>) {
    if (!it->is_number())
      bad(where + " must be a number");
  } else {
    if (!it->is_string() || it->get<std::string>().size() > k_max_text)
      bad(where + " must be a string of at most 200 characters");
  }
  return it->get<T>();
}

std::string client_text(const nlohmann::json& client, const char* name) {
  auto it = client.find(name);
  if (it == client.end() || !it->is_string() || it->get<std::string>().size() > k_max_text)
    bad(std::string("clientApp.") + name + " must be a string of at most 200 characters");
  return it->get<std::string>();
}

//! A checked batch with the session's user and organization; throws invalid_input naming the first bad field.
std::vector<store::MotionTelemetryRecord> parse_batch(const nlohmann::json& body, const SessionContext& caller,
                                                      std::int64_t now_ms) {
  auto client = body.find("clientApp");
  if (client == body.end() || !client->is_object())
    bad("clientApp must be an object");
  auto name = client_text(*client, "name");
  auto version = client_text(*client, "appVersion");
  auto events = body.find("telemetryEvents");
  if (events == body.end() || !events->is_array())
    bad("telemetryEvents must be an array");
  if (events->size() > k_max_telemetry_events)
    bad("telemetryEvents must hold at most 500 events");
  std::vector<store::MotionTelemetryRecord> records;
  for (std::size_t i = 0; i < events->size(); ++i) {
    const auto& item = (*events)[i];
    if (!item.is_object())
      bad("telemetryEvents[" + std::to_string(i) + "] must be an object");
    store::MotionTelemetryRecord record;
    record.received_ms = now_ms;
    record.user_id = caller.user->user.id;
    record.organization_id = caller.org->organization.id;
    record.client_name = name;
    record.client_version = version;
    record.camera_id = field<std::int64_t>(item, "cameraId", i);
    record.network_id = field<std::int64_t>(item, "networkId", i);
    record.search_duration = field<double>(item, "searchDuration", i);
    record.result_count = field<std::int64_t>(item, "resultCount", i);
    record.with_people = field<bool>(item, "withPeople", i);
    record.with_vehicles = field<bool>(item, "withVehicles", i);
    record.with_nightmode = field<bool>(item, "withNightmode", i);
    record.include_attributes = field<bool>(item, "includeAttributes", i);
    record.feature = field<std::string>(item, "feature", i);
    // An event id may be a string or a number.
    if (auto id = item.find("eventId"); id != item.end() && id->is_number())
      record.event_id = id->dump();
    else
      record.event_id = field<std::string>(item, "eventId", i);
    record.start_time = field<double>(item, "startTime", i);
    record.end_time = field<double>(item, "endTime", i);
    records.push_back(std::move(record));
  }
  return records;
}

http::Response retry_later(int status, const std::string& message, std::int64_t wait_ms) {
  auto response = http::Response::error(status, message);
  response.add_header("Retry-After", std::to_string((wait_ms + 999) / 1000));
  return response;
}

http::Response store_batch(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  if (request.body.size() > k_max_body_bytes)
    throw Error(Error::Kind::too_large, "Request body too large (at most 262144 bytes)");
  auto records = parse_batch(parse_json_object(request), caller, context.now_ms());
  if (context.motion_telemetry_batches) {
    if (auto wait_ms = context.motion_telemetry_batches->acquire(caller.session.token_hash); wait_ms > 0)
      return retry_later(429, "Too many telemetry batches: at most one every 10 seconds per session", wait_ms);
  }
  if (!records.empty()) {
    if (!context.telemetry)
      context.database.insert_motion_telemetry(records);
    else if (!context.telemetry->offer(std::move(records)))
      return retry_later(503, "Telemetry is busy; try again later", k_busy_retry_ms);
  }
  return http::Response::json({{"success", true}});
}

//! The date of a UTC day start, YYYY-MM-DD.
std::string utc_date(std::int64_t day_start_ms) {
  return media::iso8601_utc_ms(day_start_ms).substr(0, 10);
}

nlohmann::json optional_number(const std::optional<double>& value) {
  return value ? nlohmann::json(std::round(*value * 10) / 10) : nlohmann::json(nullptr);
}

nlohmann::json figures_json(const services::MotionTelemetryFigures& figures) {
  return {{"searches", figures.searches},
          {"users", figures.users},
          {"meanResultCount", optional_number(figures.mean_result_count)},
          {"zeroResultSearches", figures.zero_result_searches},
          {"medianDurationMs", optional_number(figures.median_duration_ms)},
          {"p95DurationMs", optional_number(figures.p95_duration_ms)}};
}

http::Response summary(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto organization_id = caller_administering_org(context, caller, path_id(request, "orgId")).org->organization.id;
  std::int64_t days = k_default_days;
  if (auto text = request.query_param("days"); text && !text->empty()) {
    days = text->size() <= 2 && text->find_first_not_of("0123456789") == std::string::npos ? std::stoll(*text) : 0;
    if (days < 1 || days > k_max_days)
      bad("days must be an integer from 1 to 90");
  }
  auto now = context.now_ms();
  auto first_day_ms = services::utc_day_start_ms(now) - (days - 1) * k_day_ms;
  auto samples = context.database.motion_telemetry_since(organization_id, first_day_ms, k_max_samples);
  auto result = services::summarize_motion_telemetry(samples, static_cast<int>(days), now);
  auto per_day = nlohmann::json::array();
  for (const auto& day : result.days) {
    auto item = figures_json(day.figures);
    item["date"] = utc_date(day.start_ms);
    per_day.push_back(std::move(item));
  }
  auto by_feature = nlohmann::json::array();
  for (const auto& [feature, searches] : result.searches_by_feature)
    by_feature.push_back({{"feature", feature}, {"searches", searches}});
  auto response = http::Response::json({{"days", days},
                                        {"from", utc_date(first_day_ms)},
                                        {"to", utc_date(services::utc_day_start_ms(now))},
                                        {"totals", figures_json(result.totals)},
                                        {"perDay", std::move(per_day)},
                                        {"byFeature", std::move(by_feature)}});
  response.add_header("Cache-Control", "no-cache");
  return response;
}

} // namespace

void register_motion_telemetry_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("POST", "/manage/video/motion_search_telemetry", store_batch);
  routes.add_session("GET", "/api/v1/organizations/{orgId}/motionSearchTelemetry/summary", summary);
}

} // namespace argus::api
