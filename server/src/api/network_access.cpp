#include "api/network_access.hpp"

#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::api {

const char* const k_no_video_privileges = "You do not have the privileges to view video on this network.";
const char* const k_no_write_permission = "Unable to complete action, please check your permission";

std::vector<const store::NetworkRecord*> listed_networks(const SessionContext& caller) {
  const auto& permissions = caller.permissions();
  std::vector<const store::NetworkRecord*> out;
  for (const auto& network : caller.org->networks) {
    if (permissions.is_network_listed(network, caller.org->cameras_of(network.id)))
      out.push_back(&network);
  }
  return out;
}

std::vector<std::int64_t> listed_network_ids(const SessionContext& caller) {
  std::vector<std::int64_t> ids;
  for (const auto* network : listed_networks(caller))
    ids.push_back(network->id);
  return ids;
}

const store::NetworkRecord& require_listed_network(const SessionContext& caller, std::int64_t network_id) {
  const auto* network = caller.org->network(network_id);
  if (!network || !caller.permissions().is_network_listed(*network, caller.org->cameras_of(network_id))) {
    throw Error(Error::Kind::not_found, "Network not found");
  }
  return *network;
}

const store::NetworkRecord& require_network_content(const SessionContext& caller, std::int64_t network_id) {
  const auto& network = require_listed_network(caller, network_id);
  if (caller.permissions().is_monitor_only(network_id)) {
    throw Error(Error::Kind::permission_denied, k_no_video_privileges);
  }
  require_served_here(caller, network);
  return network;
}

std::int64_t current_shard(const SessionContext& caller, const store::NetworkRecord& network) {
  if (!caller.store)
    return network.shard_id;
  return caller.store->network_shard(network.id).value_or(network.shard_id);
}

void require_served_here(const SessionContext& caller, const store::NetworkRecord& network) {
  if (network.shard_id == caller.served_shard)
    return;
  // The snapshot may predate a move to this shard: the store decides, and names the shard a 421 sends the client to,
  // so that two shards never send it back and forth.
  auto shard = current_shard(caller, network);
  if (shard != caller.served_shard)
    throw MisdirectedError(network.id, shard);
}

const store::NetworkRecord& require_writable_network(const SessionContext& caller, std::int64_t network_id) {
  const auto& network = require_network_content(caller, network_id);
  if (!caller.membership->is_admin || !caller.permissions().network_level_rights(network).write)
    throw Error(Error::Kind::permission_denied, k_no_write_permission);
  return network;
}

services::NetworkPermissions network_permissions(const SessionContext& caller, const store::NetworkRecord& network) {
  return caller.permissions().network_permissions(network, caller.org->cameras_of(network.id));
}

} // namespace argus::api
