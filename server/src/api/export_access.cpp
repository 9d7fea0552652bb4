#include "api/export_access.hpp"

#include "api/network_access.hpp"
#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

const store::CameraRecord* camera_in(const SessionContext& caller, std::int64_t network_id, std::int64_t camera_id) {
  for (const auto* camera : caller.org->cameras_of(network_id))
    if (camera->id == camera_id)
      return camera;
  return nullptr;
}

bool may_export_camera(const SessionContext& caller, const store::NetworkRecord& network,
                       const std::optional<std::int64_t>& camera_id, bool network_write) {
  if (!camera_id)
    return network_write;
  const auto* camera = camera_in(caller, network.id, *camera_id);
  if (!camera)
    return network_write; // deleted since (or moved): administrators only
  return caller.permissions().camera_rights(network, *camera).export_video;
}

} // namespace

const char* const k_export_not_found = "Export not found";

bool may_see_export(const SessionContext& caller, const store::NetworkRecord& network, const store::ExportJobRecord& job) {
  bool network_write = network_permissions(caller, network).write;
  if (!job.combined)
    return may_export_camera(caller, network, job.camera_id, network_write);
  for (const auto& source : job.sources)
    if (!may_export_camera(caller, network, source.camera_id, network_write))
      return false;
  return true;
}

ExportAccess require_export(ApiContext& context, const SessionContext& caller, std::int64_t network_id,
                            std::int64_t job_id) {
  const auto& network = require_network_content(caller, network_id);
  auto job = context.database.find_export_job(job_id);
  if (!job || job->organization_id != caller.org->organization.id || job->network_id != network.id ||
      !may_see_export(caller, network, *job))
    throw Error(Error::Kind::not_found, k_export_not_found);
  bool may_change = (job->user_id && *job->user_id == caller.user->user.id) || network_permissions(caller, network).write;
  return {std::move(*job), &network, may_change};
}

ExportAccess require_changeable_export(ApiContext& context, const SessionContext& caller, std::int64_t network_id,
                                       std::int64_t job_id) {
  auto access = require_export(context, caller, network_id, job_id);
  if (!access.may_change)
    throw Error(Error::Kind::permission_denied, "Only the export's creator or a network administrator may change it");
  return access;
}

ExportAccess require_changeable_export_in_org(ApiContext& context, const SessionContext& caller, std::int64_t job_id) {
  auto job = context.database.find_export_job(job_id);
  if (!job || job->organization_id != caller.org->organization.id)
    throw Error(Error::Kind::not_found, k_export_not_found);
  return require_changeable_export(context, caller, job->network_id, job_id);
}

} // namespace argus::api
