// PostgresDatabase: organizations, networks, cameras, floor plans, privileges, feature flags and integrations (the
// SQL of sqlite_database_fleet.cpp). List columns (tags, network ids) are JSON text, as in SQLite.
#include "store/json_lists.hpp"
#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

const std::string k_organization_columns =
    "SELECT id, eid, name, shard_id, manage_url, google_maps_api_key, "
    "google_maps_client_id, password_expiry_days, require_two_factor FROM organizations ";

OrganizationRecord read_organization(const PgResult& rows, int i) {
  return {rows.integer(i, 0), rows.text(i, 1), rows.text(i, 2), rows.integer(i, 3),
          rows.text(i, 4),    rows.text(i, 5), rows.text(i, 6), rows.optional_integer(i, 7),
          rows.boolean(i, 8)};
}

const std::string k_integration_columns =
    "SELECT id, organization_id, partner, name, enabled, network_ids_json, base_url, webhook_secret, command_token, "
    "can_issue_commands FROM access_control_integrations ";

IntegrationRecord read_integration(const PgResult& rows, int i) {
  return {rows.integer(i, 0), rows.integer(i, 1), rows.text(i, 2),
          rows.text(i, 3),    rows.boolean(i, 4), from_json_list<std::int64_t>(rows.text(i, 5)),
          rows.text(i, 6),    rows.text(i, 7),    rows.text(i, 8),
          rows.boolean(i, 9)};
}

} // namespace

std::vector<OrganizationRecord> PostgresDatabase::organizations() {
  auto db = session();
  auto rows = db->exec(k_organization_columns + "ORDER BY id");
  std::vector<OrganizationRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back(read_organization(rows, i));
  return out;
}

std::optional<OrganizationRecord> PostgresDatabase::find_organization(std::int64_t organization_id) {
  auto db = session();
  auto rows = db->exec(k_organization_columns + "WHERE id = $1", {organization_id});
  if (rows.empty())
    return std::nullopt;
  return read_organization(rows, 0);
}

void PostgresDatabase::insert_organization(const OrganizationRecord& org) {
  auto db = session();
  db->exec("INSERT INTO organizations (id, eid, name, shard_id, manage_url, google_maps_api_key, "
           "google_maps_client_id, password_expiry_days, require_two_factor) "
           "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
           {org.id, org.eid, org.name, org.shard_id, org.manage_url, org.google_maps_api_key, org.google_maps_client_id,
            org.password_expiry_days, org.require_two_factor});
  advance_id_sequence(*db, "organizations");
}

std::vector<NetworkRecord> PostgresDatabase::networks_of_organization(std::int64_t organization_id) {
  auto db = session();
  auto rows = db->exec("SELECT id, eid, organization_id, name, timezone, tags_json, locale_id, local_lanname, "
                       "shard_id FROM networks WHERE organization_id = $1 ORDER BY id",
                       {organization_id});
  std::vector<NetworkRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.integer(i, 0), rows.text(i, 1), rows.integer(i, 2), rows.text(i, 3), rows.text(i, 4),
                   from_json_list<std::string>(rows.text(i, 5)), rows.text(i, 6), rows.text(i, 7), rows.integer(i, 8)});
  }
  return out;
}

void PostgresDatabase::insert_network(const NetworkRecord& network) {
  auto db = session();
  db->exec("INSERT INTO networks (id, eid, organization_id, name, timezone, tags_json, locale_id, local_lanname, "
           "shard_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
           {network.id, network.eid, network.organization_id, network.name, network.timezone,
            to_json_list(network.tags), network.locale_id, network.local_lanname, network.shard_id});
  advance_id_sequence(*db, "networks");
}

std::optional<std::int64_t> PostgresDatabase::network_shard(std::int64_t network_id) {
  auto db = session();
  auto rows = db->exec("SELECT shard_id FROM networks WHERE id = $1", {network_id});
  if (rows.empty())
    return std::nullopt;
  return rows.integer(0, 0);
}

