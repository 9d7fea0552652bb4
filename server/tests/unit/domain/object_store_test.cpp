// Object detection in the store (migration 0011): frames and tracks written in one batch (a deleted camera's rows
// skipped), a track rewritten as it grows, tracks found by overlap of their span, the highest track id, the
// embeddings visited for the similarity index, and retention. On both engines (store_engine.hpp).
#include <gtest/gtest.h>

#include "store_engine.hpp"

namespace argus::store {
namespace {

constexpr std::int64_t k_camera = 7;

void insert_camera(Database& database) {
  database.insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
  NetworkRecord network;
  network.id = 1;
  network.eid = "net-1";
  network.organization_id = 1;
  network.name = "Net";
  network.timezone = "UTC";
  database.insert_network(network);
  CameraRecord camera;
  camera.id = k_camera;
  camera.network_id = 1;
  camera.mac = "34:56:fe:a1:00:07";
  camera.serial = "Q2MV-0007";
  camera.model = "MV22";
  camera.name = "Lobby";
  camera.channel_id = 50007;
  database.insert_camera(camera);
}

class ObjectStore : public ::testing::TestWithParam<testing::StoreEngine> {
protected:
  void SetUp() override { ARGUS_SKIP_UNLESS_ENGINE_AVAILABLE(GetParam()); }
};

ObjectTrackRecord track(std::int64_t camera_id, std::int64_t id, std::int64_t start_ms, std::int64_t end_ms) {
  ObjectTrackRecord out;
  out.camera_id = camera_id;
  out.track_id = id;
  out.start_ms = start_ms;
  out.end_ms = end_ms;
  out.thumbnail_ms = start_ms;
  out.confidence = 0.8;
  out.top_colours = 1 << 4;
  out.thumbnail = {0xFF, 0xD8, 0xFF};
  out.embedding = {1, 2, 3, 4};
  return out;
}

TEST_P(ObjectStore, TracksAndFramesAreWrittenFoundByOverlapAndRewrittenAsTheyGrow) {
  testing::StoreLocation location(GetParam());
  auto owned = location.open();
  auto& database = *owned;
  insert_camera(database);
  database.append_objects({{k_camera, 1000, false, {1}}, {k_camera, 1500, true, {1, 2}}, {99, 1000, false, {1}}},
                          {track(k_camera, 5, 1000, 2000), track(99, 6, 1000, 2000)});
  auto grown = track(k_camera, 5, 1000, 9000);
  grown.moving = true;
  grown.thumbnail = {0xFF, 0xD8, 0xAA, 0xBB};
  database.append_objects({}, {grown, track(k_camera, 8, 20'000, 21'000)});

  EXPECT_EQ(database.max_object_track_id(k_camera), 8);
  EXPECT_EQ(database.max_object_track_id(99), 0) << "a camera that does not exist stores nothing";
  auto found = database.find_object_track(k_camera, 5);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->end_ms, 9000);
  EXPECT_TRUE(found->moving);
  EXPECT_EQ(found->thumbnail, (std::vector<std::uint8_t>{0xFF, 0xD8, 0xAA, 0xBB}));
  EXPECT_EQ(found->embedding, (std::vector<std::uint8_t>{1, 2, 3, 4}));
  EXPECT_EQ(found->top_colours, 1 << 4);
  EXPECT_FALSE(database.find_object_track(k_camera, 6));

  // Overlap: a track is found when it ends at or after t0 and starts before t1.
  auto ids = [&](std::int64_t t0, std::int64_t t1) {
    std::vector<std::int64_t> out;
    for (const auto& row : database.object_tracks_in_range({k_camera}, t0, t1, {}))
      out.push_back(row.track_id);
    return out;
  };
  EXPECT_EQ(ids(0, 100'000), (std::vector<std::int64_t>{5, 8}));
  EXPECT_EQ(ids(9000, 20'000), (std::vector<std::int64_t>{5}));
  EXPECT_EQ(ids(9001, 20'000), (std::vector<std::int64_t>{}));
  EXPECT_EQ(ids(9001, 20'001), (std::vector<std::int64_t>{8}));
  EXPECT_TRUE(database.object_tracks_in_range({}, 0, 100'000, {}).empty());
  auto without_blobs = database.object_tracks_in_range({k_camera}, 0, 100'000, {});
  EXPECT_TRUE(without_blobs.front().thumbnail.empty());
  EXPECT_TRUE(without_blobs.front().embedding.empty());
  auto with_thumbnails = database.object_tracks_in_range({k_camera}, 0, 100'000, {.thumbnail = true});
  EXPECT_FALSE(with_thumbnails.front().thumbnail.empty());

  auto frames = database.object_frames_in_range(k_camera, 1000, 1500);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].detections, (std::vector<std::uint8_t>{1}));
  frames = database.object_frames_in_range(k_camera, 0, 5000);
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_TRUE(frames[1].nightmode);

  std::vector<std::int64_t> visited;
  database.visit_object_embeddings([&](const ObjectTrackRecord& row) {
    visited.push_back(row.track_id);
    EXPECT_EQ(row.embedding.size(), 4u);
    EXPECT_TRUE(row.thumbnail.empty());
  });
  EXPECT_EQ(visited, (std::vector<std::int64_t>{5, 8}));
}

TEST_P(ObjectStore, RetentionDeletesOlderFramesAndTracksThatEndedBeforeIt) {
  testing::StoreLocation location(GetParam());
  auto owned = location.open();
  auto& database = *owned;
  insert_camera(database);
  database.append_objects({{k_camera, 1000, false, {1}}, {k_camera, 30'000, false, {1}}},
                          {track(k_camera, 1, 500, 1500), track(k_camera, 2, 1000, 40'000)});
  EXPECT_EQ(database.delete_objects_before(k_camera, 10'000), 1);
  EXPECT_FALSE(database.find_object_track(k_camera, 1));
  EXPECT_TRUE(database.find_object_track(k_camera, 2)) << "still seen after the cut";
  EXPECT_EQ(database.object_frames_in_range(k_camera, 0, 100'000).size(), 1u);
}

ARGUS_ON_BOTH_STORE_ENGINES(ObjectStore);

} // namespace
} // namespace argus::store
