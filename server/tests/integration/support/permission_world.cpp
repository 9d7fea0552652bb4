#include "support/permission_world.hpp"

#include <chrono>
#include <sstream>

#include "support/api_helpers.hpp"
#include "support/permission_calls.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

json json_or_null(const HttpResponse& response) {
  if (response.status < 200 || response.status >= 300)
    return nullptr;
  return json::parse(response.body, nullptr, false);
}

// The last path segment (without query) of a URI.
std::string file_name(std::string uri) {
  uri = uri.substr(0, uri.find('?'));
  return uri.substr(uri.rfind('/') + 1);
}

// The file name of a playlist's first media segment (its first line that is not a tag), or "".
std::string first_segment_name(const std::string& playlist) {
  std::istringstream lines(playlist);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != '#')
      return file_name(line);
  }
  return {};
}

// The file name of a playlist's EXT-X-MAP (init segment), or "".
std::string map_name(const std::string& playlist) {
  auto at = playlist.find("#EXT-X-MAP:URI=\"");
  if (at == std::string::npos)
    return {};
  at += 16;
  return file_name(playlist.substr(at, playlist.find('"', at) - at));
}

void add_marker(std::vector<std::string>& markers, const json& value) {
  if (value.is_string() && value.get<std::string>().size() >= 5)
    markers.push_back(value.get<std::string>());
}

// Finds the first value of `key` anywhere in a document.
json find_key(const json& document, const std::string& key) {
  if (document.is_object()) {
    if (document.contains(key))
      return document[key];
    for (const auto& [name, child] : document.items()) {
      if (auto found = find_key(child, key); !found.is_null())
        return found;
    }
  } else if (document.is_array()) {
    for (const auto& child : document) {
      if (auto found = find_key(child, key); !found.is_null())
        return found;
    }
  }
  return nullptr;
}

std::string text_of(const json& value) {
  if (value.is_string())
    return value.get<std::string>();
  return value.is_null() ? std::string() : value.dump();
}

} // namespace

json cameras_of(HttpClient& client, std::int64_t network_id) {
  auto listed = json_or_null(client.get(api("/n/" + std::to_string(network_id) + "/manage/vision/cameras")));
  return listed.is_array() ? listed : json::array();
}

std::vector<std::string> camera_markers(const json& camera) {
  std::vector<std::string> out;
  add_marker(out, camera["name"]);
  add_marker(out, camera["serial"]);
  add_marker(out, camera["mac"]);
  out.push_back("/cameras/" + camera["id"].dump() + "/");
  return out;
}

std::string OrganizationWorld::value(const std::string& name) const {
  auto found = values.find(name);
  return found == values.end() ? std::string() : found->second;
}

