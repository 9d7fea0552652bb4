#pragma once
// The one check every media endpoint (live, history, recordings, snapshots, availability, file_record) runs before
// touching video: the camera must be in the caller's current organization (another organization's camera answers 404
// exactly like a missing one), the caller must not be a monitor-only administrator of its network (403 with the spec
// text) and must hold the requested right (403).
#include <cstdint>
#include <string_view>

#include "api/api_context.hpp"
#include "http/request.hpp"

namespace argus::api {

//! The right a media endpoint needs.
enum class MediaRight { live, historical };

//! A camera the caller may play, with its network and the caller's rights on it.
struct CameraMediaAccess {
  const store::CameraRecord* camera = nullptr;   // never null; owned by the caller's org snapshot
  const store::NetworkRecord* network = nullptr; // never null
  services::Rights rights;
};

//! Text of the 403 when the right is missing.
extern const char* const k_media_permission_denied;
//! Text of the 404 for a missing or foreign camera.
extern const char* const k_camera_not_found;

//! A camera of the organization's snapshot by id, or nullptr.
const store::CameraRecord* find_camera(const services::OrgSnapshot& org, std::int64_t camera_id);
//! Whether the caller sees the camera's video at all (live or recorded): what search results and door lists need.
bool may_watch(const SessionContext& caller, const store::CameraRecord& camera);
//! Checks the camera id (digits only: Error(invalid_input)), finds the camera in the caller's current organization
//! (Error(not_found)), rejects a monitor-only administrator (Error(permission_denied), k_no_video_privileges) and a
//! caller without the right (Error(permission_denied), k_media_permission_denied).
CameraMediaAccess require_camera_media(const SessionContext& caller, std::string_view camera_id, MediaRight right);
//! The same with the camera id taken from the path parameter "cameraId".
CameraMediaAccess require_camera_media(const SessionContext& caller, const http::Request& request, MediaRight right);
//! Whether the caller may play this camera of its organization with the right (no error: for filtering lists).
bool may_play(const SessionContext& caller, const store::CameraRecord& camera, MediaRight right);
//! The same for a camera named by its serial (the /api/v1/devices/{serial} calls): unknown or foreign: not_found.
CameraMediaAccess require_camera_media_by_serial(const SessionContext& caller, std::string_view serial,
                                                 MediaRight right);

} // namespace argus::api
