// SqliteDatabase: camera administration (add, edit, remove cameras; look-ups for uniqueness checks). The checks and
// the one transaction around them live in services::CameraAdmin.
#include <nlohmann/json.hpp>

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

std::vector<std::string> tags_from_json(const std::string& text) {
  auto parsed = nlohmann::json::parse(text, nullptr, false);
  std::vector<std::string> tags;
  if (parsed.is_array()) {
    for (const auto& item : parsed) {
      if (item.is_string())
        tags.push_back(item.get<std::string>());
    }
  }
  return tags;
}

std::string tags_to_json(const std::vector<std::string>& tags) {
  return nlohmann::json(tags).dump();
}

std::optional<std::int64_t> single_id(SqliteStatement& statement) {
  if (!statement.step())
    return std::nullopt;
  return statement.integer(0);
}

} // namespace

std::optional<CameraRecord> SqliteDatabase::find_camera(std::int64_t camera_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT c.id, c.network_id, n.organization_id, c.mac, c.serial, c.model, c.name, c.notes, c.tags_json, "
      "c.status, c.camera_type, c.ip, c.local_lan_address, c.has_cloud_archive, c.is_demo, "
      "c.product_short_description, c.channel_id, c.channel_json, c.config_json, "
      "c.main_rtsp_url IS NOT NULL AND c.main_rtsp_url != '', c.sub_rtsp_url IS NOT NULL AND c.sub_rtsp_url != '', "
      "c.offline_reason, c.offline_since_ms, c.recording_problem, c.imager_count, n.shard_id "
      "FROM cameras c JOIN networks n ON n.id = c.network_id WHERE c.id = ?");
  statement->bind(1, camera_id);
  if (!statement->step())
    return std::nullopt;
  const auto& row = *statement;
  CameraRecord camera;
  camera.id = row.integer(0);
  camera.network_id = row.integer(1);
  camera.organization_id = row.integer(2);
  camera.mac = row.text(3);
  camera.serial = row.text(4);
  camera.model = row.text(5);
  camera.name = row.text(6);
  camera.notes = row.text(7);
  camera.tags = tags_from_json(row.text(8));
  camera.status = row.text(9);
  camera.type = row.text(10);
  camera.ip = row.optional_text(11);
  camera.local_lan_address = row.optional_text(12);
  camera.has_cloud_archive = row.integer(13) != 0;
  camera.is_demo = row.integer(14) != 0;
  camera.product_short_description = row.text(15);
  camera.channel_id = row.integer(16);
  camera.channel_json = row.text(17);
  camera.config_json = row.text(18);
  camera.has_main_source = row.integer(19) != 0;
  camera.has_sub_source = row.integer(20) != 0;
  camera.offline_reason = row.optional_text(21);
  camera.offline_since_ms = row.optional_integer(22);
  camera.recording_problem = row.optional_text(23);
  camera.imager_count = row.integer(24);
  camera.shard_id = row.integer(25);
  camera.imager_streams = imager_streams_of_camera(camera.id);
  return camera;
}

std::optional<CameraSourceRecord> SqliteDatabase::find_camera_source(std::int64_t camera_id) {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare("SELECT id, main_rtsp_url, sub_rtsp_url, retention_days FROM cameras WHERE id = ?");
  statement->bind(1, camera_id);
  if (!statement->step())
    return std::nullopt;
  CameraSourceRecord source{statement->integer(0), statement->optional_text(1), statement->optional_text(2),
                            statement->integer(3), std::move(imager_sources(camera_id)[camera_id])};
  return source;
}

std::optional<std::int64_t> SqliteDatabase::camera_id_with_mac(std::string_view mac) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT id FROM cameras WHERE mac = ?");
  statement->bind(1, mac);
  return single_id(*statement);
}

std::optional<std::int64_t> SqliteDatabase::camera_id_with_serial(std::string_view serial) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT id FROM cameras WHERE serial = ?");
  statement->bind(1, serial);
  return single_id(*statement);
}

std::int64_t SqliteDatabase::create_camera(const CameraRecord& camera) {
  std::lock_guard lock(mutex_);
  std::int64_t id = camera.id;
  in_transaction([&] {
    if (id == 0)
      id = single_id(*connection_->prepare("SELECT COALESCE(MAX(id), 0) + 1 FROM cameras")).value_or(1);
    std::int64_t channel_id = camera.channel_id;
    if (channel_id == 0) {
      // Demo cameras use 50000 + id; new ones continue above every existing channel.
      channel_id = single_id(*connection_->prepare("SELECT MAX(COALESCE(MAX(channel_id), 0) + 1, 60000) FROM cameras"))
                       .value_or(60000);
    }
    insert_camera_row(camera, id, channel_id);
  });
  return id;
}

bool SqliteDatabase::update_camera(const CameraRecord& camera) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("UPDATE cameras SET name = ?, model = ?, mac = ?, serial = ?, notes = ?, "
                                        "tags_json = ?, product_short_description = ? WHERE id = ?");
  statement->bind(1, std::string_view(camera.name))
      .bind(2, std::string_view(camera.model))
      .bind(3, std::string_view(camera.mac))
      .bind(4, std::string_view(camera.serial))
      .bind(5, std::string_view(camera.notes))
      .bind(6, std::string_view(tags_to_json(camera.tags)))
      .bind(7, std::string_view(camera.product_short_description))
      .bind(8, camera.id)
      .run();
  return statement->changes() > 0;
}

std::vector<std::string> SqliteDatabase::delete_camera(std::int64_t camera_id) {
  std::lock_guard lock(mutex_);
  std::vector<std::string> files;
  in_transaction([&] {
    auto exists = connection_->prepare("SELECT id FROM cameras WHERE id = ?");
    exists->bind(1, camera_id);
    if (!single_id(*exists))
      return;
    for (const char* sql : {"SELECT file_path FROM recording_chunks WHERE camera_id = ?",
                            "SELECT file_path FROM init_segments WHERE camera_id = ?"}) {
      auto statement = connection_->prepare(sql);
      statement->bind(1, camera_id);
      while (statement->step())
        files.push_back(statement->text(0));
    }
    // Explicit deletes (rather than relying on ON DELETE CASCADE alone) keep the order valid: fragments reference
    // chunks, chunks reference init segments.
    for (const char* sql :
         {"DELETE FROM recording_fragments WHERE camera_id = ?", "DELETE FROM recording_chunks WHERE camera_id = ?",
          "DELETE FROM init_segments WHERE camera_id = ?", "DELETE FROM camera_placements WHERE camera_id = ?",
          "DELETE FROM privileges WHERE camera_id = ?", "DELETE FROM cameras WHERE id = ?"}) {
      connection_->prepare(sql)->bind(1, camera_id).run();
    }
  });
  return files;
}

} // namespace argus::store