OrganizationWorld OrganizationWorld::gather(HttpClient& owner, std::int64_t organization_id, std::string eid,
                                            std::string name, std::int64_t network_id, std::int64_t camera_id,
                                            bool make_rotation) {
  OrganizationWorld world;
  world.organization_id = organization_id;
  world.organization_eid = std::move(eid);
  world.organization_name = std::move(name);
  world.network_id = network_id;
  const std::string org = std::to_string(organization_id);
  const std::string network = std::to_string(network_id);
  const std::string camera_text = std::to_string(camera_id);
  auto& markers = world.markers;
  markers.push_back(world.organization_name);

  auto networks = json_or_null(owner.get(api("/vision/networks")));
  for (const auto& each : networks.is_array() ? networks : json::array()) {
    if (each["organization_id"] != organization_id)
      continue;
    add_marker(markers, each["name"]);
    auto id = each["id"].get<std::int64_t>();
    for (const auto& camera : cameras_of(owner, id)) {
      for (auto& marker : camera_markers(camera))
        markers.push_back(marker);
      if (camera["id"] == camera_id)
        world.camera = camera;
    }
    auto walls = json_or_null(owner.get(api("/n/" + std::to_string(id) + "/manage/vision/walls")));
    for (const auto& wall : walls.is_array() ? walls : json::array()) {
      add_marker(markers, wall["name"]);
      world.values.emplace("wallId", wall["id"].dump());
    }
  }
  for (const auto& member : json_or_null(owner.get(api("/api/v1/organizations/" + org + "/users")))) {
    if (member["email"] == "admin@argus.demo")
      continue; // a member of both demo organizations
    add_marker(markers, member["email"]);
    add_marker(markers, member["name"]);
    if (member["is_org_write_admin"] == true)
      world.values.emplace("userId", member["id"].dump());
  }

  world.values["orgId"] = org;
  world.values["orgEid"] = world.organization_eid;
  world.values["networkId"] = network;
  world.values["cameraId"] = camera_text;
  world.values["serial"] = text_of(world.camera["serial"]);
  world.values["channelId"] = text_of(world.camera["channel"]["id"]);

  // The things made on the camera: live and recorded file names (once it records), an export, a bookmark.
  const std::string camera_path = "/cameras/" + camera_text;
  std::string live_file, chunk_file, init_file;
  poll_until(30s, [&] {
    auto live = owner.get(api(camera_path + "/live/main/index.m3u8"));
    live_file = live.status == 200 ? first_segment_name(live.body) : "";
    auto end = now_ms();
    auto history = owner.get(api(camera_path + "/history/main/index.m3u8?start_ms=" + std::to_string(end - 600'000) +
                                 "&end_ms=" + std::to_string(end)));
    chunk_file = history.status == 200 ? first_segment_name(history.body) : "";
    init_file = history.status == 200 ? map_name(history.body) : "";
    return !live_file.empty() && !chunk_file.empty() && !init_file.empty();
  });
  world.values["file"] = live_file.empty() ? k_no_file : live_file;
  world.values["chunkFile"] = chunk_file.empty() ? k_no_file : chunk_file;
  world.values["initFile"] = init_file.empty() ? k_no_file : init_file;

  json export_request{{"video_channel_id", world.camera["channel"]["id"]},
                      {"skip_duplicate_check", true},
                      {"filename", "Matrix export of " + world.organization_name}};
  json job;
  poll_until(30s, [&] { // "No recorded video in this range" until the first chunks are indexed
    export_request["t1"] = now_ms() / 1000 - 1;
    export_request["t0"] = now_ms() / 1000 - 4;
    job = json_or_null(owner.post_json(api("/n/" + network + "/manage/video/export"), export_request));
    return job.is_object();
  });
  world.values["jobId"] = job.is_object() ? job["id"].dump() : "0";
  markers.push_back(export_request["filename"].get<std::string>());

  json bookmark_request{{"startTs", iso_utc_ms(now_ms() - 60'000)},
                        {"endTs", iso_utc_ms(now_ms() - 30'000)},
                        {"description", "Matrix bookmark of " + world.organization_name}};
  auto bookmark = json_or_null(
      owner.post_json(api("/api/v1/devices/" + world.value("serial") + "/camera/video/bookmarks"), bookmark_request));
  world.values["bookmarkId"] = bookmark.is_object() ? text_of(bookmark["id"]) : "0";
  markers.push_back(bookmark_request["description"].get<std::string>());

  if (make_rotation) {
    json tile{{"x", 0}, {"y", 0}, {"w", 7}, {"h", 7}, {"video_channel_id", world.camera["channel"]["id"]}};
    json wall_request{{"name", "Matrix wall of " + world.organization_name}, {"tiles", json::array({tile})}};
    auto wall = json_or_null(owner.post_json(api("/n/" + network + "/manage/vision/walls"), wall_request));
    markers.push_back(wall_request["name"].get<std::string>());
    if (wall.is_object()) {
      json rotation_request{{"name", "Matrix rotation of " + world.organization_name},
                            {"waitDuration", 30},
                            {"videoWallSequence", json::array({std::stoll(world.value("wallId")), wall["id"]})}};
      owner.post_json(api("/api/v1/organizations/" + org + "/camera/videoWallRotations?networkId=" + network),
                      rotation_request);
      markers.push_back(rotation_request["name"].get<std::string>());
    }
  }
  auto rotations =
      json_or_null(owner.get(api("/api/v1/organizations/" + org + "/camera/videoWallRotations?networkId=" + network)));
  for (const auto& rotation : rotations.is_array() ? rotations : json::array()) {
    add_marker(markers, rotation["name"]);
    world.values.emplace("rotationId", rotation["id"].dump());
  }

  auto integrations =
      json_or_null(owner.get(api("/api/v1/organizations/" + org + "/camera/accessControlPartnerIntegrations")));
  world.values["integrationId"] = integrations.is_array() && !integrations.empty() ? integrations[0]["id"].dump() : "0";
  auto mappings = json_or_null(owner.get(api("/api/genea/v1/organizations/" + org + "/doorCameraMappings")));
  auto door_uuid = text_of(find_key(mappings, "uuid"));
  world.values["doorUuid"] = door_uuid.empty() ? "00000000-0000-4000-8000-000000000000" : door_uuid;
  auto plans = json_or_null(owner.get(api("/node_groups/" + network + "/floorplans")));
  world.values["floorPlanId"] = plans.is_array() && !plans.empty() ? plans[0]["id"].dump() : "0";
  world.values.emplace("wallId", "0");
  world.values.emplace("rotationId", "0");
  world.values.emplace("userId", "0");

  world.inventory_before = world.inventory(owner);
  return world;
}

json OrganizationWorld::inventory(HttpClient& owner) const {
  const std::string org = std::to_string(organization_id);
  json out = json::object();
  auto networks = json_or_null(owner.get(api("/vision/networks")));
  for (const auto& each : networks.is_array() ? networks : json::array()) {
    if (each["organization_id"] != organization_id)
      continue;
    const std::string id = each["id"].dump();
    json& network = out["networks"][id];
    network["name"] = each["name"];
    for (const auto& camera : cameras_of(owner, each["id"].get<std::int64_t>()))
      network["cameras"].push_back({camera["id"], camera["name"], camera["tags"], camera["serial"]});
    auto walls = json_or_null(owner.get(api("/n/" + id + "/manage/vision/walls")));
    for (const auto& wall : walls.is_array() ? walls : json::array())
      network["walls"].push_back({wall["id"], wall["name"], wall["tiles"].size()});
    auto rotations =
        json_or_null(owner.get(api("/api/v1/organizations/" + org + "/camera/videoWallRotations?networkId=" + id)));
    for (const auto& rotation : rotations.is_array() ? rotations : json::array())
      network["rotations"].push_back({rotation["id"], rotation["name"], rotation["videoWallSequence"]});
    auto jobs = json_or_null(owner.get(api("/n/" + id + "/manage/dashboard/job_data")));
    for (const auto& job : jobs.is_object() ? jobs["jobs"] : json::array())
      network["exports"].push_back({job["id"], job.value("filename", json()), job.value("shared", json())});
  }
  for (const auto& member : json_or_null(owner.get(api("/api/v1/organizations/" + org + "/users")))) {
    out["members"].push_back(
        {member["id"], member["email"], member["disabled"], member["is_admin"], member["is_org_write_admin"]});
  }
  auto bookmarks = json_or_null(owner.get(api("/api/v1/organizations/" + org + "/camera/video/bookmarks")));
  for (const auto& bookmark : bookmarks.is_object() ? bookmarks["items"] : json::array())
    out["bookmarks"].push_back({bookmark["id"], bookmark["description"]});
  out["sign_in_policy"] = json_or_null(owner.get(api("/api/v1/organizations/" + org + "/sign_in_policy")));
  out["integrations"] =
      json_or_null(owner.get(api("/api/v1/organizations/" + org + "/camera/accessControlPartnerIntegrations")));
  return out;
}

} // namespace argus::testing
