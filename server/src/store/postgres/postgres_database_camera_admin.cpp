// PostgresDatabase: camera administration (add, edit, remove cameras; look-ups for uniqueness checks) and the imagers
// of multi-imager cameras (migration 0008): the SQL of sqlite_database_camera_admin.cpp and
// sqlite_database_imagers.cpp. Imagers beyond a camera's imager_count are not reported.
#include "store/json_lists.hpp"
#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

std::optional<std::int64_t> single_id(const PgResult& rows) {
  if (rows.empty() || rows.is_null(0, 0))
    return std::nullopt;
  return rows.integer(0, 0);
}

} // namespace

std::optional<CameraRecord> PostgresDatabase::find_camera(std::int64_t camera_id) {
  auto db = session();
  auto rows = db->exec(
      "SELECT c.id, c.network_id, n.organization_id, c.mac, c.serial, c.model, c.name, c.notes, c.tags_json, "
      "c.status, c.camera_type, c.ip, c.local_lan_address, c.has_cloud_archive, c.is_demo, "
      "c.product_short_description, c.channel_id, c.channel_json, c.config_json, "
      "c.main_rtsp_url IS NOT NULL AND c.main_rtsp_url != '', c.sub_rtsp_url IS NOT NULL AND c.sub_rtsp_url != '', "
      "c.offline_reason, c.offline_since_ms, c.recording_problem, c.imager_count, n.shard_id "
      "FROM cameras c JOIN networks n ON n.id = c.network_id WHERE c.id = $1",
      {camera_id});
  if (rows.empty())
    return std::nullopt;
  CameraRecord camera;
  camera.id = rows.integer(0, 0);
  camera.network_id = rows.integer(0, 1);
  camera.organization_id = rows.integer(0, 2);
  camera.mac = rows.text(0, 3);
  camera.serial = rows.text(0, 4);
  camera.model = rows.text(0, 5);
  camera.name = rows.text(0, 6);
  camera.notes = rows.text(0, 7);
  camera.tags = from_json_list<std::string>(rows.text(0, 8));
  camera.status = rows.text(0, 9);
  camera.type = rows.text(0, 10);
  camera.ip = rows.optional_text(0, 11);
  camera.local_lan_address = rows.optional_text(0, 12);
  camera.has_cloud_archive = rows.boolean(0, 13);
  camera.is_demo = rows.boolean(0, 14);
  camera.product_short_description = rows.text(0, 15);
  camera.channel_id = rows.integer(0, 16);
  camera.channel_json = rows.text(0, 17);
  camera.config_json = rows.text(0, 18);
  camera.has_main_source = rows.boolean(0, 19);
  camera.has_sub_source = rows.boolean(0, 20);
  camera.offline_reason = rows.optional_text(0, 21);
  camera.offline_since_ms = rows.optional_integer(0, 22);
  camera.recording_problem = rows.optional_text(0, 23);
  camera.imager_count = rows.integer(0, 24);
  camera.shard_id = rows.integer(0, 25);
  camera.imager_streams = std::move(imager_streams(*db, std::nullopt, camera.id)[camera.id]);
  return camera;
}

std::optional<CameraSourceRecord> PostgresDatabase::find_camera_source(std::int64_t camera_id) {
  auto db = session();
  auto rows =
      db->exec("SELECT id, main_rtsp_url, sub_rtsp_url, retention_days FROM cameras WHERE id = $1", {camera_id});
  if (rows.empty())
    return std::nullopt;
  return CameraSourceRecord{rows.integer(0, 0), rows.optional_text(0, 1), rows.optional_text(0, 2), rows.integer(0, 3),
                            std::move(imager_sources(*db, camera_id)[camera_id])};
}

std::optional<std::int64_t> PostgresDatabase::camera_id_with_mac(std::string_view mac) {
  auto db = session();
  return single_id(db->exec("SELECT id FROM cameras WHERE mac = $1", {mac}));
}

std::optional<std::int64_t> PostgresDatabase::camera_id_with_serial(std::string_view serial) {
  auto db = session();
  return single_id(db->exec("SELECT id FROM cameras WHERE serial = $1", {serial}));
}

