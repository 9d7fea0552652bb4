// SqliteDatabase: organizations, networks, cameras, floor plans, privileges, feature flags and integrations. List
// columns (tags, network ids) are JSON text so that the same schema fits PostgreSQL.
#include <nlohmann/json.hpp>

#include "store/json_lists.hpp"
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

std::optional<std::int64_t> id_or_null(std::int64_t id) {
  return id == 0 ? std::optional<std::int64_t>{} : std::optional<std::int64_t>{id};
}

const std::string k_organization_columns =
    "SELECT id, eid, name, shard_id, manage_url, google_maps_api_key, "
    "google_maps_client_id, password_expiry_days, require_two_factor FROM organizations ";

OrganizationRecord read_organization(const SqliteStatement& row) {
  return {row.integer(0),     row.text(1), row.text(2), row.integer(3),
          row.text(4),        row.text(5), row.text(6), row.optional_integer(7),
          row.integer(8) != 0};
}

} // namespace

std::vector<OrganizationRecord> SqliteDatabase::organizations() {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_organization_columns + "ORDER BY id");
  std::vector<OrganizationRecord> out;
  while (statement->step())
    out.push_back(read_organization(*statement));
  return out;
}

std::optional<OrganizationRecord> SqliteDatabase::find_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_organization_columns + "WHERE id = ?");
  statement->bind(1, organization_id);
  if (!statement->step())
    return std::nullopt;
  return read_organization(*statement);
}

void SqliteDatabase::insert_organization(const OrganizationRecord& org) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO organizations (id, eid, name, shard_id, manage_url, google_maps_api_key, "
                "google_maps_client_id, password_expiry_days, require_two_factor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, org.id)
      .bind(2, std::string_view(org.eid))
      .bind(3, std::string_view(org.name))
      .bind(4, org.shard_id)
      .bind(5, std::string_view(org.manage_url))
      .bind(6, std::string_view(org.google_maps_api_key))
      .bind(7, std::string_view(org.google_maps_client_id))
      .bind(8, org.password_expiry_days)
      .bind(9, static_cast<std::int64_t>(org.require_two_factor))
      .run();
}

std::vector<NetworkRecord> SqliteDatabase::networks_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT id, eid, organization_id, name, timezone, tags_json, locale_id, "
                                        "local_lanname, shard_id FROM networks WHERE organization_id = ? ORDER BY id");
  statement->bind(1, organization_id);
  std::vector<NetworkRecord> out;
  while (statement->step()) {
    out.push_back({statement->integer(0), statement->text(1), statement->integer(2), statement->text(3),
                   statement->text(4), from_json_list<std::string>(statement->text(5)), statement->text(6),
                   statement->text(7), statement->integer(8)});
  }
  return out;
}

void SqliteDatabase::insert_network(const NetworkRecord& network) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO networks (id, eid, organization_id, name, timezone, tags_json, locale_id, local_lanname, "
                "shard_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, network.id)
      .bind(2, std::string_view(network.eid))
      .bind(3, network.organization_id)
      .bind(4, std::string_view(network.name))
      .bind(5, std::string_view(network.timezone))
      .bind(6, std::string_view(to_json_list(network.tags)))
      .bind(7, std::string_view(network.locale_id))
      .bind(8, std::string_view(network.local_lanname))
      .bind(9, network.shard_id)
      .run();
}

std::optional<std::int64_t> SqliteDatabase::network_shard(std::int64_t network_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT shard_id FROM networks WHERE id = ?");
  statement->bind(1, network_id);
  if (!statement->step())
    return std::nullopt;
  return statement->integer(0);
}

bool SqliteDatabase::set_network_shard(std::int64_t network_id, std::int64_t shard_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("UPDATE networks SET shard_id = ? WHERE id = ?");
  statement->bind(1, shard_id).bind(2, network_id).run();
  return statement->changes() > 0;
}