bool PostgresDatabase::set_network_shard(std::int64_t network_id, std::int64_t shard_id) {
  auto db = session();
  return db->exec("UPDATE networks SET shard_id = $1 WHERE id = $2", {shard_id, network_id}).affected_rows() > 0;
}

std::vector<CameraRecord> PostgresDatabase::cameras_of_organization(std::int64_t organization_id) {
  auto db = session();
  auto rows = db->exec(
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
      "WHERE n.organization_id = $1 ORDER BY c.id",
      {organization_id});
  std::vector<CameraRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    CameraRecord camera{rows.integer(i, 0),        rows.integer(i, 1),  rows.integer(i, 2),
                        rows.text(i, 3),           rows.text(i, 4),     rows.text(i, 5),
                        rows.text(i, 6),           rows.text(i, 7),     from_json_list<std::string>(rows.text(i, 8)),
                        rows.text(i, 9),           rows.text(i, 10),    rows.optional_text(i, 11),
                        rows.optional_text(i, 12), rows.boolean(i, 13), rows.boolean(i, 14),
                        rows.text(i, 15),          rows.integer(i, 16), rows.text(i, 17),
                        rows.text(i, 18),          std::nullopt};
    if (!rows.is_null(i, 19))
      camera.placement = PlacementRecord{rows.integer(i, 19), rows.real(i, 20), rows.real(i, 21)};
    camera.has_main_source = rows.boolean(i, 22);
    camera.has_sub_source = rows.boolean(i, 23);
    if (!rows.is_null(i, 24))
      camera.main_format = StreamFormatRecord{rows.text(i, 24), rows.boolean(i, 25)};
    if (!rows.is_null(i, 26))
      camera.sub_format = StreamFormatRecord{rows.text(i, 26), rows.boolean(i, 27)};
    camera.offline_reason = rows.optional_text(i, 28);
    camera.offline_since_ms = rows.optional_integer(i, 29);
    camera.recording_problem = rows.optional_text(i, 30);
    camera.imager_count = rows.integer(i, 31);
    camera.shard_id = rows.integer(i, 32);
    out.push_back(std::move(camera));
  }
  auto imagers = imager_streams(*db, organization_id, std::nullopt);
  for (auto& camera : out) {
    if (auto it = imagers.find(camera.id); it != imagers.end())
      camera.imager_streams = std::move(it->second);
  }
  return out;
}

void PostgresDatabase::insert_camera_row(PgConnection& connection, const CameraRecord& camera, std::int64_t id,
                                         std::int64_t channel_id) {
  connection.exec("INSERT INTO cameras (id, network_id, mac, serial, model, name, notes, tags_json, status, "
                  "camera_type, ip, local_lan_address, has_cloud_archive, is_demo, product_short_description, "
                  "channel_id, channel_json, config_json, imager_count) "
                  "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
                  {id, camera.network_id, camera.mac, camera.serial, camera.model, camera.name, camera.notes,
                   to_json_list(camera.tags), camera.status, camera.type, camera.ip, camera.local_lan_address,
                   camera.has_cloud_archive, camera.is_demo, camera.product_short_description, channel_id,
                   camera.channel_json, camera.config_json, camera.imager_count});
  advance_id_sequence(connection, "cameras");
}

void PostgresDatabase::insert_camera(const CameraRecord& camera) {
  in_transaction([&] {
    auto db = session();
    insert_camera_row(*db, camera, camera.id, camera.channel_id);
    if (camera.placement) {
      db->exec("INSERT INTO camera_placements (camera_id, floor_plan_id, lat, lng) VALUES ($1, $2, $3, $4)",
               {camera.id, camera.placement->floor_plan_id, camera.placement->lat, camera.placement->lng});
    }
  });
}

