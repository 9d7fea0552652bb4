// Export jobs (spec 03 §7 "Exports"; docs/design/exports.md): create (POST .../video/export, split into 3-hour files),
// combine (POST .../video/concatenate), list (GET .../dashboard/job_data), cancel, delete, rename
// (POST .../dashboard/cancel_job|delete_job|rename_job), retry and start now
// (POST /api/v1/organizations/{orgId}/camera/exports/{jobId}/restart|start). Rights: export_access.hpp. A refused call
// changes nothing. The files themselves: export_files_api.cpp.
#include <algorithm>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/export_access.hpp"
#include "api/export_requests.hpp"
#include "api/export_views.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "media/stream_name.hpp"
#include "services/clock.hpp"
#include "services/export_queue.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

using store::ExportJobRecord;
using store::ExportState;

constexpr std::int64_t k_split_ms = 3LL * 3600 * 1000; // spec 03 §9: files of at most 3 hours
constexpr std::int64_t k_max_list = 100;
constexpr std::int64_t k_max_combined = 20;

services::ExportQueue& queue(ApiContext& context) {
  if (!context.exports)
    throw Error(Error::Kind::unavailable, "Exports are not available on this server");
  return *context.exports;
}

const store::CameraRecord& camera_of_channel(const SessionContext& caller, const store::NetworkRecord& network,
                                             std::int64_t channel_id) {
  for (const auto* camera : caller.org->cameras_of(network.id))
    if (camera->channel_id == channel_id)
      return *camera;
  throw Error(Error::Kind::not_found, "Camera not found");
}

bool active(const ExportJobRecord& job) {
  return job.state != ExportState::failed && job.state != ExportState::cancelled;
}

http::Response create_export(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  const auto& network = require_network_content(caller, path_id(request, "networkId"));
  auto body = parse_json_object(request);
  const auto& camera = camera_of_channel(caller, network, positive_id_field(body, "video_channel_id"));
  if (!caller.permissions().camera_rights(network, camera).export_video)
    throw Error(Error::Kind::permission_denied, "You do not have permission to export video from this camera");
  auto now = services::system_now_ms();
  auto asked = export_request_from_json(body, now, camera.imager_count);
  auto imager_id = asked.imager_id;
  auto filename = asked.filename;
  auto t0 = asked.t0_ms;
  auto t1 = asked.t1_ms;
  auto stream = media::stream_name({false, static_cast<int>(imager_id)});
  if (context.database.recorded_ranges(camera.id, stream, t0, t1, 0).empty())
    throw Error(Error::Kind::invalid_input, "No recorded video in this range");
  if (!asked.skip_duplicate_check) {
    store::ExportJobQuery same{caller.org->organization.id, network.id, false, {}, camera.channel_id};
    same.limit = 1000;
    for (const auto& job : context.database.export_jobs(same).jobs)
      if (job.t0_ms == t0 && job.t1_ms == t1 && job.imager_id == imager_id && active(job))
        throw Error(Error::Kind::conflict, "An export of this camera and time range already exists");
  }

  ExportJobRecord job;
  job.organization_id = caller.org->organization.id;
  job.network_id = network.id;
  job.user_id = caller.user->user.id;
  job.user_name = caller.user->user.name.empty() ? caller.user->user.email : caller.user->user.name;
  job.camera_id = camera.id;
  job.camera_name = camera.name;
  job.video_channel_id = camera.channel_id;
  job.imager_id = imager_id;
  job.created_ms = now;
  job.scheduled_for_ms = asked.scheduled_for_ms;
  job.dewarp_json = asked.dewarp_json;
  auto base = filename.value_or(default_filename(camera.name, t0, network.timezone));
  auto parts = (t1 - t0 + k_split_ms - 1) / k_split_ms;
  std::vector<std::int64_t> ids;
  for (std::int64_t part = 0; part < parts; ++part) {
    job.t0_ms = t0 + part * k_split_ms;
    job.t1_ms = std::min(t1, job.t0_ms + k_split_ms);
    job.filename = parts == 1 ? base
                              : base.substr(0, base.size() - 4) + " part " + std::to_string(part + 1) + " of " +
                                    std::to_string(parts) + ".mp4";
    ids.push_back(exports.submit(job));
  }
  auto first = context.database.find_export_job(ids.front());
  if (!first)
    throw Error(Error::Kind::internal, "the new export vanished");
  log_access(context, request, caller, "export_created", &network, &camera, base);
  auto out = export_job_json(*first, request.shard_id, now);
  if (ids.size() > 1)
    out["split_job_ids"] = ids;
  return http::Response::json(out, 201);
}