std::vector<CameraRecord> SqliteDatabase::cameras_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT c.id, c.network_id, n.organization_id, c.mac, c.serial, c.model, c.name, c.notes, c.tags_json, "
      "c.status, c.camera_type, c.ip, c.local_lan_address, c.has_cloud_archive, c.is_demo, "
      "c.product_short_description, c.channel_id, c.channel_json, c.config_json, p.floor_plan_id, p.lat, p.lng, "
      "c.main_rtsp_url IS NOT NULL AND c.main_rtsp_url != '', c.sub_rtsp_url IS NOT NULL AND c.sub_rtsp_url != '', "
      "im.codec, im.browser_playable, isub.codec, isub.browser_playable, "
      "c.offline_reason, c.offline_since_ms, c.recording_problem, c.imager_count, n.shard_id "
      "FROM cameras c JOIN networks n ON n.id = c.network_id "
      "LEFT JOIN camera_placements p ON p.camera_id = c.id "
      // The newest init segment of each stream (index init_segments_by_stream): what the camera streams now.
      "LEFT JOIN init_segments im ON im.id = "
      "(SELECT MAX(id) FROM init_segments WHERE camera_id = c.id AND stream = 'main') "
      "LEFT JOIN init_segments isub ON isub.id = "
      "(SELECT MAX(id) FROM init_segments WHERE camera_id = c.id AND stream = 'sub') "
      "WHERE n.organization_id = ? ORDER BY c.id");
  statement->bind(1, organization_id);
  std::vector<CameraRecord> out;
  while (statement->step()) {
    const auto& row = *statement;
    CameraRecord camera{row.integer(0),        row.integer(1),       row.integer(2),
                        row.text(3),           row.text(4),          row.text(5),
                        row.text(6),           row.text(7),          from_json_list<std::string>(row.text(8)),
                        row.text(9),           row.text(10),         row.optional_text(11),
                        row.optional_text(12), row.integer(13) != 0, row.integer(14) != 0,
                        row.text(15),          row.integer(16),      row.text(17),
                        row.text(18),          std::nullopt};
    if (!row.is_null(19))
      camera.placement = PlacementRecord{row.integer(19), row.real(20), row.real(21)};
    camera.has_main_source = row.integer(22) != 0;
    camera.has_sub_source = row.integer(23) != 0;
    if (!row.is_null(24))
      camera.main_format = StreamFormatRecord{row.text(24), row.integer(25) != 0};
    if (!row.is_null(26))
      camera.sub_format = StreamFormatRecord{row.text(26), row.integer(27) != 0};
    camera.offline_reason = row.optional_text(28);
    camera.offline_since_ms = row.optional_integer(29);
    camera.recording_problem = row.optional_text(30);
    camera.imager_count = row.integer(31);
    camera.shard_id = row.integer(32);
    out.push_back(std::move(camera));
  }
  auto imagers = imager_streams_of_organization(organization_id);
  for (auto& camera : out) {
    if (auto it = imagers.find(camera.id); it != imagers.end())
      camera.imager_streams = std::move(it->second);
  }
  return out;
}

void SqliteDatabase::insert_camera_row(const CameraRecord& camera, std::int64_t id, std::int64_t channel_id) {
  connection_
      ->prepare("INSERT INTO cameras (id, network_id, mac, serial, model, name, notes, tags_json, status, "
                "camera_type, ip, local_lan_address, has_cloud_archive, is_demo, product_short_description, "
                "channel_id, channel_json, config_json, imager_count) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, id)
      .bind(2, camera.network_id)
      .bind(3, std::string_view(camera.mac))
      .bind(4, std::string_view(camera.serial))
      .bind(5, std::string_view(camera.model))
      .bind(6, std::string_view(camera.name))
      .bind(7, std::string_view(camera.notes))
      .bind(8, std::string_view(to_json_list(camera.tags)))
      .bind(9, std::string_view(camera.status))
      .bind(10, std::string_view(camera.type))
      .bind(11, camera.ip)
      .bind(12, camera.local_lan_address)
      .bind_bool(13, camera.has_cloud_archive)
      .bind_bool(14, camera.is_demo)
      .bind(15, std::string_view(camera.product_short_description))
      .bind(16, channel_id)
      .bind(17, std::string_view(camera.channel_json))
      .bind(18, std::string_view(camera.config_json))
      .bind(19, camera.imager_count)
      .run();
}

void SqliteDatabase::insert_camera(const CameraRecord& camera) {
  std::lock_guard lock(mutex_);
  in_transaction([&] {
    insert_camera_row(camera, camera.id, camera.channel_id);
    if (camera.placement) {
      connection_->prepare("INSERT INTO camera_placements (camera_id, floor_plan_id, lat, lng) VALUES (?, ?, ?, ?)")
          ->bind(1, camera.id)
          .bind(2, camera.placement->floor_plan_id)
          .bind(3, camera.placement->lat)
          .bind(4, camera.placement->lng)
          .run();
    }
  });
}

std::vector<FloorPlanRecord> SqliteDatabase::floor_plans_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT f.id, f.network_id, f.name, f.image_file_name, f.image_extension, f.image_md5, f.locale_id, "
      "f.is_geoaligned, f.ne_lat, f.ne_lng, f.sw_lat, f.sw_lng, f.rotation_angle FROM floor_plans f "
      "JOIN networks n ON n.id = f.network_id WHERE n.organization_id = ? ORDER BY f.id");
  statement->bind(1, organization_id);
  std::vector<FloorPlanRecord> out;
  while (statement->step()) {
    const auto& row = *statement;
    out.push_back({row.integer(0), row.integer(1), row.text(2), row.text(3), row.text(4), row.text(5), row.text(6),
                   row.integer(7) != 0, row.real(8), row.real(9), row.real(10), row.real(11), row.real(12)});
  }
  return out;
}