std::vector<FloorPlanRecord> PostgresDatabase::floor_plans_of_organization(std::int64_t organization_id) {
  auto db = session();
  auto rows =
      db->exec("SELECT f.id, f.network_id, f.name, f.image_file_name, f.image_extension, f.image_md5, f.locale_id, "
               "f.is_geoaligned, f.ne_lat, f.ne_lng, f.sw_lat, f.sw_lng, f.rotation_angle FROM floor_plans f "
               "JOIN networks n ON n.id = f.network_id WHERE n.organization_id = $1 ORDER BY f.id",
               {organization_id});
  std::vector<FloorPlanRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.text(i, 2), rows.text(i, 3), rows.text(i, 4),
                   rows.text(i, 5), rows.text(i, 6), rows.boolean(i, 7), rows.real(i, 8), rows.real(i, 9),
                   rows.real(i, 10), rows.real(i, 11), rows.real(i, 12)});
  }
  return out;
}

void PostgresDatabase::insert_floor_plan(const FloorPlanRecord& plan) {
  auto db = session();
  db->exec("INSERT INTO floor_plans (id, network_id, name, image_file_name, image_extension, image_md5, "
           "locale_id, is_geoaligned, ne_lat, ne_lng, sw_lat, sw_lng, rotation_angle) "
           "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
           {plan.id, plan.network_id, plan.name, plan.image_file_name, plan.image_extension, plan.image_md5,
            plan.locale_id, plan.is_geoaligned, plan.ne_lat, plan.ne_lng, plan.sw_lat, plan.sw_lng,
            plan.rotation_angle});
  advance_id_sequence(*db, "floor_plans");
}

std::vector<PrivilegeRecord> PostgresDatabase::privileges_of_user(std::int64_t user_id) {
  auto db = session();
  auto rows = db->exec("SELECT id, user_id, organization_id, scope, network_id, camera_id, tag, can_write, "
                       "can_export, can_historical, can_live FROM privileges WHERE user_id = $1 ORDER BY id",
                       {user_id});
  std::vector<PrivilegeRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.text(i, 3),
                   rows.optional_integer(i, 4), rows.optional_integer(i, 5), rows.optional_text(i, 6),
                   RightsRecord{rows.boolean(i, 7), rows.boolean(i, 8), rows.boolean(i, 9), rows.boolean(i, 10)}});
  }
  return out;
}

void PostgresDatabase::insert_privilege(const PrivilegeRecord& privilege) {
  auto db = session();
  std::vector<PgValue> values{privilege.user_id,      privilege.organization_id,     privilege.scope,
                              privilege.network_id,   privilege.camera_id,           privilege.tag,
                              privilege.rights.write, privilege.rights.export_video, privilege.rights.historical,
                              privilege.rights.live};
  std::string columns = "user_id, organization_id, scope, network_id, camera_id, tag, can_write, can_export, "
                        "can_historical, can_live";
  std::string placeholders = "$1, $2, $3, $4, $5, $6, $7, $8, $9, $10";
  if (privilege.id != 0) {
    values.push_back(privilege.id);
    db->exec("INSERT INTO privileges (" + columns + ", id) VALUES (" + placeholders + ", $11)", values);
    advance_id_sequence(*db, "privileges");
    return;
  }
  db->exec("INSERT INTO privileges (" + columns + ") VALUES (" + placeholders + ")", values);
}

void PostgresDatabase::delete_privileges_of_member(std::int64_t user_id, std::int64_t organization_id) {
  auto db = session();
  db->exec("DELETE FROM privileges WHERE user_id = $1 AND organization_id = $2", {user_id, organization_id});
}

std::vector<FeatureFlagRecord> PostgresDatabase::feature_flags_of_organization(std::int64_t organization_id) {
  auto db = session();
  auto rows = db->exec("SELECT id, organization_id, feature, enabled, org_wide, network_ids_json "
                       "FROM feature_flags WHERE organization_id = $1 ORDER BY feature",
                       {organization_id});
  std::vector<FeatureFlagRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.text(i, 2), rows.boolean(i, 3), rows.boolean(i, 4),
                   from_json_list<std::int64_t>(rows.text(i, 5))});
  }
  return out;
}

