#include "api/motion_search_query.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "analytics/sensitivity.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"

namespace argus::api {
namespace {

const char* const k_range_too_long = "Search range must be 96 hours or less";

[[noreturn]] void bad(const std::string& message) {
  throw Error(Error::Kind::invalid_input, message);
}

bool all_digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

//! A required query integer of UNIX seconds.
std::int64_t required_seconds(const http::Request& request, const std::string& name) {
  auto value = request.query_param(name);
  if (!value || value->empty())
    bad(name + " is required");
  if (value->size() > 12 || !all_digits(*value))
    bad(name + " must be a non-negative integer (UNIX seconds)");
  return std::stoll(*value);
}

//! An optional query integer in [min, max].
std::int64_t optional_integer(const http::Request& request, const std::string& name, std::int64_t min, std::int64_t max,
                              std::int64_t fallback) {
  auto value = request.query_param(name);
  if (!value)
    return fallback;
  if (value->size() > 9 || !all_digits(*value) || std::stoll(*value) < min || std::stoll(*value) > max)
    bad(name + " must be an integer from " + std::to_string(min) + " to " + std::to_string(max));
  return std::stoll(*value);
}

bool optional_bool(const http::Request& request, const std::string& name, bool fallback) {
  auto value = request.query_param(name);
  if (!value)
    return fallback;
  if (*value == "true")
    return true;
  if (*value == "false")
    return false;
  bad(name + " must be true or false");
}

//! "x,y,w,h" in grid cells (checked against the grid later).
std::optional<analytics::Roi> optional_roi(const http::Request& request) {
  auto value = request.query_param("roi");
  if (!value)
    return std::nullopt;
  std::vector<int> parts;
  std::string_view text = *value;
  while (true) {
    auto comma = text.find(',');
    auto part = text.substr(0, comma);
    if (part.size() > 4 || !all_digits(part))
      bad("roi must be x,y,w,h in grid cells");
    parts.push_back(std::stoi(std::string(part)));
    if (comma == std::string_view::npos)
      break;
    text.remove_prefix(comma + 1);
  }
  if (parts.size() != 4)
    bad("roi must be x,y,w,h in grid cells");
  return analytics::Roi{parts[0], parts[1], parts[2], parts[3]};
}

} // namespace

SearchParameters parse_search(const http::Request& request) {
  SearchParameters out;
  auto id = request.query_param("id");
  if (!id || id->empty())
    bad("id is required");
  out.camera_id = parse_id(*id, "id");
  auto& query = out.query;
  query.start_s = required_seconds(request, "start");
  query.end_s = required_seconds(request, "end");
  if (query.start_s >= query.end_s)
    bad("start must be less than end");
  if (query.end_s - query.start_s > k_max_search_range_s)
    bad(k_range_too_long);
  out.roi = optional_roi(request);
  query.sensitivity = static_cast<int>(optional_integer(request, "sensitivity", analytics::k_min_sensitivity,
                                                        analytics::k_max_sensitivity, analytics::k_max_sensitivity));
  query.rules.min_duration_ms = optional_integer(request, "min_duration_ms", 0, k_max_min_duration_ms, 0);
  auto with_images = optional_bool(request, "with_images", true);
  query.rules.unconsolidated = optional_bool(request, "unconsolidate_motion", false);
  query.rules.verbose_subevents = optional_bool(request, "verbose_subevents", false);
  // Object filters (docs/design/detection.md "Search"): matched against the tracks that overlap each event.
  out.objects.with_people = optional_bool(request, "with_people", false);
  out.objects.with_vehicles = optional_bool(request, "with_vehicles", false);
  out.objects.with_nightmode = optional_bool(request, "with_nightmode", true);
  out.objects.include_attributes = optional_bool(request, "include_attributes", false);
  if (auto version = request.query_param("version"); version && version->size() > 64)
    bad("version must be at most 64 characters");
  auto feature = request.query_param("feature");
  if (feature && *feature != "event_search" && *feature != "motion_search" && *feature != "timeline")
    bad("feature must be event_search, motion_search or timeline");
  // The timeline's hover previews are small: its recap JPEGs (made while analysing) cost nothing to serve.
  query.images = !with_images                        ? analytics::EventImages::none
                 : feature && *feature == "timeline" ? analytics::EventImages::recaps
                                                     : analytics::EventImages::peak_frames;
  return out;
}

} // namespace argus::api
