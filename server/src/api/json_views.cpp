#include "api/json_views.hpp"

#include <algorithm>

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
          {"node_group_id", network.id}};
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

nlohmann::json camera_json(const store::CameraRecord& camera, const services::Rights& rights, int shard_id) {
  auto channel = parse_stored(camera.channel_json);
  channel["id"] = camera.channel_id;
  if (camera.has_main_source) {
    // Our live and snapshot endpoints (never the RTSP URLs, which may carry credentials).
    auto base = "/n" + std::to_string(shard_id) + "/cameras/" + std::to_string(camera.id) + "/";
    channel["livestream_playlist_filename"] = "index.m3u8";
    channel["cloud_proxy_livestream_path"] = base + "live/main/";
    channel["local_lan_livestream_path"] = camera.has_sub_source ? nlohmann::json(base + "live/sub/") : nullptr;
    channel["snapshot_url"] = base + "snapshot.jpg";
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
  return {{"id", camera.id},
          {"network_id", camera.network_id},
          {"organization_id", camera.organization_id},
          {"mac", camera.mac},
          {"serial", camera.serial},
          {"model", camera.model},
          {"name", camera.name},
          {"notes", camera.notes},
          {"tags", camera.tags},
          {"status", camera.status},
          {"type", camera.type},
          {"ip", camera.ip ? nlohmann::json(*camera.ip) : nlohmann::json(nullptr)},
          {"local_lan_address",
           camera.local_lan_address ? nlohmann::json(*camera.local_lan_address) : nlohmann::json(nullptr)},
          {"has_cloud_archive", camera.has_cloud_archive},
          {"is_demo", camera.is_demo},
          {"position", position},
          {"floorplan_id", floorplan_id},
          {"product_short_description", camera.product_short_description},
          {"channel", channel},
          {"config", parse_stored(camera.config_json)},
          {"permissions", rights_json(rights)}};
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
          {"network_ids", only_listed(integration.network_ids, listed_network_ids)}};
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

} // namespace argus::api
