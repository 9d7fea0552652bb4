// Camera sources and status and the recording index on both engines (store_engine.hpp): the rows the recorder, the
// retention and playback read and write.
#include <gtest/gtest.h>

#include "common/error.hpp"
#include "store_engine.hpp"

namespace argus::testing {
namespace {

constexpr std::int64_t k_camera = 7;

class RecordingIndexStore : public StoreTest {
protected:
  void SetUp() override {
    StoreTest::SetUp();
    if (IsSkipped())
      return;
    store::CameraRecord camera;
    camera.id = k_camera;
    camera.network_id = 1;
    camera.mac = "34:56:fe:a1:00:07";
    camera.serial = "Q2MV-0007";
    camera.model = "MV93";
    camera.name = "Lobby";
    camera.channel_id = 50007;
    camera.imager_count = 4;
    database->insert_camera(camera);
  }

  std::int64_t chunk(const std::string& stream, std::int64_t init_id, std::int64_t start_ms, std::int64_t end_ms,
                     std::int64_t size_bytes) {
    return database->insert_chunk({0, k_camera, stream, 1, stream + "/" + std::to_string(start_ms) + ".mp4", init_id,
                                   start_ms, end_ms, size_bytes});
  }
};

TEST_P(RecordingIndexStore, SourcesKeepTheirImagersAndStatusKeepsWhenTheOutageBegan) {
  EXPECT_TRUE(database->set_camera_source({k_camera,
                                           "rtsp://main",
                                           std::nullopt,
                                           14,
                                           {{1, "rtsp://one", std::nullopt}, {2, std::nullopt, "rtsp://two-sub"}}}));
  EXPECT_FALSE(database->set_camera_source({404, "rtsp://x", std::nullopt, 1, {}}));
  auto source = database->find_camera_source(k_camera);
  ASSERT_TRUE(source);
  EXPECT_EQ(source->main_rtsp_url, "rtsp://main");
  EXPECT_EQ(source->retention_days, 14);
  ASSERT_EQ(source->imagers.size(), 2u);
  EXPECT_EQ(source->imagers[1].sub_rtsp_url, "rtsp://two-sub");
  ASSERT_EQ(database->camera_sources().size(), 1u);
  auto camera = database->cameras_of_organization(1).at(0);
  EXPECT_TRUE(camera.has_main_source);
  EXPECT_FALSE(camera.has_sub_source);
  ASSERT_EQ(camera.imager_streams.size(), 2u);
  EXPECT_TRUE(camera.imager_streams[0].has_main_source);
  EXPECT_TRUE(camera.imager_streams[1].has_sub_source);

  EXPECT_TRUE(database->set_camera_status(k_camera, "offline", std::string("unreachable"), 1000));
  EXPECT_TRUE(database->set_camera_status(k_camera, "offline", std::string("unreachable"), 2000));
  EXPECT_EQ(database->find_camera(k_camera)->offline_since_ms, 1000);
  EXPECT_TRUE(database->set_camera_status(k_camera, "offline", std::string("unauthorized"), 3000));
  EXPECT_EQ(database->find_camera(k_camera)->offline_since_ms, 3000);
  EXPECT_TRUE(database->set_camera_status(k_camera, "active"));
  EXPECT_FALSE(database->find_camera(k_camera)->offline_since_ms);
  EXPECT_FALSE(database->set_camera_status(404, "active"));

  EXPECT_TRUE(database->set_recording_problem(k_camera, std::string("storage_full")));
  EXPECT_FALSE(database->set_recording_problem(k_camera, std::string("storage_full")));
  EXPECT_TRUE(database->set_recording_problem(k_camera, std::nullopt));
  EXPECT_FALSE(database->set_recording_problem(k_camera, std::nullopt));
}

TEST_P(RecordingIndexStore, StorageDirectoriesHaveAQuota) {
  auto dirs = database->storage_dirs();
  ASSERT_EQ(dirs.size(), 1u);
  EXPECT_EQ(dirs[0].id, 1);
  EXPECT_EQ(dirs[0].path, "");
  database->set_storage_quota(1, 5'000'000);
  EXPECT_EQ(database->storage_dirs()[0].recording_quota_bytes, 5'000'000);
}

TEST_P(RecordingIndexStore, ChunksAndFragmentsAreIndexedReadAndDeleted) {
  auto init = database->insert_init_segment({0, k_camera, "main", "avc1.64001f", 1920, 1080, true, "init/1.mp4", 5});
  auto newer = database->insert_init_segment({0, k_camera, "main", "hvc1.1.6.L93.B0", 1920, 1080, false, "i/2", 6});
  database->insert_init_segment({0, k_camera, "main-imager3", "avc1.64001f", 640, 360, true, "init/3.mp4", 7});
  EXPECT_THROW(database->insert_init_segment({0, k_camera, "bogus", "avc1", 1, 1, true, "init/4.mp4", 8}), Error);
  EXPECT_EQ(database->latest_init_segment(k_camera, "main")->id, newer);
  EXPECT_EQ(database->find_init_segment(init)->codec, "avc1.64001f");
  auto camera = database->cameras_of_organization(1).at(0);
  ASSERT_TRUE(camera.main_format);
  EXPECT_FALSE(camera.main_format->browser_playable);

  auto first = chunk("main", init, 1000, 1000, 0);
  auto second = chunk("main", init, 10'000, 10'000, 0);
  database->append_recording_index({{0, first, k_camera, "main", 1000, 2000, 0, 100, true},
                                    {0, first, k_camera, "main", 3000, 2000, 100, 50, false},
                                    {0, second, k_camera, "main", 10'000, 2000, 0, 70, true}},
                                   {{first, k_camera, "main", 1, "", init, 1000, 5000, 150},
                                    {second, k_camera, "main", 1, "", init, 10'000, 12'000, 70}});
  EXPECT_EQ(database->find_chunk(first)->end_ms, 5000);
  EXPECT_EQ(database->fragments_of_chunk(first).size(), 2u);
  EXPECT_EQ(database->chunks_in_range(k_camera, "main", 4000, 11'000).size(), 2u);
  EXPECT_EQ(database->fragments_in_range(k_camera, "main", 4000, 11'000).size(), 2u);
  EXPECT_EQ(database->recent_chunks(1).size(), 1u);
  EXPECT_EQ(database->oldest_chunks(1, 1).at(0).id, first);
  EXPECT_EQ(database->recorded_bytes(1), 220);
  EXPECT_EQ(database->chunks_ended_before(k_camera, 6000).size(), 1u);
  auto ranges = database->recorded_ranges(k_camera, "main", 0, 20'000, 5000);
  ASSERT_EQ(ranges.size(), 1u); // the 5 s gap is within the tolerance
  EXPECT_EQ(ranges[0].end_ms, 12'000);
  EXPECT_EQ(database->recorded_ranges(k_camera, "main", 0, 20'000, 1000).size(), 2u);
  EXPECT_EQ(database->first_fragment_from(k_camera, "main", 2000)->start_ms, 3000);
  EXPECT_EQ(database->last_fragment(k_camera, "main")->start_ms, 10'000);

  database->delete_chunk(first);
  EXPECT_FALSE(database->find_chunk(first));
  EXPECT_TRUE(database->fragments_of_chunk(first).empty());
  auto files = database->delete_camera(k_camera);
  EXPECT_EQ(files.size(), 4u); // the second chunk and three init segments
  EXPECT_FALSE(database->find_camera(k_camera));
  EXPECT_TRUE(database->delete_camera(k_camera).empty());
}

ARGUS_ON_BOTH_STORE_ENGINES(RecordingIndexStore);

} // namespace
} // namespace argus::testing