http::Response combine_exports(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  auto network_id = path_id(request, "networkId");
  auto body = parse_json_object(request);
  auto ids_it = body.find("job_ids");
  if (ids_it == body.end() || !ids_it->is_array())
    throw Error(Error::Kind::invalid_input, "job_ids must be a list of export ids");
  if (ids_it->size() < 2)
    throw Error(Error::Kind::invalid_input, "Select at least 2 exports to combine");
  if (ids_it->size() > static_cast<std::size_t>(k_max_combined))
    throw Error(Error::Kind::invalid_input, "At most 20 exports can be combined");
  auto filename = checked_filename(optional_string_field(body, "filename"));
  ExportJobRecord job;
  for (const auto& id : *ids_it) {
    if (!id.is_number_integer() || id.get<std::int64_t>() <= 0)
      throw Error(Error::Kind::invalid_input, "job_ids must be a list of export ids");
    auto source = require_export(context, caller, network_id, id.get<std::int64_t>()).job;
    if (source.combined)
      throw Error(Error::Kind::invalid_input, "A combined export cannot be combined again");
    if (source.state != ExportState::complete)
      throw Error(Error::Kind::invalid_input, "Only finished exports can be combined");
    job.sources.push_back({source.id, source.camera_id, source.camera_name, source.video_channel_id, source.filename,
                           source.t0_ms, source.t1_ms});
  }
  auto now = services::system_now_ms();
  job.organization_id = caller.org->organization.id;
  job.network_id = network_id;
  job.user_id = caller.user->user.id;
  job.user_name = caller.user->user.name.empty() ? caller.user->user.email : caller.user->user.name;
  job.combined = true;
  job.camera_name = job.sources.front().camera_name;
  job.t0_ms = job.sources.front().t0_ms;
  job.t1_ms = job.t0_ms;
  for (const auto& source : job.sources)
    job.t1_ms += source.t1_ms - source.t0_ms; // t1 - t0 is the combined file's length
  job.created_ms = now;
  job.scheduled_for_ms = now;
  const auto* network = caller.org->network(network_id);
  job.filename =
      filename.value_or("Combined " + default_filename(job.camera_name, job.t0_ms, network ? network->timezone : ""));
  auto id = exports.submit(job);
  auto stored = context.database.find_export_job(id);
  log_access(context, request, caller, "export_created", network, nullptr, job.filename);
  return http::Response::json(export_job_json(*stored, request.shard_id, now), 201);
}

http::Response job_data(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_network_content(caller, path_id(request, "networkId"));
  store::ExportJobQuery query{caller.org->organization.id, network.id};
  if (auto job_class = request.query_param("job_class")) {
    if (*job_class == "VideoExportJob")
      query.combined = false;
    else if (*job_class == "VideoConcatenationJob")
      query.combined = true;
    else if (!job_class->empty())
      throw Error(Error::Kind::invalid_input, "job_class must be VideoExportJob or VideoConcatenationJob");
  }
  if (auto ids = request.query_param("job_ids"))
    for (const auto& id : split_list(*ids))
      query.ids.push_back(parse_id(id, "job_ids"));
  query.video_channel_id = query_id(request, "video_channel_id");
  auto number = [&](const char* name, std::int64_t fallback, std::int64_t max) {
    auto text = request.query_param(name);
    if (!text || text->empty())
      return fallback;
    if (*text == "0")
      return std::int64_t{0};
    return std::min(parse_id(*text, name), max);
  };
  auto offset = number("offset", 0, 1'000'000);
  auto limit = number("limit", 20, k_max_list);
  if (auto since = request.query_param("created_after_ms"); since && !since->empty())
    query.created_since_ms = parse_id(*since, "created_after_ms");
  if (auto before = request.query_param("created_before_ms"); before && !before->empty())
    query.created_before_ms = parse_id(*before, "created_before_ms");
  query.text = request.query_param("search").value_or("");
  if (query.text.size() > 255)
    throw Error(Error::Kind::invalid_input, "search must be at most 255 characters");
  // Rights are per job (the cameras it was made from): filter, then page.
  query.limit = 100'000;
  auto now = services::system_now_ms();
  auto jobs = nlohmann::json::array();
  std::int64_t visible = 0;
  for (const auto& job : context.database.export_jobs(query).jobs) {
    if (!may_see_export(caller, network, job))
      continue;
    if (visible >= offset && visible < offset + limit)
      jobs.push_back(export_job_json(job, request.shard_id, now));
    ++visible;
  }
  auto response = http::Response::json({{"jobs", std::move(jobs)}, {"__total_count", visible}});
  response.add_header("Cache-Control", "no-cache");
  return response;
}

http::Response cancel_job(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  auto body = parse_json_object(request);
  auto access =
      require_changeable_export(context, caller, path_id(request, "networkId"), positive_id_field(body, "job_id"));
  if (access.job.state != ExportState::queued && access.job.state != ExportState::running)
    throw Error(Error::Kind::conflict, "This export has already finished; it cannot be cancelled");
  auto job = exports.cancel(access.job.id);
  if (!job)
    throw Error(Error::Kind::not_found, k_export_not_found);
  return http::Response::json(export_job_json(*job, request.shard_id, services::system_now_ms()));
}

