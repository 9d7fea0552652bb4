#include "api/export_requests.hpp"

#include <algorithm>
#include <cmath>

#include "api/export_views.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"

namespace argus::api {
namespace {

[[noreturn]] void invalid(const std::string& message) {
  throw Error(Error::Kind::invalid_input, message);
}

//! A UNIX time in seconds (integer or fractional) as milliseconds.
std::int64_t seconds_field_ms(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || !it->is_number())
    invalid(std::string(field) + " must be a UNIX time in seconds");
  auto seconds = it->get<double>();
  if (!std::isfinite(seconds) || seconds < 0 || seconds > 1e11)
    invalid(std::string(field) + " must be a UNIX time in seconds");
  return std::llround(seconds * 1000);
}

bool flag_field(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  return it != body.end() && ((it->is_boolean() && it->get<bool>()) || (it->is_string() && *it == "true"));
}

std::optional<std::string> dewarp_of(const nlohmann::json& body) {
  nlohmann::json view = nlohmann::json::object();
  for (const char* field : {"x_tilt", "y_roll", "yaw", "z_pan", "width", "height", "perspfov", "phi", "theta", "fov"}) {
    auto it = body.find(field);
    if (it == body.end() || it->is_null())
      continue;
    if (!it->is_number() || !std::isfinite(it->get<double>()))
      invalid(std::string(field) + " must be a number");
    view[field] = *it;
  }
  if (auto it = body.find("isWallMounted"); it != body.end() && it->is_boolean())
    view["isWallMounted"] = *it;
  if (view.empty())
    return std::nullopt;
  return view.dump();
}

//! Absent means now; the past (beyond a few minutes of clock skew) and beyond a month are refused.
std::int64_t schedule_of(const nlohmann::json& body, std::int64_t now) {
  auto it = body.find("scheduledForTs");
  if (it == body.end() || it->is_null())
    return now;
  if (!it->is_number() || !std::isfinite(it->get<double>()))
    invalid("scheduledForTs must be a UNIX time in milliseconds");
  auto at = it->get<double>();
  if (at < static_cast<double>(now - k_export_schedule_past_slack_ms))
    invalid("The schedule time may not be in the past");
  if (at > static_cast<double>(now + k_export_schedule_ahead_ms))
    invalid("The schedule time must be within 1 month from now");
  return std::max<std::int64_t>(std::llround(at), now);
}

} // namespace

std::int64_t positive_id_field(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it != body.end() && it->is_number_integer() && it->get<std::int64_t>() > 0)
    return it->get<std::int64_t>();
  if (it != body.end() && it->is_string())
    return parse_id(it->get<std::string>(), field);
  invalid(std::string(field) + " must be a positive integer");
}

std::optional<std::string> optional_string_field(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null())
    return std::nullopt;
  if (!it->is_string())
    invalid(std::string(field) + " must be a string");
  return it->get<std::string>();
}

ExportRequest export_request_from_json(const nlohmann::json& body, std::int64_t now_ms, std::int64_t imager_count) {
  ExportRequest out;
  if (auto it = body.find("imager_id"); it != body.end() && !it->is_null()) {
    if (!it->is_number_integer() || it->get<std::int64_t>() < 0 || it->get<std::int64_t>() >= imager_count)
      invalid("imager_id must be one of the camera's imagers");
    out.imager_id = it->get<std::int64_t>();
  }
  out.filename = checked_filename(optional_string_field(body, "filename"));
  out.t0_ms = seconds_field_ms(body, "t0");
  out.t1_ms = seconds_field_ms(body, "t1");
  if (out.t1_ms <= out.t0_ms)
    invalid("The end time must be after the start time");
  if (out.t1_ms > now_ms + k_export_future_slack_ms)
    invalid("The end time may not be in the future");
  if (out.t1_ms - out.t0_ms > k_export_max_range_ms)
    invalid("An export may span at most 31 days");
  out.scheduled_for_ms = schedule_of(body, now_ms);
  out.dewarp_json = dewarp_of(body);
  out.skip_duplicate_check = flag_field(body, "skip_duplicate_check");
  return out;
}

} // namespace argus::api
