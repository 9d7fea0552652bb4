// SqliteDatabase: the imagers of multi-imager cameras (migration 0008): their stream URLs, and which of their streams
// have one. Imager 0's URLs are the cameras row's; imagers beyond the camera's imager_count are not reported.
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

const std::string k_imager_streams_columns =
    "SELECT s.camera_id, s.imager_id, s.main_rtsp_url IS NOT NULL AND s.main_rtsp_url != '', "
    "s.sub_rtsp_url IS NOT NULL AND s.sub_rtsp_url != '' "
    "FROM camera_imager_sources s JOIN cameras c ON c.id = s.camera_id ";

std::map<std::int64_t, std::vector<ImagerStreamsRecord>> read_imager_streams(SqliteStatement& row) {
  std::map<std::int64_t, std::vector<ImagerStreamsRecord>> out;
  while (row.step())
    out[row.integer(0)].push_back({row.integer(1), row.integer(2) != 0, row.integer(3) != 0});
  return out;
}

} // namespace

std::map<std::int64_t, std::vector<ImagerStreamsRecord>>
SqliteDatabase::imager_streams_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_imager_streams_columns +
                                        "JOIN networks n ON n.id = c.network_id "
                                        "WHERE n.organization_id = ? AND s.imager_id < c.imager_count "
                                        "ORDER BY s.camera_id, s.imager_id");
  statement->bind(1, organization_id);
  return read_imager_streams(*statement);
}

std::vector<ImagerStreamsRecord> SqliteDatabase::imager_streams_of_camera(std::int64_t camera_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_imager_streams_columns +
                                        "WHERE s.camera_id = ? AND s.imager_id < c.imager_count "
                                        "ORDER BY s.imager_id");
  statement->bind(1, camera_id);
  return std::move(read_imager_streams(*statement)[camera_id]);
}

std::map<std::int64_t, std::vector<ImagerSourceRecord>>
SqliteDatabase::imager_sources(std::optional<std::int64_t> camera_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT s.camera_id, s.imager_id, s.main_rtsp_url, s.sub_rtsp_url "
      "FROM camera_imager_sources s JOIN cameras c ON c.id = s.camera_id "
      "WHERE (?1 IS NULL OR s.camera_id = ?1) AND s.imager_id < c.imager_count ORDER BY s.camera_id, s.imager_id");
  statement->bind(1, camera_id);
  std::map<std::int64_t, std::vector<ImagerSourceRecord>> out;
  while (statement->step()) {
    out[statement->integer(0)].push_back(
        {statement->integer(1), statement->optional_text(2), statement->optional_text(3)});
  }
  return out;
}

void SqliteDatabase::replace_imager_sources(const CameraSourceRecord& source) {
  connection_->prepare("DELETE FROM camera_imager_sources WHERE camera_id = ?")->bind(1, source.camera_id).run();
  for (const auto& imager : source.imagers) {
    connection_
        ->prepare("INSERT INTO camera_imager_sources (camera_id, imager_id, main_rtsp_url, sub_rtsp_url) "
                  "VALUES (?, ?, ?, ?)")
        ->bind(1, source.camera_id)
        .bind(2, imager.imager_id)
        .bind(3, imager.main_rtsp_url)
        .bind(4, imager.sub_rtsp_url)
        .run();
  }
}

} // namespace argus::store