std::int64_t PostgresDatabase::create_camera(const CameraRecord& camera) {
  std::int64_t id = camera.id;
  in_transaction([&] {
    auto db = session();
    if (id == 0)
      id = single_id(db->exec("SELECT COALESCE(MAX(id), 0) + 1 FROM cameras")).value_or(1);
    std::int64_t channel_id = camera.channel_id;
    if (channel_id == 0) {
      // Demo cameras use 50000 + id; new ones continue above every existing channel.
      channel_id =
          single_id(db->exec("SELECT GREATEST(COALESCE(MAX(channel_id), 0) + 1, 60000) FROM cameras")).value_or(60000);
    }
    insert_camera_row(*db, camera, id, channel_id);
  });
  return id;
}

bool PostgresDatabase::update_camera(const CameraRecord& camera) {
  auto db = session();
  return db->exec("UPDATE cameras SET name = $1, model = $2, mac = $3, serial = $4, notes = $5, tags_json = $6, "
                  "product_short_description = $7 WHERE id = $8",
                  {camera.name, camera.model, camera.mac, camera.serial, camera.notes, to_json_list(camera.tags),
                   camera.product_short_description, camera.id})
             .affected_rows() > 0;
}

std::vector<std::string> PostgresDatabase::delete_camera(std::int64_t camera_id) {
  std::vector<std::string> files;
  in_transaction([&] {
    auto db = session();
    if (!single_id(db->exec("SELECT id FROM cameras WHERE id = $1 FOR UPDATE", {camera_id})))
      return;
    for (const char* sql : {"SELECT file_path FROM recording_chunks WHERE camera_id = $1",
                            "SELECT file_path FROM init_segments WHERE camera_id = $1"}) {
      auto rows = db->exec(sql, {camera_id});
      for (int i = 0; i < rows.size(); ++i)
        files.push_back(rows.text(i, 0));
    }
    // Explicit deletes in reference order: fragments reference chunks, chunks reference init segments.
    for (const char* sql :
         {"DELETE FROM recording_fragments WHERE camera_id = $1", "DELETE FROM recording_chunks WHERE camera_id = $1",
          "DELETE FROM init_segments WHERE camera_id = $1", "DELETE FROM camera_placements WHERE camera_id = $1",
          "DELETE FROM privileges WHERE camera_id = $1", "DELETE FROM cameras WHERE id = $1"}) {
      db->exec(sql, {camera_id});
    }
  });
  return files;
}

std::map<std::int64_t, std::vector<ImagerStreamsRecord>>
PostgresDatabase::imager_streams(PgConnection& connection, std::optional<std::int64_t> organization_id,
                                 std::optional<std::int64_t> camera_id) {
  auto rows = connection.exec(
      "SELECT s.camera_id, s.imager_id, s.main_rtsp_url IS NOT NULL AND s.main_rtsp_url != '', "
      "s.sub_rtsp_url IS NOT NULL AND s.sub_rtsp_url != '' "
      "FROM camera_imager_sources s JOIN cameras c ON c.id = s.camera_id JOIN networks n ON n.id = c.network_id "
      "WHERE ($1::bigint IS NULL OR n.organization_id = $1::bigint) "
      "AND ($2::bigint IS NULL OR s.camera_id = $2::bigint) AND s.imager_id < c.imager_count "
      "ORDER BY s.camera_id, s.imager_id",
      {organization_id, camera_id});
  std::map<std::int64_t, std::vector<ImagerStreamsRecord>> out;
  for (int i = 0; i < rows.size(); ++i)
    out[rows.integer(i, 0)].push_back({rows.integer(i, 1), rows.boolean(i, 2), rows.boolean(i, 3)});
  return out;
}

std::map<std::int64_t, std::vector<ImagerSourceRecord>>
PostgresDatabase::imager_sources(PgConnection& connection, std::optional<std::int64_t> camera_id) {
  auto rows = connection.exec("SELECT s.camera_id, s.imager_id, s.main_rtsp_url, s.sub_rtsp_url "
                              "FROM camera_imager_sources s JOIN cameras c ON c.id = s.camera_id "
                              "WHERE ($1::bigint IS NULL OR s.camera_id = $1::bigint) AND s.imager_id < c.imager_count "
                              "ORDER BY s.camera_id, s.imager_id",
                              {camera_id});
  std::map<std::int64_t, std::vector<ImagerSourceRecord>> out;
  for (int i = 0; i < rows.size(); ++i)
    out[rows.integer(i, 0)].push_back({rows.integer(i, 1), rows.optional_text(i, 2), rows.optional_text(i, 3)});
  return out;
}

} // namespace argus::store
