// Networks on shards (issue 14, docs/design/scale.md "Shards"): any shard answers where a network is; the content of
// a network is answered only by its shard (421 with the right shard otherwise, no content), and never reveals the
// shard of a network the caller may not see.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/network_access.hpp"
#include "common/error.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

constexpr std::int64_t k_warehouse = 101;
constexpr std::int64_t k_downtown = 102;

class ApiShards : public ::testing::Test {
protected:
  void SetUp() override {
    admin = api.sign_in("admin@argus.demo");
    auto cameras = body_of(api.call(api.request("GET", "/n1/n/102/manage/vision/cameras"), admin));
    ASSERT_FALSE(cameras.empty());
    downtown_camera = cameras[0]["id"];
    ASSERT_TRUE(api.database.set_network_shard(k_downtown, 2));
    api.catalog.invalidate();
  }

  nlohmann::json network_listed(const std::string& token, std::int64_t id) {
    for (const auto& network : body_of(api.call(api.request("GET", "/n1/vision/networks"), token))) {
      if (network["id"] == id)
        return network;
    }
    return nullptr;
  }

  ApiHarness api;
  std::string admin;
  std::int64_t downtown_camera = 0;
};

TEST_F(ApiShards, AnyShardSaysWhereANetworkIs) {
  EXPECT_EQ(network_listed(admin, k_downtown)["shard_id"], 2);
  EXPECT_EQ(network_listed(admin, k_warehouse)["shard_id"], 1);
  auto shard = api.call(api.request("GET", "/n1/vision/shard_for_network?id=102"), admin);
  ASSERT_EQ(shard.status, 200) << shard.body;
  EXPECT_EQ(body_of(shard)["shard_id"], 2);
  auto context = api.call(api.request("GET", "/n1/vision/networks/102/context"), admin);
  ASSERT_EQ(context.status, 200) << context.body;
  EXPECT_EQ(body_of(context)["shard_id"], 2);
}

TEST_F(ApiShards, ANetworksContentAskedOfAnotherShardAnswers421WithItsShard) {
  auto cameras = api.call(api.request("GET", "/n1/n/102/manage/vision/cameras"), admin);
  EXPECT_EQ(cameras.status, 421);
  auto body = body_of(cameras);
  EXPECT_EQ(body["shard_id"], 2);
  EXPECT_EQ(body["errors"][0], "Network 102 is served by shard 2");
  EXPECT_FALSE(body.contains("id"));
  EXPECT_EQ(cameras.body.find("\"mac\""), std::string::npos);

  auto walls = api.call(api.request("GET", "/n1/n/102/manage/vision/walls"), admin);
  EXPECT_EQ(walls.status, 421) << walls.body;
  // Media of a camera of that network: its recordings are on shard 2's disk.
  auto path = "/n1/cameras/" + std::to_string(downtown_camera);
  for (const auto& media : {path + "/live/main/index.m3u8", path + "/snapshot.jpg"}) {
    auto answer = api.call(api.request("GET", media), admin);
    EXPECT_EQ(answer.status, 421) << media << ": " << answer.body;
    EXPECT_EQ(body_of(answer)["shard_id"], 2) << media;
  }
  // The network served here is unchanged.
  EXPECT_EQ(api.call(api.request("GET", "/n1/n/101/manage/vision/cameras"), admin).status, 200);
}

TEST_F(ApiShards, TheShardOfANetworkServesItAndItsCamerasPointThere) {
  ASSERT_TRUE(api.database.set_camera_source({downtown_camera, "rtsp://127.0.0.1:9/main", std::nullopt, 30, {}}));
  api.catalog.invalidate();
  api.context.shard_id = 2;
  auto cameras = api.call(api.request("GET", "/n2/n/102/manage/vision/cameras"), admin);
  ASSERT_EQ(cameras.status, 200) << cameras.body;
  bool with_video = false;
  for (const auto& camera : body_of(cameras)) {
    const auto& path = camera["channel"]["cloud_proxy_livestream_path"];
    if (path.is_string()) {
      with_video = true;
      EXPECT_EQ(path.get<std::string>().rfind("/n2/cameras/", 0), 0u) << path;
    }
  }
  EXPECT_TRUE(with_video);
  auto warehouse = api.call(api.request("GET", "/n2/n/101/manage/vision/cameras"), admin);
  EXPECT_EQ(warehouse.status, 421);
  EXPECT_EQ(body_of(warehouse)["shard_id"], 1);
}

TEST_F(ApiShards, RightAfterAMoveTheStoreDecidesWhereTheSnapshotIsBehind) {
  store::NetworkRecord snapshot; // as read before the move (the catalog reloads after its ttl)
  snapshot.id = k_downtown;
  snapshot.shard_id = 1;
  api::SessionContext caller; // the store says shard 2 (SetUp)
  caller.store = &api.database;
  caller.served_shard = 2;
  EXPECT_EQ(api::current_shard(caller, snapshot), 2);
  EXPECT_NO_THROW(api::require_served_here(caller, snapshot)) << "the new shard serves it at once";
  caller.served_shard = 3;
  try {
    api::require_served_here(caller, snapshot);
    ADD_FAILURE() << "shard 3 does not serve network 102";
  } catch (const MisdirectedError& error) {
    EXPECT_EQ(error.shard_id(), 2) << "the store's shard, not the snapshot's: no ping-pong between shards";
  }
  caller.store = nullptr;
  EXPECT_EQ(api::current_shard(caller, snapshot), 1);
}

TEST_F(ApiShards, ANetworkTheCallerMayNotSeeStaysNotFoundWhateverItsShard) {
  ASSERT_TRUE(api.database.set_network_shard(103, 2));
  api.catalog.invalidate();
  auto viewer = api.sign_in("viewer@argus.demo");
  for (const auto* path :
       {"/n1/n/103/manage/vision/cameras", "/n1/vision/shard_for_network?id=103", "/n1/vision/networks/103/context"}) {
    auto answer = api.call(api.request("GET", path), viewer);
    EXPECT_EQ(answer.status, 404) << path << ": " << answer.body;
    EXPECT_EQ(answer.body.find("shard"), std::string::npos) << path;
  }
}

} // namespace
} // namespace argus::testing
