// Video walls of a network (spec 02 §3, §7): the read-only list for now. Which walls and tiles a caller sees is
// decided by services::walls_listed_in_network (docs/design/walls.md); creating, editing and deleting walls come later.
#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "services/wall_visibility.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

http::Response walls(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_network_content(caller, path_id(request, "networkId"));
  auto stored = context.database.walls_of_organization(caller.org->organization.id);
  auto out = nlohmann::json::array();
  for (const auto& wall : services::walls_listed_in_network(caller.permissions(), *caller.org, network.id, stored))
    out.push_back(wall_json(wall, request.shard_id));
  return http::Response::json(out);
}

} // namespace

void register_wall_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session(
      "GET", "/n/{networkId}/manage/vision/walls",
      [&context](http::Request& request, const SessionContext& caller) { return walls(context, request, caller); });
}

} // namespace argus::api
