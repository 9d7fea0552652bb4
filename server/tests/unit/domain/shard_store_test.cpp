// The network -> shard map in the store on both engines (store_engine.hpp, migration 0024): networks start on shard 1,
// a move is read back with the network and its cameras, and a store serving one shard lists only that shard's cameras
// to record and that shard's export jobs to run.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/error.hpp"
#include "store_engine.hpp"

namespace argus::testing {
namespace {

class ShardStore : public StoreTest {
protected:
  void SetUp() override {
    StoreTest::SetUp();
    if (IsSkipped())
      return;
    database->insert_network({2, "net-2", 1, "Second", "UTC", {}, "en", ""});
    insert_camera(7, "Lobby"); // network 1
    store::CameraRecord camera;
    camera.id = 8;
    camera.network_id = 2;
    camera.mac = "34:56:fe:a1:00:08";
    camera.serial = "Q2MV-8";
    camera.model = "MV22";
    camera.name = "Dock";
    camera.channel_id = 50008;
    database->insert_camera(camera);
  }

  std::int64_t shard_of_network(std::int64_t id) {
    for (const auto& network : database->networks_of_organization(1)) {
      if (network.id == id)
        return network.shard_id;
    }
    return 0;
  }

  static std::vector<std::int64_t> camera_ids(const std::vector<store::CameraSourceRecord>& sources) {
    std::vector<std::int64_t> ids;
    for (const auto& source : sources)
      ids.push_back(source.camera_id);
    return ids;
  }

  std::int64_t queued_job(std::int64_t network_id, std::int64_t camera_id) {
    store::ExportJobRecord job;
    job.organization_id = 1;
    job.network_id = network_id;
    job.user_name = "Bea";
    job.camera_id = camera_id;
    job.camera_name = "Camera";
    job.video_channel_id = 50000 + camera_id;
    job.filename = "clip.mp4";
    job.t0_ms = 1000;
    job.t1_ms = 2000;
    job.file_path = "exports/clip.mp4";
    job.expires_ms = 10;
    return database->insert_export_job(job);
  }
};

TEST_P(ShardStore, NetworksStartOnShardOneAndAMoveIsReadBack) {
  EXPECT_EQ(shard_of_network(1), 1);
  EXPECT_EQ(shard_of_network(2), 1);
  EXPECT_TRUE(database->set_network_shard(2, 3));
  EXPECT_EQ(shard_of_network(2), 3);
  EXPECT_EQ(shard_of_network(1), 1);
  EXPECT_FALSE(database->set_network_shard(99, 3)); // no such network
  auto cameras = database->cameras_of_organization(1);
  ASSERT_EQ(cameras.size(), 2u);
  EXPECT_EQ(cameras[0].shard_id, 1);
  EXPECT_EQ(cameras[1].shard_id, 3);
  EXPECT_EQ(database->find_camera(8)->shard_id, 3);
}

TEST_P(ShardStore, AShardBelowOneIsRefused) {
  EXPECT_THROW(database->set_network_shard(2, 0), argus::Error);
  EXPECT_EQ(shard_of_network(2), 1);
}

TEST_P(ShardStore, AStoreServingAShardListsOnlyItsCamerasAndExports) {
  database->set_network_shard(2, 2);
  auto first = queued_job(1, 7);
  auto second = queued_job(2, 8);
  // The administrative commands serve no shard: everything.
  EXPECT_EQ(camera_ids(database->camera_sources()), (std::vector<std::int64_t>{7, 8}));
  EXPECT_EQ(database->export_jobs_in_state(store::ExportState::queued).size(), 2u);
  EXPECT_EQ(database->export_jobs_expired(10).size(), 2u);

  database->serve_shard(2);
  EXPECT_EQ(camera_ids(database->camera_sources()), (std::vector<std::int64_t>{8}));
  auto queued = database->export_jobs_in_state(store::ExportState::queued);
  ASSERT_EQ(queued.size(), 1u);
  EXPECT_EQ(queued[0].id, second);
  ASSERT_EQ(database->export_jobs_expired(10).size(), 1u);
  EXPECT_EQ(database->export_jobs_expired(10)[0].id, second);

  database->serve_shard(1);
  EXPECT_EQ(camera_ids(database->camera_sources()), (std::vector<std::int64_t>{7}));
  EXPECT_EQ(database->export_jobs_in_state(store::ExportState::queued).at(0).id, first);

  // The move is seen at the next read: the recorder's reconcile starts and stops cameras from it.
  database->set_network_shard(2, 1);
  EXPECT_EQ(camera_ids(database->camera_sources()), (std::vector<std::int64_t>{7, 8}));
}

ARGUS_ON_BOTH_STORE_ENGINES(ShardStore);

} // namespace
} // namespace argus::testing
