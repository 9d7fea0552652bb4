// The portal's event log (spec 02 §7): POST /n/{networkId}/manage/access_logs/log_event records what a user did with a
// camera, e.g. 'screenshot_created' (one call per channel). The channel must belong to a camera of that network that
// the caller may watch (live or historical right); any other channel answers 404 and nothing is stored.
#include <chrono>
#include <cmath>
#include <limits>
#include <set>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

const std::set<std::string, std::less<>> k_known_events = {"screenshot_created"};
//! Times beyond the year 3000 are certainly wrong (seconds).
constexpr double k_max_time_s = 32503680000.0;

std::int64_t positive_integer(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null())
    throw Error(Error::Kind::invalid_input, std::string(field) + " is required");
  // JSON integers only: no strings, booleans or fractions; nlohmann keeps non-negative integers as unsigned.
  std::uint64_t value = it->is_number_unsigned() ? it->get<std::uint64_t>() : 0;
  if (value == 0 || value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    throw Error(Error::Kind::invalid_input, std::string(field) + " must be a positive integer");
  return static_cast<std::int64_t>(value);
}

//! A time in seconds since the epoch (fractions allowed) as milliseconds.
std::int64_t time_ms(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null())
    throw Error(Error::Kind::invalid_input, std::string(field) + " is required");
  if (!it->is_number())
    throw Error(Error::Kind::invalid_input, std::string(field) + " must be a number (seconds since epoch)");
  double seconds = it->get<double>();
  if (!std::isfinite(seconds) || seconds < 0 || seconds > k_max_time_s)
    throw Error(Error::Kind::invalid_input, std::string(field) + " must be a time in seconds since epoch");
  return std::llround(seconds * 1000.0);
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

http::Response log_event(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_network_content(caller, path_id(request, "networkId"));
  auto body = parse_json_object(request);
  auto event = required_string(body, "event");
  if (!k_known_events.count(event))
    throw Error(Error::Kind::invalid_input, "event must be one of: screenshot_created");
  auto channel_id = positive_integer(body, "channel_id");
  auto start_ms = time_ms(body, "start_time");
  auto end_ms = time_ms(body, "end_time");
  if (start_ms > end_ms)
    throw Error(Error::Kind::invalid_input, "start_time must not be after end_time");

  const store::CameraRecord* camera = nullptr;
  for (const auto* candidate : caller.org->cameras_of(network.id)) {
    if (candidate->channel_id == channel_id)
      camera = candidate;
  }
  auto rights = camera ? caller.permissions().camera_rights(network, *camera) : services::Rights{};
  if (!rights.live && !rights.historical)
    throw Error(Error::Kind::not_found, "Channel not found");

  context.database.insert_event({0, caller.org->organization.id, network.id, caller.user->user.id, camera->id,
                                 channel_id, event, start_ms, end_ms, now_ms()});
  log_access(context, request, caller, event, &network, camera);
  return http::Response::json({{"success", true}});
}

} // namespace

void register_event_log_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session(
      "POST", "/n/{networkId}/manage/access_logs/log_event",
      [&context](http::Request& request, const SessionContext& caller) { return log_event(context, request, caller); });
}

} // namespace argus::api
