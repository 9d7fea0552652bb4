#pragma once
// The one place that decides what a user may see and do in an organization (spec §6). Pure: built from the user's
// privilege rows in the organization and the networks where the user is a monitor-only administrator. See
// docs/design/permissions.md.
#include <cstdint>
#include <set>
#include <vector>

#include "store/records.hpp"

namespace argus::services {

using Rights = store::RightsRecord;

//! True when any right is granted (a camera with any right is visible).
bool any_right(const Rights& rights);

struct NetworkPermissions {
  std::int64_t network_id = 0;
  bool read = false;
  bool write = false;
  bool export_video = false;
  bool historical = false;
  bool live = false;
  bool events = false;
  bool is_monitor_only_admin = false;
};

class PermissionService {
public:
  //! privileges: the user's rows in this organization only; none means all rights.
  PermissionService(std::vector<store::PrivilegeRecord> privileges, std::set<std::int64_t> monitor_only_network_ids);

  //! Union of the rights of every privilege that covers the camera.
  Rights camera_rights(const store::NetworkRecord& network, const store::CameraRecord& camera) const;
  //! Union of the organization-, network- and network-tag-scoped rights that cover the network.
  Rights network_level_rights(const store::NetworkRecord& network) const;
  //! Rights in a network, rolled up from its cameras; all false except the flag for a monitor-only administrator.
  NetworkPermissions network_permissions(const store::NetworkRecord& network,
                                         const std::vector<const store::CameraRecord*>& cameras) const;
  //! True when the network appears in network lists (visible, or monitor-only).
  bool is_network_listed(const store::NetworkRecord& network,
                         const std::vector<const store::CameraRecord*>& cameras) const;
  //! True when the user is a monitor-only administrator of the network.
  bool is_monitor_only(std::int64_t network_id) const { return monitor_only_.count(network_id) > 0; }
  //! The privilege rows this was built from.
  const std::vector<store::PrivilegeRecord>& privileges() const { return privileges_; }
  //! True when no privilege data exists (all rights).
  bool has_all_rights() const { return privileges_.empty(); }

private:
  std::vector<store::PrivilegeRecord> privileges_;
  std::set<std::int64_t> monitor_only_;
};

} // namespace argus::services
