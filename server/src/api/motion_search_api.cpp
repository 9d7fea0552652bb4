// Motion search (spec 03 §7, docs/design/motion.md): GET /n/{networkId}/manage/cameras/motion_search finds the
// consolidated motion events of one camera in a time range and region, and GET .../motion_recap/{id}.jpg serves the
// timeline's recap images (the search telemetry is motion_telemetry_api.cpp). Both need the historical right on the
// camera (camera_media_access); a camera of another organization or network is 404. Event images of the motion and event searches are the recorded frames of their peak moments, served by the
// camera's snapshot endpoint at a time (`snapshot.jpg?ts_ms=`, live_api.cpp).
#include <filesystem>

#include <nlohmann/json.hpp>

#include "analytics/motion_search.hpp"
#include "analytics/sensitivity.hpp"
#include "api/api_routes.hpp"
#include "api/camera_media_access.hpp"
#include "api/event_object_views.hpp"
#include "api/json_views.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_max_range_s = 96 * 3600;
constexpr std::int64_t k_max_min_duration_ms = 30'000;
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

struct SearchParameters {
  std::int64_t camera_id = 0;
  analytics::MotionQuery query;
  std::optional<analytics::Roi> roi;
  ObjectFilters objects;
};

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
  if (query.end_s - query.start_s > k_max_range_s)
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

http::Response motion_search(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto network_id = path_id(request, "networkId");
  auto parameters = parse_search(request);
  auto access = require_camera_media(caller, std::to_string(parameters.camera_id), MediaRight::historical);
  if (access.network->id != network_id)
    throw Error(Error::Kind::not_found, k_camera_not_found);
  auto grid = analytics::grid_for_camera(*access.camera);
  auto& query = parameters.query;
  query.camera_id = access.camera->id;
  if (context.motion_max_event_s)
    query.rules.max_event_s = *context.motion_max_event_s;
  query.roi = parameters.roi.value_or(analytics::Roi::whole(grid));
  if (!query.roi.fits(grid)) {
    bad("roi must be at least 1x1 and inside the " + std::to_string(grid.cols) + "x" + std::to_string(grid.rows) +
        " grid");
  }
  analytics::MotionSearch search(context.database);
  auto found = with_objects(search.run(query, grid),
                            context.database.object_tracks_in_range({query.camera_id}, query.start_s * 1000,
                                                                    query.end_s * 1000, {}),
                            parameters.objects);
  auto shard = "/n" + std::to_string(request.shard_id);
  auto camera = std::to_string(access.camera->id);
  std::function<std::string(std::int64_t)> image_url;
  if (query.images == analytics::EventImages::recaps) {
    auto prefix = shard + "/n/" + std::to_string(network_id) + "/manage/cameras/" + camera + "/motion_recap/";
    image_url = [prefix](std::int64_t recap_id) { return prefix + std::to_string(recap_id) + ".jpg"; };
  } else {
    // The client adds &width= for the size it shows (docs/design/motion.md "Event images").
    auto prefix = shard + "/cameras/" + camera + "/snapshot.jpg?ts_ms=";
    image_url = [prefix](std::int64_t ts_ms) { return prefix + std::to_string(ts_ms); };
  }
  auto answer = motion_search_json(found.events, access.camera->id, grid, image_url);
  add_object_fields(answer, found, access.camera->id, parameters.objects.include_attributes);
  auto response = http::Response::json(std::move(answer));
  response.add_header("Cache-Control", "no-cache");
  return response;
}

http::Response motion_recap(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto network_id = path_id(request, "networkId");
  auto access = require_camera_media(caller, request, MediaRight::historical);
  if (access.network->id != network_id)
    throw Error(Error::Kind::not_found, k_camera_not_found);
  const auto& file = request.param("imageFile");
  constexpr std::string_view suffix = ".jpg";
  bool named = file.size() > suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0;
  auto digits = named ? std::string_view(file).substr(0, file.size() - suffix.size()) : std::string_view{};
  if (!named || digits.front() == '0')
    bad("imageId must be {id}.jpg");
  auto recap = context.database.find_motion_recap(access.camera->id, parse_id(digits, "imageId"));
  auto path = recap ? context.data_dir / recap->file_path : std::filesystem::path{};
  std::error_code error;
  if (!recap || !std::filesystem::is_regular_file(path, error))
    throw Error(Error::Kind::not_found, "Image not found");
  http::Response response;
  response.content_type = "image/jpeg";
  response.file = http::FileBody{path, 0, std::nullopt};
  response.add_header("Cache-Control", "private, max-age=86400");
  return response;
}

} // namespace

void register_motion_search_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("GET", "/n/{networkId}/manage/cameras/motion_search", motion_search);
  routes.add_session("GET", "/n/{networkId}/manage/cameras/{cameraId}/motion_recap/{imageFile}", motion_recap);
}

} // namespace argus::api
