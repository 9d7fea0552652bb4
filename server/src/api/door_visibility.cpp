#include "api/door_visibility.hpp"

#include <algorithm>

#include "api/camera_media_access.hpp"
#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

const store::IntegrationRecord* enabled_integration(const services::OrgSnapshot& org, std::int64_t integration_id) {
  for (const auto& integration : org.integrations) {
    if (integration.id == integration_id && integration.enabled)
      return &integration;
  }
  return nullptr;
}

} // namespace

std::vector<VisibleDoor> visible_doors(ApiContext& context, const SessionContext& caller) {
  std::vector<VisibleDoor> out;
  if (caller.org->integrations.empty())
    return out;
  for (auto& door : context.database.doors_of_organization(caller.org->organization.id)) {
    const auto* integration = enabled_integration(*caller.org, door.integration_id);
    if (!integration)
      continue;
    VisibleDoor visible{std::move(door), integration, {}};
    for (auto camera_id : visible.door.camera_ids) {
      const auto* camera = find_camera(*caller.org, camera_id);
      if (camera && may_watch(caller, *camera))
        visible.cameras.push_back(camera);
    }
    if (!visible.cameras.empty())
      out.push_back(std::move(visible));
  }
  return out;
}

const VisibleDoor& require_visible_door(const std::vector<VisibleDoor>& doors, std::string_view uuid) {
  auto it = std::find_if(doors.begin(), doors.end(), [&](const VisibleDoor& door) { return door.door.uuid == uuid; });
  if (it == doors.end())
    throw Error(Error::Kind::not_found, "Door not found");
  return *it;
}

bool may_command_door(const SessionContext& caller, const VisibleDoor& door) {
  return std::any_of(door.cameras.begin(), door.cameras.end(), [&](const store::CameraRecord* camera) {
    const auto* network = caller.org->network(camera->network_id);
    return network && caller.permissions().camera_rights(*network, *camera).write;
  });
}

} // namespace argus::api
