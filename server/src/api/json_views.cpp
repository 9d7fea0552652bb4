#include "api/json_views.hpp"

#include <algorithm>

#include "analytics/motion_search.hpp"
#include "services/wall_visibility.hpp"

namespace argus::api {
namespace {

nlohmann::json parse_stored(const std::string& text) {
  auto value = nlohmann::json::parse(text, nullptr, false);
  return value.is_object() ? value : nlohmann::json::object();
}

nlohmann::json only_listed(const std::vector<std::int64_t>& ids, const std::vector<std::int64_t>& listed) {
  auto out = nlohmann::json::array();
  for (auto id : ids) {
    if (std::find(listed.begin(), listed.end(), id) != listed.end())
      out.push_back(id);
  }
  return out;
}

// "h264" | "h265" from an RFC 6381 codec string (avc1/avc3, hvc1/hev1), null when nothing was recorded yet.
nlohmann::json video_codec_json(const std::optional<store::StreamFormatRecord>& format) {
  if (!format)
    return nullptr;
  auto family = format->codec.substr(0, 4);
  if (family == "avc1" || family == "avc3")
    return "h264";
  if (family == "hvc1" || family == "hev1")
    return "h265";
  return nullptr;
}

} // namespace

const char* const k_app_version = "0.1.0";

nlohmann::json organization_json(const store::OrganizationRecord& org) {
  return {{"id", org.id}, {"eid", org.eid}, {"name", org.name}, {"shard_id", org.shard_id}};
}

nlohmann::json user_json(const services::UserSnapshot& user, const services::OrgSnapshot& org) {
  const auto* membership = user.membership(org.organization.id);
  const auto& permissions = user.permissions(org.organization.id);
  auto hash = nlohmann::json::object();
  for (const auto& network : org.networks) {
    hash[std::to_string(network.id)] = {{"is_monitor_only_admin", permissions.is_monitor_only(network.id)}};
  }
  return {{"id", user.user.id},
          {"org_id", org.organization.id},
          {"name", user.user.name},
          {"email", user.user.email},
          {"is_admin", membership && membership->is_admin},
          {"is_org_write_admin", membership && membership->is_org_write_admin},
          {"min_idle_timeout", user.user.min_idle_timeout_minutes},
          {"shard_id", org.organization.shard_id},
          {"password_expired", user.user.password_expired},
          {"admin_permissions_hash", hash}};
}

nlohmann::json user_json(const SessionContext& caller) {
  return user_json(*caller.user, *caller.org);
}

nlohmann::json env_json(const store::OrganizationRecord& org) {
  return {{"manage_url", org.manage_url.empty() ? "/overview" : org.manage_url},
          {"google_maps_api_key", org.google_maps_api_key},
          {"google_maps_client_id", org.google_maps_client_id},
          {"app_version", k_app_version},
          {"shard_id", org.shard_id},
          {"organization", organization_json(org)}};
}

nlohmann::json network_json(const store::NetworkRecord& network) {
  return {{"id", network.id},
          {"eid", network.eid},
          {"name", network.name},
          {"organization_id", network.organization_id},
          {"timezone", network.timezone},
          {"tags", network.tags},
          {"locale_id", network.locale_id},
          {"local_lanname", network.local_lanname},
          {"node_group_id", network.id},
          {"shard_id", network.shard_id}};
}

nlohmann::json rights_json(const services::Rights& rights) {
  return {{"write", rights.write},
          {"export", rights.export_video},
          {"historical", rights.historical},
          {"live", rights.live}};
}

nlohmann::json network_permissions_json(const services::NetworkPermissions& p) {
  return {{"network_id", p.network_id}, {"read", p.read},
          {"write", p.write},           {"export", p.export_video},
          {"historical", p.historical}, {"live", p.live},
          {"events", p.events},         {"is_monitor_only_admin", p.is_monitor_only_admin}};
}

namespace {

//! Status, offline_reason and offline_since_ms as the API shows them: a camera without any source is offline with
//! no_source whatever its stored status; an offline camera the recorder has not classified yet is connecting.
void add_camera_status(const store::CameraRecord& camera, nlohmann::json& out) {
  auto optional_json = [](const auto& value) { return value ? nlohmann::json(*value) : nlohmann::json(nullptr); };
  bool has_source = camera.has_main_source || camera.has_sub_source;
  bool active = has_source && camera.status != "offline";
  out["status"] = active ? camera.status : std::string("offline");
  out["offline_reason"] = active        ? nlohmann::json(nullptr)
                          : !has_source ? nlohmann::json("no_source")
                                        : nlohmann::json(camera.offline_reason.value_or("connecting"));
  out["offline_since_ms"] = active ? nlohmann::json(nullptr) : optional_json(camera.offline_since_ms);
  out["recording_problem"] = active ? optional_json(camera.recording_problem) : nlohmann::json(nullptr);
}

} // namespace

nlohmann::json camera_json(const store::CameraRecord& camera, const services::Rights& rights) {
  auto channel = parse_stored(camera.channel_json);
  channel["id"] = camera.channel_id;
  if (camera.has_main_source) {
    // Our live and snapshot endpoints (never the RTSP URLs, which may carry credentials).
    // On the shard that serves the camera's network (a cross-network wall may show cameras of several shards).
    auto base = "/n" + std::to_string(camera.shard_id) + "/cameras/" + std::to_string(camera.id) + "/";
    channel["livestream_playlist_filename"] = "index.m3u8";
    channel["cloud_proxy_livestream_path"] = base + "live/main/";
    channel["local_lan_livestream_path"] = camera.has_sub_source ? nlohmann::json(base + "live/sub/") : nullptr;
    channel["snapshot_url"] = base + "snapshot.jpg";
  } else {
    channel["snapshot_url"] = nullptr; // nothing to take a snapshot of (whatever the stored channel says)
  }
  for (const char* key : {"livestream_playlist_filename", "cloud_proxy_livestream_path", "local_lan_livestream_path",
                          "local_lan_host", "singularity_host", "snapshot_url"}) {
    if (!channel.contains(key))
      channel[key] = nullptr;
  }
  if (!channel.contains("motion_based_retention_rois")) {
    channel["motion_based_retention_rois"] = nlohmann::json::array();
  }
  nlohmann::json position = nullptr;
  nlohmann::json floorplan_id = nullptr;
  if (camera.placement) {
    position = {{"lat", camera.placement->lat}, {"lng", camera.placement->lng}};
    floorplan_id = camera.placement->floor_plan_id;
  }
  nlohmann::json out = {{"id", camera.id},
                        {"network_id", camera.network_id},
                        {"organization_id", camera.organization_id},
                        {"mac", camera.mac},
                        {"serial", camera.serial},
                        {"model", camera.model},
                        {"name", camera.name},
                        {"notes", camera.notes},
                        {"tags", camera.tags},
                        {"type", camera.type},
                        {"imager_count", camera.imager_count},
                        {"ip", camera.ip ? nlohmann::json(*camera.ip) : nlohmann::json(nullptr)},
                        {"local_lan_address", camera.local_lan_address ? nlohmann::json(*camera.local_lan_address)
                                                                       : nlohmann::json(nullptr)},
                        {"has_cloud_archive", camera.has_cloud_archive},
                        {"is_demo", camera.is_demo},
                        {"position", position},
                        {"floorplan_id", floorplan_id},
                        {"product_short_description", camera.product_short_description},
                        {"channel", channel},
                        {"config", parse_stored(camera.config_json)},
                        {"permissions", rights_json(rights)},
                        {"video_codec", video_codec_json(camera.main_format)},
                        {"browser_playable", !camera.main_format || camera.main_format->browser_playable},
                        {"sub_video_codec", video_codec_json(camera.sub_format)},
                        {"sub_browser_playable", !camera.sub_format || camera.sub_format->browser_playable}};
  add_camera_status(camera, out);
  return out;
}

nlohmann::json member_json(const store::MemberRecord& member) {
  return {{"id", member.user_id},
          {"name", member.name},
          {"email", member.email},
          {"is_admin", member.membership.is_admin},
          {"is_org_write_admin", member.membership.is_org_write_admin},
          {"disabled", member.membership.disabled},
          {"two_factor_enabled", member.two_factor_enabled},
          {"sign_in_code", member.sign_in_code ? nlohmann::json(*member.sign_in_code) : nlohmann::json(nullptr)},
          {"min_idle_timeout", member.min_idle_timeout_minutes}};
}

nlohmann::json privilege_json(const store::PrivilegeRecord& privilege) {
  auto optional_id = [](const std::optional<std::int64_t>& id) {
    return id ? nlohmann::json(*id) : nlohmann::json(nullptr);
  };
  return {{"id", privilege.id},
          {"scope", privilege.scope},
          {"network_id", optional_id(privilege.network_id)},
          {"camera_id", optional_id(privilege.camera_id)},
          {"tag", privilege.tag ? nlohmann::json(*privilege.tag) : nlohmann::json(nullptr)},
          {"rights", rights_json(privilege.rights)}};
}

nlohmann::json nfo_json(const store::FeatureFlagRecord& flag, const std::vector<std::int64_t>& listed_network_ids) {
  return {{"feature", flag.feature},
          {"enabled", flag.enabled},
          {"org_wide", flag.org_wide},
          {"network_ids", only_listed(flag.network_ids, listed_network_ids)}};
}

nlohmann::json integration_json(const store::IntegrationRecord& integration,
                                const std::vector<std::int64_t>& listed_network_ids) {
  return {{"id", integration.id},
          {"partner", integration.partner},
          {"name", integration.name},
          {"enabled", integration.enabled},
          {"network_ids", only_listed(integration.network_ids, listed_network_ids)},
          {"canIssueCommands", integration.can_issue_commands}};
}

nlohmann::json floor_plan_json(const store::FloorPlanRecord& plan, const std::vector<std::int64_t>& node_ids,
                               std::int64_t shard_id) {
  return {{"id", plan.id},
          {"name", plan.name},
          {"image_url", "/n" + std::to_string(shard_id) + "/floorplans/" + std::to_string(plan.id) + "/image"},
          {"image_extension", plan.image_extension},
          {"image_md5", plan.image_md5},
          {"node_ids", node_ids},
          {"node_group_ids", nlohmann::json::array({plan.network_id})},
          {"locale_id", plan.locale_id},
          {"is_geoaligned", plan.is_geoaligned},
          {"ne_lat", plan.ne_lat},
          {"ne_lng", plan.ne_lng},
          {"sw_lat", plan.sw_lat},
          {"sw_lng", plan.sw_lng},
          {"rotation_angle", plan.rotation_angle}};
}

nlohmann::json wall_json(const services::VisibleWall& wall) {
  auto optional_real = [](const std::optional<double>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
  };
  auto tiles = nlohmann::json::array();
  for (const auto& visible : wall.tiles) {
    const auto& tile = *visible.tile;
    tiles.push_back({{"id", tile.id},
                     {"x", tile.x},
                     {"y", tile.y},
                     {"w", tile.w},
                     {"h", tile.h},
                     {"video_layout_id", wall.wall->id},
                     {"video_channel_id", visible.camera->channel_id},
                     {"imager_id", tile.imager_id ? nlohmann::json(*tile.imager_id) : nlohmann::json(nullptr)},
                     {"theta", optional_real(tile.theta)},
                     {"phi", optional_real(tile.phi)},
                     {"fov", optional_real(tile.fov)},
                     {"camera", camera_json(*visible.camera, visible.rights)}});
  }
  return {{"id", wall.wall->id},
          {"name", wall.wall->name},
          {"network_id", wall.wall->network_id},
          {"is_cross_network", wall.wall->is_cross_network},
          {"tiles", std::move(tiles)}};
}

nlohmann::json wall_rotation_json(const store::WallRotationRecord& rotation,
                                  const std::vector<std::int64_t>& wall_ids) {
  return {{"id", rotation.id},
          {"name", rotation.name},
          {"networkId", rotation.network_id},
          {"waitDuration", rotation.wait_duration_s},
          {"videoWallSequence", wall_ids}};
}

nlohmann::json motion_search_json(const std::vector<analytics::MotionSearchEvent>& events, std::int64_t camera_id,
                                  const analytics::MotionGrid& grid,
                                  const std::function<std::string(std::int64_t image)>& image_url) {
  auto out = nlohmann::json::array();
  for (const auto& found : events) {
    const auto& event = found.event;
    auto images = nlohmann::json::array();
    for (auto image : found.images)
      images.push_back(image_url(image));
    auto subevents = nlohmann::json::array();
    for (std::size_t i = 0; i < event.subevents.size(); ++i) {
      const auto& subevent = event.subevents[i];
      const auto& image = found.subevent_images[i];
      subevents.push_back({{"ts", subevent.start_s},
                           {"duration_ms", (subevent.end_s - subevent.start_s) * 1000},
                           {"img_url", image ? nlohmann::json(image_url(*image)) : nlohmann::json(nullptr)},
                           {"motion", subevent.motion},
                           {"has_people", false},
                           {"has_vehicles", false}});
    }
    out.push_back({{"ts", event.start_s},
                   {"end_ts", event.end_s},
                   {"duration_ms", event.duration_ms()},
                   {"img_url", std::move(images)},
                   {"intensity_frame", event.intensity_frame},
                   {"intensity_roi", event.intensity_roi},
                   {"has_people", false},
                   {"has_moving_people", false},
                   {"has_vehicles", false},
                   {"has_moving_vehicles", false},
                   {"has_object_maps", false},
                   {"nightmode", false},
                   {"index", out.size()},
                   {"cameraId", camera_id},
                   {"subevents", std::move(subevents)}});
  }
  return {{"subevents", std::move(out)}, {"grid", {{"cols", grid.cols}, {"rows", grid.rows}}}};
}

} // namespace argus::api
