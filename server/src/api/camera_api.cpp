// The camera list of a network (the hot path: answers are rendered once per snapshot, caller and field set), floor
// plans of a network and their images.
#include <algorithm>
#include <set>

#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "demo/demo_seeder.hpp"

namespace argus::api {
namespace {

const std::set<std::string, std::less<>> k_camera_fields = {"id",
                                                            "network_id",
                                                            "organization_id",
                                                            "mac",
                                                            "serial",
                                                            "model",
                                                            "name",
                                                            "notes",
                                                            "tags",
                                                            "status",
                                                            "type",
                                                            "imager_count",
                                                            "ip",
                                                            "local_lan_address",
                                                            "has_cloud_archive",
                                                            "is_demo",
                                                            "position",
                                                            "floorplan_id",
                                                            "product_short_description",
                                                            "channel",
                                                            "config",
                                                            "permissions",
                                                            "video_codec",
                                                            "browser_playable",
                                                            "sub_video_codec",
                                                            "sub_browser_playable",
                                                            "offline_reason",
                                                            "offline_since_ms",
                                                            "recording_problem"};

// The requested field set, validated and normalised (sorted, unique, comma-joined); "" means every field.
std::string normalised_fields(const http::Request& request) {
  auto fields = request.query_param("fields");
  if (!fields)
    return {};
  auto items = split_list(*fields);
  if (items.empty())
    throw Error(Error::Kind::invalid_input, "fields must name at least one camera field");
  std::set<std::string> unique;
  for (auto& item : items) {
    if (!k_camera_fields.count(item))
      throw Error(Error::Kind::invalid_input, "Unknown camera field: " + item);
    unique.insert(std::move(item));
  }
  std::string joined;
  for (const auto& item : unique)
    joined += (joined.empty() ? "" : ",") + item;
  return joined;
}

std::string render_cameras(const SessionContext& caller, const store::NetworkRecord& network,
                           const std::string& fields) {
  auto wanted = split_list(fields);
  const auto& permissions = caller.permissions();
  auto out = nlohmann::json::array();
  for (const auto* camera : caller.org->cameras_of(network.id)) {
    auto rights = permissions.camera_rights(network, *camera);
    if (!services::any_right(rights))
      continue;
    auto full = camera_json(*camera, rights);
    if (wanted.empty()) {
      out.push_back(std::move(full));
      continue;
    }
    auto subset = nlohmann::json::object();
    for (const auto& field : wanted)
      subset[field] = full[field];
    out.push_back(std::move(subset));
  }
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

http::Response cameras(const http::Request& request, const SessionContext& caller) {
  const auto& network = require_network_content(caller, path_id(request, "networkId"));
  std::string fields = normalised_fields(request);
  std::string key =
      "cameras:" + std::to_string(caller.user->generation) + ":" + std::to_string(network.id) + ":" + fields;
  http::Response response;
  response.content_type = "application/json; charset=utf-8";
  response.body = caller.org->rendered(key, [&] { return render_cameras(caller, network, fields); });
  return response;
}

http::Response floor_plans(const http::Request& request, const SessionContext& caller) {
  const auto& network = require_network_content(caller, path_id(request, "id"));
  const auto& permissions = caller.permissions();
  auto out = nlohmann::json::array();
  for (const auto& plan : caller.org->floor_plans) {
    if (plan.network_id != network.id)
      continue;
    std::vector<std::int64_t> node_ids;
    for (const auto* camera : caller.org->cameras_of(network.id)) {
      if (camera->placement && camera->placement->floor_plan_id == plan.id &&
          services::any_right(permissions.camera_rights(network, *camera))) {
        node_ids.push_back(camera->id);
      }
    }
    out.push_back(floor_plan_json(plan, node_ids, request.shard_id));
  }
  return http::Response::json(out);
}

std::string image_content_type(const std::string& extension) {
  if (extension == "svg")
    return "image/svg+xml";
  if (extension == "png")
    return "image/png";
  if (extension == "jpg" || extension == "jpeg")
    return "image/jpeg";
  return "application/octet-stream";
}

http::Response floor_plan_image(const ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto* plan = caller.org->floor_plan(path_id(request, "floorPlanId"));
  if (!plan)
    throw Error(Error::Kind::not_found, "Floor plan not found");
  require_network_content(caller, plan->network_id);
  auto path = demo::DemoSeeder::floor_plan_dir(context.data_dir) / plan->image_file_name;
  if (plan->image_file_name.find('/') != std::string::npos || !std::filesystem::is_regular_file(path)) {
    throw Error(Error::Kind::not_found, "Floor plan image not found");
  }
  http::Response response;
  response.content_type = image_content_type(plan->image_extension);
  response.file = http::FileBody{path, 0, std::nullopt};
  response.add_header("Cache-Control", "private, max-age=31536000, immutable");
  response.add_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  return response;
}

} // namespace

void register_camera_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session("GET", "/n/{networkId}/manage/vision/cameras", cameras);
  routes.add_session("GET", "/node_groups/{id}/floorplans", floor_plans);
  routes.add_session("GET", "/floorplans/{floorPlanId}/image",
                     [&context](http::Request& request, const SessionContext& caller) {
                       return floor_plan_image(context, request, caller);
                     });
}

} // namespace argus::api
