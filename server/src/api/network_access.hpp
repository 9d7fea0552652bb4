#pragma once
// Network lookups for handlers, always inside the caller's current organization and through PermissionService:
// another organization's or an invisible network answers 404 exactly like a missing one; a monitor-only
// administrator's network content answers 403.
#include <cstdint>
#include <vector>

#include "api/api_context.hpp"

namespace argus::api {

//! Networks of the current organization the caller sees listed, sorted by name.
std::vector<const store::NetworkRecord*> listed_networks(const SessionContext& caller);
//! Ids of listed_networks.
std::vector<std::int64_t> listed_network_ids(const SessionContext& caller);
//! A listed network or Error(not_found).
const store::NetworkRecord& require_listed_network(const SessionContext& caller, std::int64_t network_id);
//! A listed network whose content the caller may see, served by this shard: Error(not_found),
//! Error(permission_denied) or MisdirectedError.
const store::NetworkRecord& require_network_content(const SessionContext& caller, std::int64_t network_id);
//! The network's shard as the store has it now (a store error answers 503); the snapshot's when the caller has no
//! store.
std::int64_t current_shard(const SessionContext& caller, const store::NetworkRecord& network);
//! MisdirectedError (421, naming the network's shard) unless this argusd (--shard-id) serves the network: its media are
//! on that shard's disk, and its cameras are ingested there. The snapshot answers when it says this shard (for up to
//! the catalog's ttl after a move away, both shards serve); otherwise the store does. The content checks call it after
//! the permission checks, so that nobody learns the shard of a network they may not see.
void require_served_here(const SessionContext& caller, const store::NetworkRecord& network);
//! A network whose content the caller may change (cameras, walls, rotations): require_network_content, then
//! Error(permission_denied) unless the caller is an administrator with the write right on the network itself
//! (organization, network or network-tag privilege).
const store::NetworkRecord& require_writable_network(const SessionContext& caller, std::int64_t network_id);
//! Permissions of the caller in a network.
services::NetworkPermissions network_permissions(const SessionContext& caller, const store::NetworkRecord& network);

//! The message of a monitor-only administrator's 403.
extern const char* const k_no_video_privileges;
//! The message of a 403 for lack of the write right.
extern const char* const k_no_write_permission;

} // namespace argus::api
