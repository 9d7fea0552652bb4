// Networks of the session's organization, one network's context, and the shard of a network (networks.shard_id: any
// shard answers these from the shared store).
#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"

namespace argus::api {

void register_network_routes(RouteRegistrar& routes, ApiContext&) {
  routes.add_session("GET", "/vision/networks", [](http::Request& request, const SessionContext& caller) {
    auto only_id = query_id(request, "id");
    auto out = nlohmann::json::array();
    for (const auto* network : listed_networks(caller)) {
      if (!only_id || network->id == *only_id)
        out.push_back(network_json(*network));
    }
    return http::Response::json(out);
  });

  routes.add_session(
      "GET", "/vision/networks/{networkId}/context", [](http::Request& request, const SessionContext& caller) {
        const auto& network = require_listed_network(caller, path_id(request, "networkId"));
        return http::Response::json({{"shard_id", current_shard(caller, network)},
                                     {"network", network_json(network)},
                                     {"permissions", network_permissions_json(network_permissions(caller, network))}});
      });

  routes.add_session("GET", "/vision/shard_for_network", [](http::Request& request, const SessionContext& caller) {
    auto id = query_id(request, "id");
    if (!id)
      throw Error(Error::Kind::invalid_input, "id is required");
    return http::Response::json({{"shard_id", current_shard(caller, require_listed_network(caller, *id))}});
  });
}

} // namespace argus::api
