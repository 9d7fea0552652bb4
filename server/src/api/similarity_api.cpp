// Similarity search and track thumbnails (spec 03 §4 "Similarity search job", §7 "Similarity search"; 02 §7 thumbnail
// track query; docs/design/detection.md "Similarity"):
//   POST /api/v1/devices/{serial}/camera/liveTools/similaritySearch          a job: tracks like one of this camera
//   GET  /api/v1/devices/{serial}/camera/liveTools/similaritySearch/{requestId}[?threshold=90..100]
//   POST /api/v1/devices/{serial}/camera/liveTools/similaritySearch/tracks   a job: this camera's tracks in a range
//   GET  /api/v1/devices/{serial}/camera/liveTools/similaritySearch/tracks/{requestId}
//   GET  /api/v1/devices/{serial}/camera/analytics/thumbnailTracks?t0&t1     the same, answered at once
// Every call needs the historical right on the path's camera (another organization's serial is 404 like an unknown
// one); results only name cameras the caller may play back. Jobs run when made (the index answers in milliseconds)
// and are kept 10 minutes for polling (services/similarity_jobs).
#include <map>

#include <nlohmann/json.hpp>

#include "api/api_routes.hpp"
#include "api/camera_media_access.hpp"
#include "api/request_parsing.hpp"
#include "api/similarity_requests.hpp"
#include "common/error.hpp"
#include "objects/object_service.hpp"
#include "objects/similarity_percent.hpp"
#include "services/similarity_jobs.hpp"
#include "services/token_codec.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

using services::SimilarityJob;
using services::SimilarTrack;

const char* const k_job_not_found = "Similarity search job not found or expired";
const char* const k_track_not_found = "Track not found";
constexpr std::size_t k_max_tracks = 500;

services::SimilarityJobs& jobs_of(ApiContext& context) {
  if (!context.similarity_jobs)
    throw Error(Error::Kind::unavailable, "Similarity search is not available on this server");
  return *context.similarity_jobs;
}

// Cameras of the caller's organization it may play back, by id with their serials; only the named ones when
// `serials` is not empty (an unknown or foreign serial there is a bad request, worded alike for both).
std::map<std::int64_t, std::string> searchable_cameras(const SessionContext& caller,
                                                       const std::vector<std::string>& serials) {
  std::map<std::int64_t, std::string> out;
  for (const auto& camera : caller.org->cameras)
    if (may_play(caller, camera, MediaRight::historical))
      out.emplace(camera.id, camera.serial);
  if (serials.empty())
    return out;
  std::map<std::int64_t, std::string> named;
  for (const auto& serial : serials) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& entry) { return entry.second == serial; });
    if (it == out.end())
      throw Error(Error::Kind::invalid_input, "cameras: no camera you may search has the serial " + serial);
    named.insert(*it);
  }
  return named;
}

SimilarTrack similar_track(const store::ObjectTrackRecord& track, const std::string& serial, bool thumbnail) {
  SimilarTrack out;
  out.camera_id = track.camera_id;
  out.serial = serial;
  out.track_id = track.track_id;
  out.object_class = track.object_class;
  out.t0_ms = track.start_ms;
  out.t1_ms = track.end_ms;
  if (thumbnail)
    out.jpeg.assign(track.thumbnail.begin(), track.thumbnail.end());
  return out;
}

nlohmann::json track_json(const SimilarTrack& track) {
  nlohmann::json out = {{"trackId", std::to_string(track.track_id)},
                        {"serial", track.serial},
                        {"cameraId", track.camera_id},
                        {"objectClass", track.object_class == 0 ? "person" : "vehicle"},
                        {"t0", track.t0_ms},
                        {"t1", track.t1_ms},
                        {"b64Image", track.jpeg.empty() ? nlohmann::json(nullptr)
                                                        : nlohmann::json(services::base64_encode(track.jpeg))},
                        {"similarityPercent", track.similarity_percent ? nlohmann::json(*track.similarity_percent)
                                                                       : nlohmann::json(nullptr)}};
  if (!track.embedding.empty())
    out["embedding"] = services::base64_encode(track.embedding);
  return out;
}

nlohmann::json job_json(const SimilarityJob& job, std::optional<double> min_percent) {
  auto results = nlohmann::json::array();
  for (const auto& track : job.results)
    if (!min_percent || !track.similarity_percent || *track.similarity_percent >= *min_percent)
      results.push_back(track_json(track));
  nlohmann::json out = {{"requestId", job.id}, {"status", job.failed ? "failed" : "completed"}, {"results", results}};
  if (job.failed)
    out["error"] = job.error;
  return out;
}

SimilarityJob new_job(SimilarityJob::Kind kind, const SessionContext& caller, const CameraMediaAccess& access) {
  SimilarityJob job;
  job.kind = kind;
  job.organization_id = caller.org->organization.id;
  job.user_id = caller.user->user.id;
  job.camera_id = access.camera->id;
  return job;
}

