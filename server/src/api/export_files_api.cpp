// An export's file, its evidence manifest and its share link (spec 03 §7 ".../video_exports/{id}/download and /share";
// docs/design/exports.md): downloads with HTTP Range and the filename in Content-Disposition, rights re-checked on
// every request; a share link plays or downloads that one export without a session until it expires or is revoked.
// Every download, play, share and shared view goes to the event log.
#include <string>

#include "api/api_routes.hpp"
#include "api/export_access.hpp"
#include "api/export_views.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "http/byte_range.hpp"
#include "services/clock.hpp"
#include "services/export_queue.hpp"
#include "services/share_links.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

using store::ExportJobRecord;

services::ExportQueue& queue(ApiContext& context) {
  if (!context.exports || !context.share_links)
    throw Error(Error::Kind::unavailable, "Exports are not available on this server");
  return *context.exports;
}

//! RFC 6266: an ASCII fallback (the rule keeps filenames ASCII already) and the UTF-8 form.
std::string content_disposition(const std::string& kind, const std::string& filename) {
  std::string plain;
  for (char c : filename)
    plain += (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) ? '_' : c;
  std::string encoded;
  for (unsigned char c : filename) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
      encoded += static_cast<char>(c);
    } else {
      static const char* hex = "0123456789ABCDEF";
      encoded += '%';
      encoded += hex[c >> 4];
      encoded += hex[c & 15];
    }
  }
  return kind + "; filename=\"" + plain + "\"; filename*=UTF-8''" + encoded;
}

void log_event(ApiContext& context, const ExportJobRecord& job, std::int64_t user_id, const char* event) {
  auto now = services::system_now_ms();
  context.database.insert_event({0, job.organization_id, job.network_id, user_id, job.camera_id.value_or(0),
                                 job.video_channel_id.value_or(0), event, job.t0_ms, job.t1_ms, now});
}

//! The finished file of a job, or 404 (not finished, expired, gone from disk).
std::filesystem::path finished_file(ApiContext& context, const ExportJobRecord& job) {
  auto file = queue(context).file_of(job);
  std::error_code error;
  if (job.state != store::ExportState::complete || !file || !std::filesystem::exists(*file, error))
    throw Error(Error::Kind::not_found, job.state == store::ExportState::complete
                                            ? "This export has expired"
                                            : "This export has no file yet");
  return *file;
}

http::Response file_answer(ApiContext& context, const http::Request& request, const ExportJobRecord& job, bool inline_view) {
  auto file = finished_file(context, job);
  std::error_code error;
  auto size = std::filesystem::file_size(file, error);
  if (error)
    throw Error(Error::Kind::not_found, "This export has expired");
  auto response = http::file_range_response(file, size, request.header("range"), "video/mp4");
  response.add_header("Content-Disposition", content_disposition(inline_view ? "inline" : "attachment", job.filename));
  response.add_header("Cache-Control", "private, no-store");
  return response;
}

http::Response manifest_answer(ApiContext& context, const ExportJobRecord& job) {
  auto manifest = services::ExportQueue::manifest_of(finished_file(context, job));
  http::Response response;
  response.file = http::FileBody{manifest, 0, std::nullopt};
  response.content_type = "application/json";
  response.add_header("Content-Disposition", content_disposition("attachment", job.filename + ".manifest.json"));
  response.add_header("Cache-Control", "private, no-store");
  return response;
}

//! The public link: on the shard that holds the export (/n{shard}/exports/shared/{token}).
std::string share_url(ApiContext& context, const http::Request& request, const ExportJobRecord& job) {
  return "/n" + std::to_string(request.shard_id) + "/exports/shared/" +
         context.share_links->token(job.id, *job.share_nonce);
}

http::Response download(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  queue(context);
  auto access = require_export(context, caller, path_id(request, "networkId"), path_id(request, "jobId"));
  bool inline_view = request.query_param("disposition").value_or("") == "inline";
  auto response = file_answer(context, request, access.job, inline_view);
  // One entry per download or play, not per byte range: a player's follow-up ranges are not logged again.
  if (request.header("range").empty() || request.header("range").rfind("bytes=0-", 0) == 0)
    log_event(context, access.job, caller.user->user.id, inline_view ? "export_played" : "export_downloaded");
  return response;
}

http::Response manifest(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  queue(context);
  auto access = require_export(context, caller, path_id(request, "networkId"), path_id(request, "jobId"));
  return manifest_answer(context, access.job);
}

// GET answers the job's share link, making one when it has none (the portal's "copy link").
http::Response share(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  auto access = require_changeable_export(context, caller, path_id(request, "networkId"), path_id(request, "jobId"));
  finished_file(context, access.job);
  bool made = false;
  auto job = exports.update(access.job.id, [&](ExportJobRecord& stored) {
    if (stored.share_nonce)
      return false;
    stored.share_nonce = services::ShareLinks::new_nonce();
    made = true;
    return true;
  });
  if (!job)
    throw Error(Error::Kind::not_found, k_export_not_found);
  if (made)
    log_event(context, *job, caller.user->user.id, "export_shared");
  auto url = share_url(context, request, *job);
  return http::Response::json({{"share_url", url}, {"expires_at", export_job_json(*job, request.shard_id, 0)["export_expiration_date"]}});
}

http::Response revoke_share(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto& exports = queue(context);
  auto access = require_changeable_export(context, caller, path_id(request, "networkId"), path_id(request, "jobId"));
  auto job = exports.update(access.job.id, [](ExportJobRecord& stored) {
    bool had = stored.share_nonce.has_value();
    stored.share_nonce.reset();
    return had;
  });
  if (job)
    log_event(context, *job, caller.user->user.id, "export_share_revoked");
  return http::Response::no_content();
}

//! The job a share token opens: well-formed, matching its job's current link, not expired; 404 otherwise.
ExportJobRecord shared_job(ApiContext& context, const std::string& token) {
  queue(context);
  auto id = services::ShareLinks::job_of(token);
  auto job = id ? context.database.find_export_job(*id) : std::nullopt;
  if (!job || !job->share_nonce || !context.share_links->matches(token, job->id, *job->share_nonce))
    throw Error(Error::Kind::not_found, "This share link is not valid (it was revoked, or the export expired)");
  return std::move(*job);
}

} // namespace

void register_export_file_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session("GET", "/n/{networkId}/manage/video_exports/{jobId}/download", &download);
  routes.add_session("GET", "/n/{networkId}/manage/video_exports/{jobId}/manifest", &manifest);
  routes.add_session("GET", "/n/{networkId}/manage/video_exports/{jobId}/share", &share);
  routes.add_session("DELETE", "/n/{networkId}/manage/video_exports/{jobId}/share", &revoke_share);
  routes.add_session("GET", "/manage/video_exports/public_key", [&context](http::Request&, const SessionContext&) {
    queue(context);
    return http::Response::json({{"algorithm", "Ed25519"}, {"public_key", context.exports->signer().public_key_base64()}});
  });
  routes.add_public("GET", "/exports/shared/{token}", [&context](http::Request& request) {
    auto job = shared_job(context, request.param("token"));
    bool download = request.query_param("download").value_or("") == "1";
    auto response = file_answer(context, request, job, !download);
    if (request.header("range").empty() || request.header("range").rfind("bytes=0-", 0) == 0)
      log_event(context, job, 0, download ? "export_share_downloaded" : "export_share_played");
    return response;
  });
  routes.add_public("GET", "/exports/shared/{token}/manifest", [&context](http::Request& request) {
    return manifest_answer(context, shared_job(context, request.param("token")));
  });
}

} // namespace argus::api
