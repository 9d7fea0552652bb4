#include "support/permission_calls.hpp"

#include <chrono>
#include <ctime>
#include <regex>
#include <stdexcept>

#include "services/curl_transfer.hpp" // url_encoded

namespace argus::testing {
namespace {

// Values no organization owns: the same for every caller.
const std::map<std::string, std::string> k_constants = {
    {"stream", "main"},
    {"type", "handshake"},
    {"imageFile", "1.jpg"},
    {"requestId", "matrix-no-such-request"},
    {"token", "matrix-no-such-link"},
    {"ssoId", "matrix"},
    {"query", "Matrix"}, // global search: the name every thing the matrix made starts with
};

// Path parameter -> value name, where they differ.
const std::map<std::string, std::string> k_path_values = {{"adminId", "userId"}, {"id", "networkId"}};

// Query parameter -> value name. Parameters not listed (filters, paging, options) are left out.
const std::map<std::string, std::string> k_query_values = {
    {"networkId", "networkId"}, {"network_id", "networkId"},
    {"camera_id", "cameraId"},  {"video_channel_id", "channelId"},
    {"serial", "serial"},       {"serials", "serial"},
    {"job_ids", "jobId"},       {"user_id", "userId"},
    {"door_uuid", "doorUuid"},  {"q", "query"},
    {"start", "pastS"},         {"end", "nowS"},
    {"t0", "pastMs"},           {"t1", "nowMs"},
    {"start_ms", "pastMs"},     {"end_ms", "nowMs"},
    {"ts_ms", "pastMs"},
};

// The query parameter `id` names a different thing on each route.
const std::map<std::string, std::string> k_id_query_values = {
    {"/login/sso", "ssoId"},
    {"/vision/shard_for_network", "networkId"},
    {"/vision/networks", "orgId"},
    {"/vision/nfos", "orgId"},
    {"/n/{networkId}/manage/cameras/motion_search", "cameraId"},
};

// Bodies that would succeed for a caller with the right; {name} is a value. Writes not listed send {}.
const std::map<std::string, std::string> k_bodies = {
    {"PUT /vision/change_org", R"({"org_eid": "{orgEid}"})"},
    {"POST /api/v1/organizations/{orgId}/users", R"({"email": "matrix@example.com", "name": "Matrix"})"},
    {"PUT /api/v1/organizations/{orgId}/users/{userId}", R"({"disabled": true})"},
    {"PUT /api/v1/organizations/{orgId}/admins/{adminId}/privileges", R"({"privileges": []})"},
    {"POST /n/{networkId}/manage/support/wish", R"({"wish": "Matrix"})"},
    {"POST /n/{networkId}/manage/vision/cameras",
     R"({"name": "Matrix camera", "main_rtsp_url": "rtsp://127.0.0.1:9/matrix"})"},
    {"PUT /n/{networkId}/manage/vision/cameras/{cameraId}", R"({"name": "Matrix renamed"})"},
    {"POST /n/{networkId}/manage/vision/walls",
     R"({"name": "Matrix wall", "tiles": [{"x": 0, "y": 0, "w": 7, "h": 7, "video_channel_id": {channelId}}]})"},
    {"PUT /n/{networkId}/manage/vision/walls/{wallId}",
     R"({"name": "Matrix renamed", "tiles": [{"x": 0, "y": 0, "w": 7, "h": 7, "video_channel_id": {channelId}}]})"},
    {"POST /api/v1/organizations/{orgId}/camera/videoWallRotations",
     R"({"name": "Matrix rotation", "waitDuration": 30, "videoWallSequence": [{wallId}, {wallId}]})"},
    {"PUT /api/v1/organizations/{orgId}/camera/videoWallRotations/{rotationId}",
     R"({"name": "Matrix renamed", "waitDuration": 30, "videoWallSequence": [{wallId}, {wallId}]})"},
    {"PUT /api/v1/organizations/{orgId}/sign_in_policy",
     R"({"password_expiry_days": 1, "require_two_factor": true, "sso": {"enabled": false}})"},
    {"POST /n/{networkId}/manage/access_logs/log_event",
     R"({"event": "screenshot_created", "channel_id": {channelId}, "start_time": {pastS}, "end_time": {nowS}})"},
    {"POST /n/{networkId}/manage/video/export",
     R"({"video_channel_id": {channelId}, "t0": {pastS}, "t1": {nowS}, "skip_duplicate_check": true})"},
    {"POST /n/{networkId}/manage/video/concatenate", R"({"job_ids": [{jobId}, {jobId}], "filename": "Matrix"})"},
    {"POST /n/{networkId}/manage/dashboard/cancel_job", R"({"job_id": {jobId}})"},
    {"POST /n/{networkId}/manage/dashboard/delete_job", R"({"job_id": {jobId}})"},
    {"POST /n/{networkId}/manage/dashboard/rename_job", R"({"job_id": {jobId}, "filename": "Matrix renamed"})"},
    {"POST /api/v1/devices/{serial}/camera/video/bookmarks",
     R"({"startTs": "{pastIso}", "endTs": "{nowIso}", "description": "Matrix"})"},
    {"POST /api/v1/devices/{serial}/camera/liveTools/similaritySearch",
     R"({"trackId": "1", "t0": {pastMs}, "t1": {nowMs}, "cameras": ["{serial}"]})"},
    {"POST /api/v1/devices/{serial}/camera/liveTools/similaritySearch/tracks",
     R"({"timerange": {"t0": {pastMs}, "t1": {nowMs}}})"},
    {"POST /cometd",
     R"([{"channel": "/meta/handshake", "version": "1.0", "supportedConnectionTypes": ["long-polling"]}])"},
    {"POST /cometd/{type}",
     R"([{"channel": "/meta/handshake", "version": "1.0", "supportedConnectionTypes": ["long-polling"]}])"},
    {"POST /access_control/partners/{integrationId}/events", R"({"events": []})"},
};

const std::set<std::string> k_containers = {"orgId", "orgEid", "networkId"};

std::map<std::string, std::string> times() {
  auto now_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count() -
      2'000;
  auto past_ms = now_ms - 60'000;
  return {{"nowMs", std::to_string(now_ms)},       {"pastMs", std::to_string(past_ms)},
          {"nowS", std::to_string(now_ms / 1000)}, {"pastS", std::to_string(past_ms / 1000)},
          {"nowIso", iso_utc_ms(now_ms)},          {"pastIso", iso_utc_ms(past_ms)}};
}

class ValueSource {
public:
  ValueSource(const ContractOperation& operation, const MatrixTarget& target, MatrixCall& call)
      : operation_(operation), target_(target), call_(call), times_(times()) {}

  std::string operator()(const std::string& name, const std::string& parameter, bool is_filter = false) {
    if (auto found = target_.values.find(name); found != target_.values.end()) {
      if (target_.hidden.count(name))
        (is_filter ? call_.hidden_in_filters : call_.hidden_used).insert(name);
      return found->second;
    }
    if (auto found = k_constants.find(name); found != k_constants.end())
      return found->second;
    if (auto found = times_.find(name); found != times_.end())
      return found->second;
    throw std::invalid_argument(operation_.method + " " + operation_.path + ": no value for parameter '" + parameter +
                                "' (value '" + name + "'): give it one in permission_calls.cpp");
  }

private:
  const ContractOperation& operation_;
  const MatrixTarget& target_;
  MatrixCall& call_;
  std::map<std::string, std::string> times_;
};

} // namespace

std::string iso_utc_ms(std::int64_t ms) {
  std::time_t seconds = ms / 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  return std::string(text) + ".000Z";
}

MatrixCall build_call(const ContractOperation& operation, const MatrixTarget& target) {
  MatrixCall call;
  call.method = operation.method;
  ValueSource value(operation, target, call);
  static const std::regex placeholder("\\{([A-Za-z]+)\\}");

  std::string path;
  std::smatch match;
  std::string rest = operation.path;
  while (std::regex_search(rest, match, placeholder)) {
    auto parameter = match[1].str();
    auto mapped = k_path_values.count(parameter) ? k_path_values.at(parameter) : parameter;
    path += match.prefix().str() + services::url_encoded(value(mapped, parameter));
    rest = match.suffix().str();
  }
  path += rest;

  std::string query;
  for (const auto& parameter : operation.query_parameters()) {
    std::string mapped;
    if (parameter.name == "id" && k_id_query_values.count(operation.path))
      mapped = k_id_query_values.at(operation.path);
    else if (k_query_values.count(parameter.name))
      mapped = k_query_values.at(parameter.name);
    else if (!parameter.required)
      continue;
    else
      mapped = parameter.name; // a required parameter must have a value: value() throws when it has none
    query += (query.empty() ? "?" : "&") + parameter.name + "=" +
             services::url_encoded(value(mapped, parameter.name, !parameter.required));
  }
  call.target = "/n1" + path + query;

  if (operation.method != "GET") {
    auto found = k_bodies.find(operation.method + " " + operation.path);
    std::string body = found == k_bodies.end() ? "{}" : found->second;
    std::string filled;
    while (std::regex_search(body, match, placeholder)) {
      filled += match.prefix().str() + value(match[1].str(), match[1].str());
      body = match.suffix().str();
    }
    call.body = filled + body;
  }
  return call;
}

MatrixTarget with_ids_of_nothing(const MatrixTarget& target, const std::set<std::string>& names) {
  static const std::map<std::string, std::string> k_nothing = {
      {"serial", "Q999-9999-NONE"}, {"doorUuid", "door-of-nothing"}, {"orgEid", "no-such-org"}};
  MatrixTarget out = target;
  out.label = target.label + ", with ids nothing has";
  for (const auto& name : names) {
    auto found = k_nothing.find(name);
    out.values[name] = found == k_nothing.end() ? "999999" : found->second;
    out.hidden.erase(name);
  }
  return out;
}

MatrixTarget inside_own_containers(const MatrixTarget& target, const std::map<std::string, std::string>& own) {
  MatrixTarget out = target;
  out.label = target.label + " inside the caller's own organization and network";
  for (const auto& name : k_containers) {
    if (auto found = own.find(name); found != own.end()) {
      out.values[name] = found->second;
      out.hidden.erase(name);
    }
  }
  return out;
}

} // namespace argus::testing
