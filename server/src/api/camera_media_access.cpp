#include "api/camera_media_access.hpp"

#include <algorithm>

#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"

namespace argus::api {

const char* const k_media_permission_denied = "Unable to complete action, please check your permission";
const char* const k_camera_not_found = "Camera not found";

const store::CameraRecord* find_camera(const services::OrgSnapshot& org, std::int64_t camera_id) {
  const auto& cameras = org.cameras;
  auto it = std::lower_bound(cameras.begin(), cameras.end(), camera_id,
                             [](const store::CameraRecord& camera, std::int64_t id) { return camera.id < id; });
  if (it != cameras.end() && it->id == camera_id)
    return &*it;
  // Defensive: the snapshot is documented as sorted by id; fall back to a scan if it ever is not.
  auto found = std::find_if(cameras.begin(), cameras.end(),
                            [camera_id](const store::CameraRecord& camera) { return camera.id == camera_id; });
  return found == cameras.end() ? nullptr : &*found;
}

CameraMediaAccess require_camera_media(const SessionContext& caller, std::string_view camera_id, MediaRight right) {
  auto id = parse_id(camera_id, "cameraId");
  const auto* camera = find_camera(*caller.org, id);
  const auto* network = camera ? caller.org->network(camera->network_id) : nullptr;
  if (!camera || !network)
    throw Error(Error::Kind::not_found, k_camera_not_found);
  const auto& permissions = caller.permissions();
  auto rights = permissions.camera_rights(*network, *camera);
  // A camera the caller cannot see at all is as unknown as a missing one.
  if (!services::any_right(rights) && !permissions.is_monitor_only(network->id))
    throw Error(Error::Kind::not_found, k_camera_not_found);
  if (permissions.is_monitor_only(network->id))
    throw Error(Error::Kind::permission_denied, k_no_video_privileges);
  bool granted = right == MediaRight::live ? rights.live : rights.historical;
  if (!granted)
    throw Error(Error::Kind::permission_denied, k_media_permission_denied);
  require_served_here(caller, *network);
  return {camera, network, rights};
}

CameraMediaAccess require_camera_media(const SessionContext& caller, const http::Request& request, MediaRight right) {
  auto it = request.path_params.find("cameraId");
  return require_camera_media(
      caller, it == request.path_params.end() ? std::string_view{} : std::string_view{it->second}, right);
}

bool may_play(const SessionContext& caller, const store::CameraRecord& camera, MediaRight right) {
  const auto* network = caller.org->network(camera.network_id);
  if (!network || camera.organization_id != caller.org->organization.id)
    return false;
  const auto& permissions = caller.permissions();
  if (permissions.is_monitor_only(network->id))
    return false;
  auto rights = permissions.camera_rights(*network, camera);
  return right == MediaRight::live ? rights.live : rights.historical;
}

bool may_watch(const SessionContext& caller, const store::CameraRecord& camera) {
  return may_play(caller, camera, MediaRight::live) || may_play(caller, camera, MediaRight::historical);
}

CameraMediaAccess require_camera_media_by_serial(const SessionContext& caller, std::string_view serial,
                                                 MediaRight right) {
  for (const auto& camera : caller.org->cameras)
    if (camera.serial == serial)
      return require_camera_media(caller, std::to_string(camera.id), right);
  throw Error(Error::Kind::not_found, k_camera_not_found);
}

} // namespace argus::api
