#include "services/permission_service.hpp"

#include <algorithm>

namespace argus::services {
namespace {

const Rights k_all_rights{true, true, true, true};

void merge(Rights& into, const Rights& from) {
  into.write = into.write || from.write;
  into.export_video = into.export_video || from.export_video;
  into.historical = into.historical || from.historical;
  into.live = into.live || from.live;
}

bool has_tag(const std::vector<std::string>& tags, const std::optional<std::string>& tag) {
  return tag && std::find(tags.begin(), tags.end(), *tag) != tags.end();
}

// A tag scope optionally restricted to one network.
bool network_matches(const store::PrivilegeRecord& privilege, std::int64_t network_id) {
  return !privilege.network_id || *privilege.network_id == network_id;
}

bool covers_network(const store::PrivilegeRecord& privilege, const store::NetworkRecord& network) {
  if (privilege.scope == "organization")
    return true;
  if (privilege.scope == "network")
    return privilege.network_id && *privilege.network_id == network.id;
  if (privilege.scope == "network_tag")
    return network_matches(privilege, network.id) && has_tag(network.tags, privilege.tag);
  return false;
}

bool covers_camera(const store::PrivilegeRecord& privilege, const store::NetworkRecord& network,
                   const store::CameraRecord& camera) {
  if (camera.network_id != network.id)
    return false;
  if (covers_network(privilege, network))
    return true;
  if (privilege.scope == "camera")
    return privilege.camera_id && *privilege.camera_id == camera.id;
  if (privilege.scope == "camera_tag")
    return network_matches(privilege, network.id) && has_tag(camera.tags, privilege.tag);
  return false;
}

} // namespace

bool any_right(const Rights& rights) {
  return rights.write || rights.export_video || rights.historical || rights.live;
}

PermissionService::PermissionService(std::vector<store::PrivilegeRecord> privileges,
                                     std::set<std::int64_t> monitor_only_network_ids)
    : privileges_(std::move(privileges)), monitor_only_(std::move(monitor_only_network_ids)) {}

Rights PermissionService::camera_rights(const store::NetworkRecord& network, const store::CameraRecord& camera) const {
  if (privileges_.empty())
    return camera.network_id == network.id ? k_all_rights : Rights{};
  Rights rights;
  for (const auto& privilege : privileges_) {
    if (covers_camera(privilege, network, camera))
      merge(rights, privilege.rights);
  }
  return rights;
}

Rights PermissionService::network_level_rights(const store::NetworkRecord& network) const {
  if (privileges_.empty())
    return k_all_rights;
  Rights rights;
  for (const auto& privilege : privileges_) {
    if (covers_network(privilege, network))
      merge(rights, privilege.rights);
  }
  return rights;
}

NetworkPermissions
PermissionService::network_permissions(const store::NetworkRecord& network,
                                       const std::vector<const store::CameraRecord*>& cameras) const {
  NetworkPermissions permissions;
  permissions.network_id = network.id;
  if (is_monitor_only(network.id)) {
    permissions.is_monitor_only_admin = true;
    return permissions;
  }
  Rights rolled = network_level_rights(network);
  bool any_camera_visible = false;
  for (const auto* camera : cameras) {
    Rights rights = camera_rights(network, *camera);
    any_camera_visible = any_camera_visible || any_right(rights);
    merge(rolled, rights);
  }
  permissions.read = any_right(network_level_rights(network)) || any_camera_visible;
  permissions.write = rolled.write;
  permissions.export_video = rolled.export_video;
  permissions.historical = rolled.historical;
  permissions.live = rolled.live;
  permissions.events = rolled.historical;
  return permissions;
}

bool PermissionService::is_network_listed(const store::NetworkRecord& network,
                                          const std::vector<const store::CameraRecord*>& cameras) const {
  if (is_monitor_only(network.id) || has_all_rights())
    return true;
  return network_permissions(network, cameras).read;
}

} // namespace argus::services