void PostgresDatabase::insert_feature_flag(const FeatureFlagRecord& flag) {
  auto db = session();
  std::vector<PgValue> values{flag.organization_id, flag.feature, flag.enabled, flag.org_wide,
                              to_json_list(flag.network_ids)};
  if (flag.id != 0) {
    values.push_back(flag.id);
    db->exec("INSERT INTO feature_flags (organization_id, feature, enabled, org_wide, network_ids_json, id) "
             "VALUES ($1, $2, $3, $4, $5, $6)",
             values);
    advance_id_sequence(*db, "feature_flags");
    return;
  }
  db->exec("INSERT INTO feature_flags (organization_id, feature, enabled, org_wide, network_ids_json) "
           "VALUES ($1, $2, $3, $4, $5)",
           values);
}

std::vector<ShardFeatureRecord> PostgresDatabase::shard_features(std::int64_t shard_id) {
  auto db = session();
  auto rows = db->exec("SELECT shard_id, feature, enabled FROM shard_features WHERE shard_id = $1 ORDER BY feature",
                       {shard_id});
  std::vector<ShardFeatureRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back({rows.integer(i, 0), rows.text(i, 1), rows.boolean(i, 2)});
  return out;
}

void PostgresDatabase::insert_shard_feature(const ShardFeatureRecord& feature) {
  auto db = session();
  db->exec("INSERT INTO shard_features (shard_id, feature, enabled) VALUES ($1, $2, $3)",
           {feature.shard_id, feature.feature, feature.enabled});
}

std::vector<IntegrationRecord> PostgresDatabase::integrations_of_organization(std::int64_t organization_id) {
  auto db = session();
  auto rows = db->exec(k_integration_columns + "WHERE organization_id = $1 ORDER BY id", {organization_id});
  std::vector<IntegrationRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back(read_integration(rows, i));
  return out;
}

bool PostgresDatabase::set_integration_partner(std::int64_t integration_id, const std::string& base_url,
                                               const std::string& webhook_secret, const std::string& command_token,
                                               bool can_issue_commands) {
  auto db = session();
  return db->exec("UPDATE access_control_integrations SET base_url = $1, webhook_secret = $2, command_token = $3, "
                  "can_issue_commands = $4 WHERE id = $5",
                  {base_url, webhook_secret, command_token, can_issue_commands, integration_id})
             .affected_rows() > 0;
}

std::optional<IntegrationRecord> PostgresDatabase::find_integration(std::int64_t integration_id) {
  auto db = session();
  auto rows = db->exec(k_integration_columns + "WHERE id = $1", {integration_id});
  if (rows.empty())
    return std::nullopt;
  return read_integration(rows, 0);
}

std::vector<IntegrationRecord> PostgresDatabase::integrations_with_partner() {
  auto db = session();
  auto rows = db->exec(k_integration_columns + "WHERE enabled = 1 AND base_url <> '' ORDER BY id");
  std::vector<IntegrationRecord> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back(read_integration(rows, i));
  return out;
}

void PostgresDatabase::insert_integration(const IntegrationRecord& integration) {
  auto db = session();
  std::vector<PgValue> values{integration.organization_id,
                              integration.partner,
                              integration.name,
                              integration.enabled,
                              to_json_list(integration.network_ids),
                              integration.base_url,
                              integration.webhook_secret,
                              integration.command_token,
                              integration.can_issue_commands};
  std::string columns = "organization_id, partner, name, enabled, network_ids_json, base_url, webhook_secret, "
                        "command_token, can_issue_commands";
  std::string placeholders = "$1, $2, $3, $4, $5, $6, $7, $8, $9";
  if (integration.id != 0) {
    values.push_back(integration.id);
    db->exec("INSERT INTO access_control_integrations (" + columns + ", id) VALUES (" + placeholders + ", $10)",
             values);
    advance_id_sequence(*db, "access_control_integrations");
    return;
  }
  db->exec("INSERT INTO access_control_integrations (" + columns + ") VALUES (" + placeholders + ")", values);
}

} // namespace argus::store