void SqliteDatabase::insert_floor_plan(const FloorPlanRecord& plan) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO floor_plans (id, network_id, name, image_file_name, image_extension, image_md5, "
                "locale_id, is_geoaligned, ne_lat, ne_lng, sw_lat, sw_lng, rotation_angle) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, plan.id)
      .bind(2, plan.network_id)
      .bind(3, std::string_view(plan.name))
      .bind(4, std::string_view(plan.image_file_name))
      .bind(5, std::string_view(plan.image_extension))
      .bind(6, std::string_view(plan.image_md5))
      .bind(7, std::string_view(plan.locale_id))
      .bind_bool(8, plan.is_geoaligned)
      .bind(9, plan.ne_lat)
      .bind(10, plan.ne_lng)
      .bind(11, plan.sw_lat)
      .bind(12, plan.sw_lng)
      .bind(13, plan.rotation_angle)
      .run();
}

std::vector<PrivilegeRecord> SqliteDatabase::privileges_of_user(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT id, user_id, organization_id, scope, network_id, camera_id, tag, can_write, can_export, "
      "can_historical, can_live FROM privileges WHERE user_id = ? ORDER BY id");
  statement->bind(1, user_id);
  std::vector<PrivilegeRecord> out;
  while (statement->step()) {
    const auto& row = *statement;
    out.push_back({row.integer(0), row.integer(1), row.integer(2), row.text(3), row.optional_integer(4),
                   row.optional_integer(5), row.optional_text(6),
                   RightsRecord{row.integer(7) != 0, row.integer(8) != 0, row.integer(9) != 0, row.integer(10) != 0}});
  }
  return out;
}

void SqliteDatabase::insert_privilege(const PrivilegeRecord& privilege) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO privileges (id, user_id, organization_id, scope, network_id, camera_id, tag, can_write, "
                "can_export, can_historical, can_live) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, id_or_null(privilege.id))
      .bind(2, privilege.user_id)
      .bind(3, privilege.organization_id)
      .bind(4, std::string_view(privilege.scope))
      .bind(5, privilege.network_id)
      .bind(6, privilege.camera_id)
      .bind(7, privilege.tag)
      .bind_bool(8, privilege.rights.write)
      .bind_bool(9, privilege.rights.export_video)
      .bind_bool(10, privilege.rights.historical)
      .bind_bool(11, privilege.rights.live)
      .run();
}

void SqliteDatabase::delete_privileges_of_member(std::int64_t user_id, std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  connection_->prepare("DELETE FROM privileges WHERE user_id = ? AND organization_id = ?")
      ->bind(1, user_id)
      .bind(2, organization_id)
      .run();
}

std::vector<FeatureFlagRecord> SqliteDatabase::feature_flags_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT id, organization_id, feature, enabled, org_wide, network_ids_json "
                                        "FROM feature_flags WHERE organization_id = ? ORDER BY feature");
  statement->bind(1, organization_id);
  std::vector<FeatureFlagRecord> out;
  while (statement->step()) {
    out.push_back({statement->integer(0), statement->integer(1), statement->text(2), statement->integer(3) != 0,
                   statement->integer(4) != 0, from_json_list<std::int64_t>(statement->text(5))});
  }
  return out;
}

