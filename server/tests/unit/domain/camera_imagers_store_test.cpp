// Multi-imager cameras in the store (migration 0008): imager_count, the imagers' URLs, and the recording index's
// widened stream names, including a database recorded before the migration (its rows survive the table rebuild).
#include <algorithm>
#include <filesystem>

#include <sqlite3.h>

#include <gtest/gtest.h>

#include "common/error.hpp"
#include "store/migration_plan.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "test_support.hpp"

namespace argus::store {
namespace {

constexpr std::int64_t k_camera = 7;

std::vector<Migration> migrations_before_imagers() {
  auto known = builtin_migrations();
  known.erase(std::remove_if(known.begin(), known.end(), [](const Migration& m) { return m.version >= 8; }),
              known.end());
  return known;
}

void insert_network(SqliteDatabase& database) {
  database.insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
  NetworkRecord network;
  network.id = 1;
  network.eid = "net-1";
  network.organization_id = 1;
  network.name = "Net";
  network.timezone = "UTC";
  database.insert_network(network);
}

// An organization, network and camera row as argusd before migration 0008 wrote them (no imager_count yet).
void insert_camera_before_imagers(const std::filesystem::path& path) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  int rc = sqlite3_exec(db,
                        "INSERT INTO organizations (id, eid, name, shard_id) VALUES (1, 'org-1', 'Org', 1); "
                        "INSERT INTO networks (id, eid, organization_id, name, timezone) "
                        "VALUES (1, 'net-1', 1, 'Net', 'UTC'); "
                        "INSERT INTO cameras (id, network_id, mac, serial, model, name, channel_id) "
                        "VALUES (7, 1, '34:56:fe:a1:00:07', 'Q2MV-0007', 'MV22', 'Lobby', 50007)",
                        nullptr, nullptr, &error);
  EXPECT_EQ(rc, SQLITE_OK) << (error ? error : "");
  sqlite3_free(error);
  sqlite3_close(db);
}

void insert_camera(SqliteDatabase& database, std::int64_t imager_count) {
  insert_network(database);
  CameraRecord camera;
  camera.id = k_camera;
  camera.network_id = 1;
  camera.mac = "34:56:fe:a1:00:07";
  camera.serial = "Q2MV-0007";
  camera.model = "MV93";
  camera.name = "Parking";
  camera.type = "multi_imager";
  camera.imager_count = imager_count;
  camera.channel_id = 50007;
  database.insert_camera(camera);
}

// An init segment, a chunk and two fragments of a stream; returns the chunk id.
std::int64_t record(SqliteDatabase& database, const std::string& stream, std::int64_t start_ms) {
  auto init = database.insert_init_segment(
      {0, k_camera, stream, "avc1.4d401f", 640, 360, true, "init-" + stream + ".mp4", start_ms});
  auto chunk = database.insert_chunk({0, k_camera, stream, 1, "chunk-" + stream + ".m4s", init, start_ms, start_ms, 0});
  database.append_recording_index(
      {{0, chunk, k_camera, stream, start_ms, 2000, 0, 100, true},
       {0, chunk, k_camera, stream, start_ms + 2000, 2000, 100, 100, true}},
      {{chunk, k_camera, stream, 1, "chunk-" + stream + ".m4s", init, start_ms, start_ms + 4000, 200}});
  return chunk;
}

TEST(CameraImagersStore, ARecordingMadeBeforeTheMigrationSurvivesItAndImagerStreamsCanBeRecordedAfter) {
  testing::TempDir dir;
  std::int64_t main_chunk = 0;
  { SqliteDatabase old(dir.path / "argus.db", migrations_before_imagers()); }
  insert_camera_before_imagers(dir.path / "argus.db");
  {
    SqliteDatabase old(dir.path / "argus.db", migrations_before_imagers());
    main_chunk = record(old, "main", 1'000'000);
    record(old, "sub", 1'000'000);
    EXPECT_THROW(record(old, "sub-imager1", 1'000'000), Error) << "the old CHECK allowed only main and sub";
  }
  SqliteDatabase database(dir.path / "argus.db");
  auto main = database.chunks_in_range(k_camera, "main", 0, 2'000'000);
  ASSERT_EQ(main.size(), 1u);
  EXPECT_EQ(main[0].id, main_chunk);
  EXPECT_EQ(main[0].end_ms, 1'004'000);
  EXPECT_EQ(database.fragments_of_chunk(main_chunk).size(), 2u);
  ASSERT_TRUE(database.find_init_segment(main[0].init_segment_id));
  EXPECT_EQ(database.find_init_segment(main[0].init_segment_id)->stream, "main");
  EXPECT_EQ(database.chunks_in_range(k_camera, "sub", 0, 2'000'000).size(), 1u);
  EXPECT_EQ(database.find_camera(k_camera)->imager_count, 1) << "cameras recorded before have one imager";

  auto imager_chunk = record(database, "sub-imager1", 1'010'000);
  EXPECT_EQ(database.fragments_of_chunk(imager_chunk).size(), 2u);
  EXPECT_EQ(database.latest_init_segment(k_camera, "sub-imager1")->width, 640);
  record(database, "main-imager15", 1'010'000);
  for (const char* refused : {"hd", "sub-imager0", "sub-imager16", "main-imager"})
    EXPECT_THROW(record(database, refused, 1'020'000), Error) << refused;

  // Foreign keys are on again after the migration: deleting the camera takes its whole index with it.
  auto files = database.delete_camera(k_camera);
  EXPECT_FALSE(files.empty());
  EXPECT_TRUE(database.chunks_in_range(k_camera, "sub-imager1", 0, 2'000'000).empty());
  EXPECT_TRUE(database.fragments_of_chunk(imager_chunk).empty());
}

TEST(CameraImagersStore, KeepsTheImagersUrlsWithTheSourceAndSaysWhichStreamsHaveOne) {
  testing::TempDir dir;
  SqliteDatabase database(dir.path / "argus.db");
  insert_camera(database, 4);
  CameraSourceRecord source{k_camera, "rtsp://cam/main", "rtsp://cam/sub", 30, {}};
  source.imagers = {
      {1, "rtsp://cam/1/main", "rtsp://cam/1/sub"}, {3, std::nullopt, "rtsp://cam/3/sub"}, {2, "", std::nullopt}};
  ASSERT_TRUE(database.set_camera_source(source));

  auto stored = database.find_camera_source(k_camera);
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->imagers.size(), 3u);
  EXPECT_EQ(stored->imagers[0], (ImagerSourceRecord{1, "rtsp://cam/1/main", "rtsp://cam/1/sub"}));
  EXPECT_EQ(stored->imagers[1].imager_id, 2);
  EXPECT_EQ(stored->imagers[2], (ImagerSourceRecord{3, std::nullopt, "rtsp://cam/3/sub"}));
  auto all = database.camera_sources();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].imagers, stored->imagers);

  auto camera = database.cameras_of_organization(1).at(0);
  EXPECT_EQ(camera.imager_count, 4);
  ASSERT_EQ(camera.imager_streams.size(), 3u);
  EXPECT_TRUE(camera.imager_streams[0].has_main_source && camera.imager_streams[0].has_sub_source);
  EXPECT_FALSE(camera.imager_streams[1].has_main_source || camera.imager_streams[1].has_sub_source) << "empty URL";
  EXPECT_FALSE(camera.imager_streams[2].has_main_source);
  EXPECT_TRUE(camera.imager_streams[2].has_sub_source);
  EXPECT_EQ(database.find_camera(k_camera)->imager_streams.size(), 3u);

  // A source written without imagers (an edit of imager 0's URLs through an older path) clears them.
  ASSERT_TRUE(database.set_camera_source({k_camera, "rtsp://cam/main", std::nullopt, 30, {}}));
  EXPECT_TRUE(database.find_camera_source(k_camera)->imagers.empty());
  EXPECT_TRUE(database.find_camera(k_camera)->imager_streams.empty());
}

TEST(CameraImagersStore, RefusesImagerIdsOutsideTheRangeAndLeavesTheSourceAsItWas) {
  testing::TempDir dir;
  SqliteDatabase database(dir.path / "argus.db");
  insert_camera(database, 4);
  CameraSourceRecord good{k_camera, "rtsp://cam/main", std::nullopt, 30, {}};
  good.imagers = {{1, "rtsp://cam/1/main", std::nullopt}};
  ASSERT_TRUE(database.set_camera_source(good));
  for (std::int64_t bad_id : {0, 16, -1}) {
    auto bad = good;
    bad.main_rtsp_url = "rtsp://other/main";
    bad.imagers = {{bad_id, "rtsp://cam/x/main", std::nullopt}};
    EXPECT_THROW(database.set_camera_source(bad), Error) << bad_id;
    auto stored = database.find_camera_source(k_camera);
    EXPECT_EQ(stored->main_rtsp_url, "rtsp://cam/main") << "one transaction: nothing changed";
    EXPECT_EQ(stored->imagers, good.imagers);
  }
}

} // namespace
} // namespace argus::store
