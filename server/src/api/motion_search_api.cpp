// Motion search (spec 03 §7, docs/design/motion.md): GET /n/{networkId}/manage/cameras/motion_search finds the
// consolidated motion events of one camera in a time range and region, and GET .../motion_recap/{id}.jpg serves the
// timeline's recap images (the search telemetry is motion_telemetry_api.cpp). Both need the historical right on the
// camera (camera_media_access); a camera of another organization or network is 404. Event images of the motion and
// event searches are the recorded frames of their peak moments, served by the camera's snapshot endpoint at a time
// (`snapshot.jpg?ts_ms=`, live_api.cpp).
#include <filesystem>

#include <nlohmann/json.hpp>

#include "analytics/motion_search.hpp"
#include "analytics/sensitivity.hpp"
#include "api/api_routes.hpp"
#include "api/camera_media_access.hpp"
#include "api/event_object_views.hpp"
#include "api/json_views.hpp"
#include "api/motion_search_query.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

[[noreturn]] void bad(const std::string& message) {
  throw Error(Error::Kind::invalid_input, message);
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
  auto found = with_objects(
      search.run(query, grid),
      context.database.object_tracks_in_range({query.camera_id}, query.start_s * 1000, query.end_s * 1000, {}),
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
