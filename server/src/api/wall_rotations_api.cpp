// Wall rotations (spec 02 §3, §5, §7): GET/POST /api/v1/organizations/{orgId}/camera/videoWallRotations?networkId=
// and PUT/DELETE .../{rotationId}. orgId must be the session's organization (any other answers 404 like a missing
// one); a rotation belongs to one network, and its walls must be walls of that network's list that the caller sees.
// Writes need the write right on the network; a refused write stores nothing (docs/design/walls.md).
#include <algorithm>
#include <set>

#include <spdlog/spdlog.h>

#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "api/wall_requests.hpp"
#include "common/error.hpp"
#include "services/clock.hpp"
#include "services/wall_visibility.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

const char* const k_rotation_not_found = "Rotation not found";

void require_session_organization(const http::Request& request, const SessionContext& caller) {
  if (path_id(request, "orgId") != caller.org->organization.id)
    throw Error(Error::Kind::not_found, "Organization not found");
}

std::int64_t required_network_query(const http::Request& request) {
  auto network_id = query_id(request, "networkId");
  if (!network_id)
    throw Error(Error::Kind::invalid_input, "networkId is required");
  return *network_id;
}

// Ids of the walls in the network's wall list as the caller sees it.
std::set<std::int64_t> visible_wall_ids(ApiContext& context, const SessionContext& caller, std::int64_t network_id) {
  auto stored = context.database.walls_of_organization(caller.org->organization.id);
  std::set<std::int64_t> ids;
  for (const auto& wall : services::walls_listed_in_network(caller.permissions(), *caller.org, network_id, stored))
    ids.insert(wall.wall->id);
  return ids;
}

void require_walls_of_network(ApiContext& context, const SessionContext& caller, std::int64_t network_id,
                              const std::vector<std::int64_t>& wall_ids) {
  auto visible = visible_wall_ids(context, caller, network_id);
  for (std::size_t i = 0; i < wall_ids.size(); ++i) {
    if (!visible.count(wall_ids[i]))
      throw Error(Error::Kind::not_found, "videoWallSequence[" + std::to_string(i) + "]: Video wall not found");
  }
}

// The rotation of the path in the session's organization (and in networkId when the query names one).
store::WallRotationRecord require_rotation(ApiContext& context, const http::Request& request,
                                           const SessionContext& caller) {
  require_session_organization(request, caller);
  auto rotation = context.database.find_wall_rotation(caller.org->organization.id, path_id(request, "rotationId"));
  auto network_id = query_id(request, "networkId");
  if (!rotation || (network_id && *network_id != rotation->network_id))
    throw Error(Error::Kind::not_found, k_rotation_not_found);
  return *rotation;
}

http::Response rotations(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  require_session_organization(request, caller);
  const auto& network = require_network_content(caller, required_network_query(request));
  auto visible = visible_wall_ids(context, caller, network.id);
  auto out = nlohmann::json::array();
  for (const auto& rotation : context.database.wall_rotations_of_network(caller.org->organization.id, network.id)) {
    std::vector<std::int64_t> shown;
    std::copy_if(rotation.wall_ids.begin(), rotation.wall_ids.end(), std::back_inserter(shown),
                 [&](std::int64_t wall_id) { return visible.count(wall_id) > 0; });
    out.push_back(wall_rotation_json(rotation, shown));
  }
  return http::Response::json(out);
}

http::Response create_rotation(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  require_session_organization(request, caller);
  const auto& network = require_writable_network(caller, required_network_query(request));
  auto body = rotation_body_from_json(parse_json_object(request));
  require_walls_of_network(context, caller, network.id, body.wall_ids);
  store::WallRotationRecord rotation;
  rotation.organization_id = caller.org->organization.id;
  rotation.network_id = network.id;
  rotation.name = body.name;
  rotation.wait_duration_s = body.wait_duration_s;
  rotation.created_by_user_id = caller.user->user.id;
  rotation.created_ms = services::system_now_ms();
  rotation.updated_ms = rotation.created_ms;
  rotation.wall_ids = body.wall_ids;
  rotation.id = context.database.insert_wall_rotation(rotation);
  spdlog::info("rotation {} created in network {} by user {}", rotation.id, network.id, caller.user->user.id);
  return http::Response::json(wall_rotation_json(rotation, rotation.wall_ids), 201);
}

http::Response edit_rotation(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto rotation = require_rotation(context, request, caller);
  require_writable_network(caller, rotation.network_id);
  auto body = rotation_body_from_json(parse_json_object(request));
  require_walls_of_network(context, caller, rotation.network_id, body.wall_ids);
  rotation.name = body.name;
  rotation.wait_duration_s = body.wait_duration_s;
  rotation.wall_ids = body.wall_ids;
  rotation.updated_ms = services::system_now_ms();
  if (!context.database.update_wall_rotation(rotation))
    throw Error(Error::Kind::not_found, k_rotation_not_found);
  spdlog::info("rotation {} edited by user {}", rotation.id, caller.user->user.id);
  return http::Response::json(wall_rotation_json(rotation, rotation.wall_ids));
}

http::Response delete_rotation(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto rotation = require_rotation(context, request, caller);
  require_writable_network(caller, rotation.network_id);
  if (!context.database.delete_wall_rotation(rotation.organization_id, rotation.id))
    throw Error(Error::Kind::not_found, k_rotation_not_found);
  spdlog::info("rotation {} deleted by user {}", rotation.id, caller.user->user.id);
  return http::Response::no_content();
}

} // namespace

void register_wall_rotation_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  const std::string collection = "/api/v1/organizations/{orgId}/camera/videoWallRotations";
  routes.add_session("GET", collection, rotations);
  routes.add_session("POST", collection, create_rotation);
  routes.add_session("PUT", collection + "/{rotationId}", edit_rotation);
  routes.add_session("DELETE", collection + "/{rotationId}", delete_rotation);
}

} // namespace argus::api