void SqliteDatabase::insert_feature_flag(const FeatureFlagRecord& flag) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO feature_flags (id, organization_id, feature, enabled, org_wide, network_ids_json) "
                "VALUES (?, ?, ?, ?, ?, ?)")
      ->bind(1, id_or_null(flag.id))
      .bind(2, flag.organization_id)
      .bind(3, std::string_view(flag.feature))
      .bind_bool(4, flag.enabled)
      .bind_bool(5, flag.org_wide)
      .bind(6, std::string_view(to_json_list(flag.network_ids)))
      .run();
}

std::vector<ShardFeatureRecord> SqliteDatabase::shard_features(std::int64_t shard_id) {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare("SELECT shard_id, feature, enabled FROM shard_features WHERE shard_id = ? ORDER BY feature");
  statement->bind(1, shard_id);
  std::vector<ShardFeatureRecord> out;
  while (statement->step())
    out.push_back({statement->integer(0), statement->text(1), statement->integer(2) != 0});
  return out;
}

void SqliteDatabase::insert_shard_feature(const ShardFeatureRecord& feature) {
  std::lock_guard lock(mutex_);
  connection_->prepare("INSERT INTO shard_features (shard_id, feature, enabled) VALUES (?, ?, ?)")
      ->bind(1, feature.shard_id)
      .bind(2, std::string_view(feature.feature))
      .bind_bool(3, feature.enabled)
      .run();
}

namespace {

constexpr const char* k_integration_columns =
    "SELECT id, organization_id, partner, name, enabled, network_ids_json, base_url, webhook_secret, command_token, "
    "can_issue_commands FROM access_control_integrations ";

IntegrationRecord integration_from_row(const SqliteStatement& row) {
  return {row.integer(0),     row.integer(1),      row.text(2),
          row.text(3),        row.integer(4) != 0, from_json_list<std::int64_t>(row.text(5)),
          row.text(6),        row.text(7),         row.text(8),
          row.integer(9) != 0};
}

} // namespace

std::vector<IntegrationRecord> SqliteDatabase::integrations_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string(k_integration_columns) + "WHERE organization_id = ? ORDER BY id");
  statement->bind(1, organization_id);
  std::vector<IntegrationRecord> out;
  while (statement->step())
    out.push_back(integration_from_row(*statement));
  return out;
}

bool SqliteDatabase::set_integration_partner(std::int64_t integration_id, const std::string& base_url,
                                             const std::string& webhook_secret, const std::string& command_token,
                                             bool can_issue_commands) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("UPDATE access_control_integrations SET base_url = ?, webhook_secret = ?, "
                                        "command_token = ?, can_issue_commands = ? WHERE id = ?");
  statement->bind(1, std::string_view(base_url))
      .bind(2, std::string_view(webhook_secret))
      .bind(3, std::string_view(command_token))
      .bind_bool(4, can_issue_commands)
      .bind(5, integration_id)
      .run();
  return statement->changes() > 0;
}

std::optional<IntegrationRecord> SqliteDatabase::find_integration(std::int64_t integration_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string(k_integration_columns) + "WHERE id = ?");
  statement->bind(1, integration_id);
  if (!statement->step())
    return std::nullopt;
  return integration_from_row(*statement);
}

std::vector<IntegrationRecord> SqliteDatabase::integrations_with_partner() {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare(std::string(k_integration_columns) + "WHERE enabled = 1 AND base_url <> '' ORDER BY id");
  std::vector<IntegrationRecord> out;
  while (statement->step())
    out.push_back(integration_from_row(*statement));
  return out;
}

void SqliteDatabase::insert_integration(const IntegrationRecord& integration) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO access_control_integrations (id, organization_id, partner, name, enabled, "
                "network_ids_json, base_url, webhook_secret, command_token, can_issue_commands) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, id_or_null(integration.id))
      .bind(2, integration.organization_id)
      .bind(3, std::string_view(integration.partner))
      .bind(4, std::string_view(integration.name))
      .bind_bool(5, integration.enabled)
      .bind(6, std::string_view(to_json_list(integration.network_ids)))
      .bind(7, std::string_view(integration.base_url))
      .bind(8, std::string_view(integration.webhook_secret))
      .bind(9, std::string_view(integration.command_token))
      .bind_bool(10, integration.can_issue_commands)
      .run();
}

} // namespace argus::store