http::Response delete_job(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  auto network_id = path_id(request, "networkId");
  auto body = parse_json_object(request);
  std::vector<std::int64_t> ids;
  if (auto it = body.find("job_ids"); it != body.end()) {
    if (!it->is_array() || it->empty() || it->size() > 1000)
      throw Error(Error::Kind::invalid_input, "job_ids must be a list of export ids");
    for (const auto& id : *it) {
      if (!id.is_number_integer() || id.get<std::int64_t>() <= 0)
        throw Error(Error::Kind::invalid_input, "job_ids must be a list of export ids");
      ids.push_back(id.get<std::int64_t>());
    }
  } else {
    ids.push_back(positive_id_field(body, "job_id"));
  }
  for (auto id : ids) // every one is checked before any is deleted
    require_changeable_export(context, caller, network_id, id);
  for (auto id : ids)
    exports.remove(id);
  return http::Response::json({{"success", true}, {"deleted", ids}});
}

http::Response rename_job(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  auto body = parse_json_object(request);
  auto access =
      require_changeable_export(context, caller, path_id(request, "networkId"), positive_id_field(body, "job_id"));
  auto filename = checked_filename(optional_string_field(body, "filename"));
  if (!filename)
    throw Error(Error::Kind::invalid_input, "Filename may not be empty");
  auto job = exports.update(access.job.id, [&](ExportJobRecord& stored) {
    stored.filename = *filename;
    return true;
  });
  if (!job)
    throw Error(Error::Kind::not_found, k_export_not_found);
  return http::Response::json(export_job_json(*job, request.shard_id, services::system_now_ms()));
}

// /api/v1/organizations/{orgId}/camera/exports/{jobId}/restart|start: orgId must be the session's organization.
ExportAccess org_export(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  if (path_id(request, "orgId") != caller.org->organization.id)
    throw Error(Error::Kind::not_found, k_export_not_found);
  return require_changeable_export_in_org(context, caller, path_id(request, "jobId"));
}

http::Response restart_job(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  auto access = org_export(context, request, caller);
  auto now = services::system_now_ms();
  auto job = exports.update(access.job.id, [&](ExportJobRecord& stored) {
    if (stored.state != ExportState::failed && stored.state != ExportState::cancelled)
      throw Error(Error::Kind::conflict, "Only failed or cancelled exports can be retried");
    stored.state = ExportState::queued;
    stored.progress = 0;
    stored.attempts = 0;
    stored.error.reset();
    stored.error_user_friendly = false;
    stored.cancellation_requested_ms.reset();
    stored.cancelled_ms.reset();
    stored.completed_ms.reset();
    stored.scheduled_for_ms = std::min(stored.scheduled_for_ms, now);
    return true;
  });
  if (!job)
    throw Error(Error::Kind::not_found, k_export_not_found);
  return http::Response::json(export_job_json(*job, request.shard_id, now));
}

http::Response start_job(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  auto access = org_export(context, request, caller);
  auto now = services::system_now_ms();
  auto job = exports.update(access.job.id, [&](ExportJobRecord& stored) {
    if (stored.state != ExportState::queued)
      throw Error(Error::Kind::conflict, "Only a queued or scheduled export can be started now");
    if (stored.combined)
      throw Error(Error::Kind::conflict, "A combined export cannot be started ahead of the queue");
    if (stored.force_started_ms)
      return false;
    stored.force_started_ms = now;
    return true;
  });
  if (!job)
    throw Error(Error::Kind::not_found, k_export_not_found);
  return http::Response::json(export_job_json(*job, request.shard_id, now));
}

} // namespace

void register_export_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session("POST", "/n/{networkId}/manage/video/export", &create_export);
  routes.add_session("POST", "/n/{networkId}/manage/video/concatenate", &combine_exports);
  routes.add_session("GET", "/n/{networkId}/manage/dashboard/job_data", &job_data);
  routes.add_session("POST", "/n/{networkId}/manage/dashboard/cancel_job", &cancel_job);
  routes.add_session("POST", "/n/{networkId}/manage/dashboard/delete_job", &delete_job);
  routes.add_session("POST", "/n/{networkId}/manage/dashboard/rename_job", &rename_job);
  routes.add_session("POST", "/api/v1/organizations/{orgId}/camera/exports/{jobId}/restart", &restart_job);
  routes.add_session("POST", "/api/v1/organizations/{orgId}/camera/exports/{jobId}/start", &start_job);
  register_export_file_routes(routes, context);
}

} // namespace argus::api
