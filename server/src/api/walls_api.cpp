// Video walls of a network (spec 02 §3, §7): the list, and creating, editing and deleting walls. Which walls and tiles
// a caller sees is decided by services::walls_listed_in_network; which cameras a caller may put on a wall by
// services::tiles_for_writing; the limits by services/wall_validation (docs/design/walls.md). Writes need the write
// right on the wall's network and on every network of its cameras; a refused write stores nothing.
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

const char* const k_wall_not_found = "Video wall not found";
const char* const k_wall_has_hidden_tiles = "This wall shows cameras you may not see; it cannot be changed by you";

http::Response walls(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_network_content(caller, path_id(request, "networkId"));
  auto stored = context.database.walls_of_organization(caller.org->organization.id);
  auto out = nlohmann::json::array();
  for (const auto& wall : services::walls_listed_in_network(caller.permissions(), *caller.org, network.id, stored))
    out.push_back(wall_json(wall));
  return http::Response::json(out);
}

// The stored wall as the caller sees it in the network's list (after a write the caller sees every tile).
nlohmann::json stored_wall_json(ApiContext& context, const SessionContext& caller, std::int64_t network_id,
                                std::int64_t wall_id) {
  auto stored = context.database.walls_of_organization(caller.org->organization.id);
  for (const auto& wall : services::walls_listed_in_network(caller.permissions(), *caller.org, network_id, stored)) {
    if (wall.wall->id == wall_id)
      return wall_json(wall);
  }
  throw Error(Error::Kind::not_found, k_wall_not_found);
}

// The new tiles, each a camera the caller sees, on networks where the caller may write.
services::WrittenTiles writable_tiles(const SessionContext& caller, std::int64_t home_network_id,
                                      const std::vector<services::WallTileInput>& inputs) {
  auto written = services::tiles_for_writing(caller.permissions(), *caller.org, home_network_id, inputs);
  for (auto network_id : written.camera_networks)
    require_writable_network(caller, network_id);
  return written;
}

// A wall of the caller's organization shown in the path's network (its home network, or any network for a
// cross-network wall) that the caller may change: 404 otherwise, 403 without the write right on its home network or
// when some of its tiles are hidden from the caller.
store::WallRecord require_writable_wall(ApiContext& context, const SessionContext& caller,
                                        const store::NetworkRecord& network, std::int64_t wall_id) {
  for (auto& wall : context.database.walls_of_organization(caller.org->organization.id)) {
    if (wall.id != wall_id || (wall.network_id != network.id && !wall.is_cross_network))
      continue;
    require_writable_network(caller, wall.network_id);
    if (!services::sees_every_tile(caller.permissions(), *caller.org, wall))
      throw Error(Error::Kind::permission_denied, k_wall_has_hidden_tiles);
    return std::move(wall);
  }
  throw Error(Error::Kind::not_found, k_wall_not_found);
}

http::Response create_wall(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_writable_network(caller, path_id(request, "networkId"));
  auto body = wall_body_from_json(parse_json_object(request));
  auto name = services::validated_wall_name(body.name);
  auto written = writable_tiles(caller, network.id, body.tiles.value_or(std::vector<services::WallTileInput>{}));
  store::WallRecord wall;
  wall.organization_id = caller.org->organization.id;
  wall.network_id = network.id;
  wall.name = std::move(name);
  wall.is_cross_network = written.is_cross_network;
  wall.created_by_user_id = caller.user->user.id;
  wall.created_ms = services::system_now_ms();
  wall.updated_ms = wall.created_ms;
  wall.tiles = std::move(written.tiles);
  auto wall_id = context.database.insert_wall(wall);
  spdlog::info("wall {} created in network {} by user {} ({} tiles)", wall_id, network.id, caller.user->user.id,
               wall.tiles.size());
  return http::Response::json(stored_wall_json(context, caller, network.id, wall_id), 201);
}

// PUT .../walls/{wallId} (path_wall_id) or PUT .../walls with the id in the body (the spec's form).
http::Response edit_wall(ApiContext& context, const http::Request& request, const SessionContext& caller,
                         std::optional<std::int64_t> path_wall_id) {
  const auto& network = require_writable_network(caller, path_id(request, "networkId"));
  auto body = wall_body_from_json(parse_json_object(request));
  if (path_wall_id && body.id && *body.id != *path_wall_id)
    throw Error(Error::Kind::invalid_input, "id of the body must be the wall of the path");
  auto wall_id = path_wall_id ? path_wall_id : body.id;
  if (!wall_id)
    throw Error(Error::Kind::invalid_input, "id is required");
  auto wall = require_writable_wall(context, caller, network, *wall_id);
  wall.name = services::edited_wall_name(wall.name, body.name);
  if (body.tiles) {
    auto written = writable_tiles(caller, wall.network_id, *body.tiles);
    wall.tiles = std::move(written.tiles);
    wall.is_cross_network = written.is_cross_network;
  }
  wall.updated_ms = services::system_now_ms();
  if (!context.database.update_wall(wall))
    throw Error(Error::Kind::not_found, k_wall_not_found);
  spdlog::info("wall {} edited by user {}", wall.id, caller.user->user.id);
  return http::Response::json(stored_wall_json(context, caller, wall.network_id, wall.id));
}

http::Response delete_wall(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_writable_network(caller, path_id(request, "networkId"));
  auto wall = require_writable_wall(context, caller, network, path_id(request, "wallId"));
  if (!context.database.delete_wall(wall.organization_id, wall.id))
    throw Error(Error::Kind::not_found, k_wall_not_found);
  spdlog::info("wall {} deleted by user {}", wall.id, caller.user->user.id);
  return http::Response::no_content();
}

} // namespace

void register_wall_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("GET", "/n/{networkId}/manage/vision/walls", walls);
  routes.add_session("POST", "/n/{networkId}/manage/vision/walls", create_wall);
  routes.add_session("PUT", "/n/{networkId}/manage/vision/walls",
                     [](ApiContext& context, const http::Request& request, const SessionContext& caller) {
                       return edit_wall(context, request, caller, std::nullopt);
                     });
  routes.add_session("PUT", "/n/{networkId}/manage/vision/walls/{wallId}",
                     [](ApiContext& context, const http::Request& request, const SessionContext& caller) {
                       return edit_wall(context, request, caller, path_id(request, "wallId"));
                     });
  routes.add_session("DELETE", "/n/{networkId}/manage/vision/walls/{wallId}", delete_wall);
}

} // namespace argus::api