http::Response start_similarity(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = require_camera_media_by_serial(caller, request.param("serial"), MediaRight::historical);
  auto query = parse_similarity_request(parse_json_object(request));
  auto& jobs = jobs_of(context);
  if (!context.objects)
    throw Error(Error::Kind::unavailable, "Object detection is not running on this server");
  auto track = context.database.find_object_track(access.camera->id, query.track_id);
  if (!track || track->embedding.empty())
    throw Error(Error::Kind::not_found, k_track_not_found);
  auto cameras = searchable_cameras(caller, query.cameras);
  detection::SimilarityFilter filter;
  for (const auto& [id, serial] : cameras)
    filter.camera_ids.push_back(id);
  filter.t0_ms = query.t0_ms;
  filter.t1_ms = query.t1_ms + 1; // the request's range includes t1; the index's excludes it
  filter.object_class = track->object_class;
  filter.min_similarity = objects::cosine_of_fraction(query.threshold);
  filter.limit = static_cast<std::size_t>(query.results);
  filter.exclude = std::pair{track->camera_id, track->track_id};
  auto job = new_job(SimilarityJob::Kind::similarity, caller, access);
  if (!filter.camera_ids.empty()) {
    const auto* embedding = reinterpret_cast<const std::int8_t*>(track->embedding.data());
    for (const auto& match :
         context.objects->similarity_index().search({embedding, track->embedding.size()}, filter)) {
      auto found = context.database.find_object_track(match.camera_id, match.track_id);
      if (!found) // deleted since it was indexed (retention, camera removed)
        continue;
      auto result = similar_track(*found, cameras.at(match.camera_id), query.include_thumbnails);
      result.similarity_percent = objects::similarity_percent(match.similarity);
      if (query.include_embedding)
        result.embedding.assign(found->embedding.begin(), found->embedding.end());
      job.results.push_back(std::move(result));
    }
  }
  job.id = jobs.add(job);
  return http::Response::json(job_json(job, std::nullopt));
}

std::vector<SimilarTrack> tracks_of(ApiContext& context, const CameraMediaAccess& access, const TracksRequest& range) {
  std::vector<SimilarTrack> out;
  for (const auto& track : context.database.object_tracks_in_range({access.camera->id}, range.t0_ms, range.t1_ms,
                                                                    {.thumbnail = true, .embedding = false})) {
    if (out.size() == k_max_tracks)
      break;
    out.push_back(similar_track(track, access.camera->serial, true));
  }
  return out;
}

http::Response start_tracks(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = require_camera_media_by_serial(caller, request.param("serial"), MediaRight::historical);
  auto range = parse_tracks_request(parse_json_object(request));
  auto& jobs = jobs_of(context);
  auto job = new_job(SimilarityJob::Kind::tracks, caller, access);
  job.results = tracks_of(context, access, range);
  job.id = jobs.add(job);
  return http::Response::json(job_json(job, std::nullopt));
}

http::Response poll(ApiContext& context, const http::Request& request, const SessionContext& caller,
                    SimilarityJob::Kind kind) {
  auto access = require_camera_media_by_serial(caller, request.param("serial"), MediaRight::historical);
  auto min_percent = kind == SimilarityJob::Kind::similarity ? parse_poll_threshold(request) : std::nullopt;
  auto job = jobs_of(context).find(request.param("requestId"), kind, caller.org->organization.id,
                                   caller.user->user.id, access.camera->id);
  if (!job)
    throw Error(Error::Kind::not_found, k_job_not_found);
  return http::Response::json(job_json(*job, min_percent));
}

http::Response poll_similarity(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  return poll(context, request, caller, SimilarityJob::Kind::similarity);
}

http::Response poll_tracks(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  return poll(context, request, caller, SimilarityJob::Kind::tracks);
}

http::Response thumbnail_tracks(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = require_camera_media_by_serial(caller, request.param("serial"), MediaRight::historical);
  auto range = parse_thumbnail_query(request);
  auto results = nlohmann::json::array();
  for (const auto& track : tracks_of(context, access, range)) {
    results.push_back({{"trackId", std::to_string(track.track_id)},
                       {"objectClass", track.object_class == 0 ? "person" : "vehicle"},
                       {"data",
                        {{"t0", track.t0_ms},
                         {"t1", track.t1_ms},
                         {"b64Image", track.jpeg.empty() ? nlohmann::json(nullptr)
                                                         : nlohmann::json(services::base64_encode(track.jpeg))}}}});
  }
  auto response = http::Response::json({{"results", std::move(results)}});
  response.add_header("Cache-Control", "no-cache");
  return response;
}

} // namespace

void register_similarity_routes(RouteRegistrar& routes, ApiContext&) {
  const std::string base = "/api/v1/devices/{serial}/camera/liveTools/similaritySearch";
  routes.add_session("POST", base, &start_similarity);
  routes.add_session("POST", base + "/tracks", &start_tracks);
  routes.add_session("GET", base + "/tracks/{requestId}", &poll_tracks);
  routes.add_session("GET", base + "/{requestId}", &poll_similarity);
  routes.add_session("GET", "/api/v1/devices/{serial}/camera/analytics/thumbnailTracks", &thumbnail_tracks);
}

} // namespace argus::api
