// Video walls and rotations in the store (demo walls, tile order and optional dewarp views, updates, cascades, missing
// cameras and walls) and the visibility rules of services::walls_listed_in_network and tiles_for_writing
// (docs/design/walls.md).
#include <gtest/gtest.h>

#include <algorithm>

#include "common/error.hpp"
#include "demo/demo_seeder.hpp"
#include "services/catalog.hpp"
#include "services/password_hasher.hpp"
#include "services/wall_visibility.hpp"
#include "store_engine.hpp"

namespace argus::testing {
namespace {

std::vector<std::string> names(const std::vector<store::WallRecord>& walls) {
  std::vector<std::string> out;
  for (const auto& wall : walls)
    out.push_back(wall.name);
  return out;
}

std::vector<std::string> names(const std::vector<services::VisibleWall>& walls) {
  std::vector<std::string> out;
  for (const auto& wall : walls)
    out.push_back(wall.wall->name);
  return out;
}

// The demo's store, on one engine (store_engine.hpp).
struct SeededStore {
  explicit SeededStore(StoreEngine engine) : location(engine), owned(location.open()), database(*owned) {
    demo::DemoSeeder(database, hasher, dir.path).seed();
  }
  StoreLocation location;
  std::unique_ptr<store::Database> owned;
  store::Database& database;
  const TempDir& dir = location.dir;
  services::PasswordHasher hasher{services::PasswordHasher::Strength::minimal};
};

class WallStore : public ::testing::TestWithParam<StoreEngine> {
protected:
  void SetUp() override { ARGUS_SKIP_UNLESS_ENGINE_AVAILABLE(GetParam()); }
};

class WallRotationStore : public WallStore {};

//! A rotation "Tour" of Warehouse HQ (Northwind), 30 s per wall.
store::WallRotationRecord tour(std::vector<std::int64_t> wall_ids) {
  store::WallRotationRecord rotation;
  rotation.organization_id = 1;
  rotation.network_id = 101;
  rotation.name = "Tour";
  rotation.wait_duration_s = 30;
  rotation.wall_ids = std::move(wall_ids);
  return rotation;
}

TEST_P(WallStore, DemoWallsKeepTileOrderAndDewarpViews) {
  SeededStore store(GetParam());
  auto walls = store.database.walls_of_organization(1);
  EXPECT_EQ(names(walls), (std::vector<std::string>{"Front of house", "Loading docks", "Entrances (all sites)"}));
  const auto& front = walls.at(0);
  EXPECT_EQ(front.id, 7001);
  EXPECT_EQ(front.network_id, 101);
  EXPECT_FALSE(front.is_cross_network);
  ASSERT_EQ(front.tiles.size(), 4u);
  std::vector<std::int64_t> cameras;
  for (const auto& tile : front.tiles)
    cameras.push_back(tile.camera_id);
  EXPECT_EQ(cameras, (std::vector<std::int64_t>{1001, 1002, 1008, 1009}));
  EXPECT_EQ(front.tiles[3].x, 14);
  EXPECT_EQ(front.tiles[3].y, 14);
  EXPECT_FALSE(front.tiles[0].phi);
  EXPECT_FALSE(front.tiles[0].imager_id);
  const auto& entrances = walls.at(2);
  EXPECT_TRUE(entrances.is_cross_network);
  ASSERT_TRUE(entrances.tiles[0].phi);
  EXPECT_NEAR(*entrances.tiles[0].phi, 2.35619449, 1e-6);
  EXPECT_EQ(entrances.tiles[0].fov, 60.0);
  EXPECT_EQ(names(store.database.walls_of_organization(2)), (std::vector<std::string>{"Flagship"}));
}

TEST_P(WallStore, SeedingAgainAddsNoWalls) {
  SeededStore store(GetParam());
  demo::DemoSeeder(store.database, store.hasher, store.dir.path).seed();
  EXPECT_EQ(store.database.walls_of_organization(1).size(), 3u);
}

TEST_P(WallStore, RemovingACameraRemovesItsTiles) {
  SeededStore store(GetParam());
  store.database.delete_camera(1009);
  EXPECT_EQ(store.database.walls_of_organization(1).at(0).tiles.size(), 3u);
}

TEST_P(WallStore, AWallWithAMissingCameraIsAConflictAndStoresNothing) {
  SeededStore store(GetParam());
  store::WallRecord wall;
  wall.organization_id = 1;
  wall.network_id = 101;
  wall.name = "Broken";
  wall.tiles.push_back({0, 1001, std::nullopt, 0, 0, 7, 7, std::nullopt, std::nullopt, std::nullopt});
  wall.tiles.push_back({0, 424242, std::nullopt, 7, 0, 7, 7, std::nullopt, std::nullopt, std::nullopt});
  try {
    store.database.insert_wall(wall);
    FAIL() << "inserted a tile of a missing camera";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::conflict);
  }
  EXPECT_EQ(store.database.walls_of_organization(1).size(), 3u);
}

TEST_P(WallStore, UpdateReplacesNameFlagAndTiles) {
  SeededStore store(GetParam());
  auto wall = store.database.walls_of_organization(1).at(0); // Front of house, 4 tiles
  wall.name = "Renamed";
  wall.is_cross_network = true;
  wall.updated_ms = 42;
  wall.tiles = {{0, 1010, 2, 0, 0, 14, 14, 0.5, 1.0, 60.0}};
  EXPECT_TRUE(store.database.update_wall(wall));
  auto stored = store.database.walls_of_organization(1).at(0);
  EXPECT_EQ(stored.name, "Renamed");
  EXPECT_TRUE(stored.is_cross_network);
  EXPECT_EQ(stored.updated_ms, 42);
  EXPECT_EQ(stored.created_ms, wall.created_ms);
  ASSERT_EQ(stored.tiles.size(), 1u);
  EXPECT_EQ(stored.tiles[0].camera_id, 1010);
  EXPECT_EQ(stored.tiles[0].imager_id, 2);
  EXPECT_EQ(stored.tiles[0].fov, 60.0);
}

TEST_P(WallStore, UpdateWithAMissingCameraOrOfAnotherOrganizationChangesNothing) {
  SeededStore store(GetParam());
  auto before = store.database.walls_of_organization(1).at(0);
  auto wall = before;
  wall.name = "Broken";
  wall.tiles.push_back({0, 424242, std::nullopt, 21, 21, 7, 7, std::nullopt, std::nullopt, std::nullopt});
  try {
    store.database.update_wall(wall);
    FAIL() << "stored a tile of a missing camera";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::conflict);
  }
  auto after = store.database.walls_of_organization(1).at(0);
  EXPECT_EQ(after.name, before.name);
  EXPECT_EQ(after.tiles.size(), before.tiles.size());

  wall = before;
  wall.organization_id = 2;
  wall.name = "Foreign";
  EXPECT_FALSE(store.database.update_wall(wall));
  EXPECT_FALSE(store.database.delete_wall(2, before.id));
  EXPECT_EQ(store.database.walls_of_organization(1).at(0).name, before.name);
}

TEST_P(WallStore, DeletingAWallRemovesItFromRotations) {
  SeededStore store(GetParam());
  auto rotation = tour({7001, 7002, 7001});
  auto id = store.database.insert_wall_rotation(rotation);
  EXPECT_TRUE(store.database.delete_wall(1, 7001));
  EXPECT_EQ(names(store.database.walls_of_organization(1)),
            (std::vector<std::string>{"Loading docks", "Entrances (all sites)"}));
  EXPECT_EQ(store.database.find_wall_rotation(1, id)->wall_ids, (std::vector<std::int64_t>{7002}));
}

TEST_P(WallRotationStore, InsertReadUpdateDelete) {
  SeededStore store(GetParam());
  auto rotation = tour({7002, 7001, 7003});
  rotation.created_by_user_id = 1;
  rotation.created_ms = rotation.updated_ms = 5;
  auto seeded = store.database.wall_rotations_of_network(1, 101).size(); // the demo's own rotation
  auto id = store.database.insert_wall_rotation(rotation);
  auto listed = store.database.wall_rotations_of_network(1, 101);
  ASSERT_EQ(listed.size(), seeded + 1);
  auto mine = std::find_if(listed.begin(), listed.end(), [&](const auto& r) { return r.id == id; });
  ASSERT_NE(mine, listed.end());
  EXPECT_EQ(mine->name, "Tour");
  EXPECT_EQ(mine->wall_ids, (std::vector<std::int64_t>{7002, 7001, 7003}));
  EXPECT_TRUE(store.database.wall_rotations_of_network(1, 102).empty());
  EXPECT_TRUE(store.database.wall_rotations_of_network(2, 101).empty());
  EXPECT_FALSE(store.database.find_wall_rotation(2, id));

  rotation.id = id;
  rotation.name = "Short tour";
  rotation.wait_duration_s = 3600;
  rotation.wall_ids = {7003, 7002};
  EXPECT_TRUE(store.database.update_wall_rotation(rotation));
  auto found = store.database.find_wall_rotation(1, id);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "Short tour");
  EXPECT_EQ(found->wait_duration_s, 3600);
  EXPECT_EQ(found->created_by_user_id, 1);
  EXPECT_EQ(found->wall_ids, (std::vector<std::int64_t>{7003, 7002}));

  EXPECT_FALSE(store.database.delete_wall_rotation(2, id));
  EXPECT_TRUE(store.database.delete_wall_rotation(1, id));
  EXPECT_FALSE(store.database.find_wall_rotation(1, id));
  rotation.id = id;
  EXPECT_FALSE(store.database.update_wall_rotation(rotation));
}

TEST_P(WallRotationStore, AMissingWallIsAConflictAndChangesNothing) {
  SeededStore store(GetParam());
  auto seeded = store.database.wall_rotations_of_network(1, 101).size(); // the demo's own rotation
  auto rotation = tour({7001, 424242});
  EXPECT_THROW(store.database.insert_wall_rotation(rotation), Error);
  EXPECT_EQ(store.database.wall_rotations_of_network(1, 101).size(), seeded);

  rotation.wall_ids = {7001, 7002};
  rotation.id = store.database.insert_wall_rotation(rotation);
  rotation.name = "Changed";
  rotation.wall_ids = {7003, 424242};
  EXPECT_THROW(store.database.update_wall_rotation(rotation), Error);
  auto found = store.database.find_wall_rotation(1, rotation.id);
  EXPECT_EQ(found->name, "Tour");
  EXPECT_EQ(found->wall_ids, (std::vector<std::int64_t>{7001, 7002}));
}

TEST_P(WallStore, EventsAreReadBackNewestFirst) {
  SeededStore store(GetParam());
  store.database.insert_event({0, 1, 101, 1, 1001, 51001, "screenshot_created", 1000, 1000, 5});
  store.database.insert_event({0, 1, 101, 4, 1002, 51002, "screenshot_created", 2000, 3000, 6});
  store.database.insert_event({0, 2, 201, 1, 2001, 52001, "screenshot_created", 2000, 3000, 7});
  auto events = store.database.recent_events(1, 10);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].camera_id, 1002);
  EXPECT_EQ(events[0].end_ms, 3000);
  EXPECT_EQ(events[1].user_id, 1);
  EXPECT_EQ(store.database.recent_events(1, 1).size(), 1u);
}

ARGUS_ON_BOTH_STORE_ENGINES(WallStore);
ARGUS_ON_BOTH_STORE_ENGINES(WallRotationStore);

// A hand-made organization: networks 1 and 2, camera 10 in network 1 (tag a), camera 20 in network 2 (tag b).
struct Fixture {
  Fixture() {
    org.organization.id = 9;
    org.networks = {{1, "n1", 9, "One", "UTC", {}, "en", ""}, {2, "n2", 9, "Two", "UTC", {}, "en", ""}};
    store::CameraRecord first;
    first.id = 10;
    first.network_id = 1;
    first.tags = {"a"};
    first.channel_id = 110;
    store::CameraRecord second;
    second.id = 20;
    second.network_id = 2;
    second.tags = {"b"};
    second.channel_id = 220;
    org.cameras = {first, second};
    org.index();
  }
  store::WallRecord wall(std::int64_t id, const char* name, std::int64_t network_id, bool cross,
                         std::vector<std::int64_t> cameras) const {
    store::WallRecord out;
    out.id = id;
    out.organization_id = 9;
    out.network_id = network_id;
    out.name = name;
    out.is_cross_network = cross;
    for (auto camera_id : cameras)
      out.tiles.push_back({0, camera_id, std::nullopt, 0, 0, 7, 7, std::nullopt, std::nullopt, std::nullopt});
    return out;
  }
  services::OrgSnapshot org;
  services::PermissionService all{{}, {}};
};

TEST(WallVisibility, EmptyWallsShowInTheirHomeNetworkOnly) {
  Fixture f;
  std::vector<store::WallRecord> walls = {f.wall(1, "Single", 1, false, {}), f.wall(2, "Cross", 1, true, {})};
  EXPECT_EQ(names(services::walls_listed_in_network(f.all, f.org, 1, walls)),
            (std::vector<std::string>{"Cross", "Single"}));
  EXPECT_TRUE(services::walls_listed_in_network(f.all, f.org, 2, walls).empty());
}

TEST(WallVisibility, SortsByNameIgnoringCaseThenId) {
  Fixture f;
  std::vector<store::WallRecord> walls = {f.wall(3, "beta", 1, false, {10}), f.wall(2, "Alpha", 1, false, {10}),
                                          f.wall(1, "alpha", 1, false, {10})};
  auto listed = services::walls_listed_in_network(f.all, f.org, 1, walls);
  ASSERT_EQ(listed.size(), 3u);
  EXPECT_EQ(listed[0].wall->id, 1);
  EXPECT_EQ(listed[1].wall->id, 2);
  EXPECT_EQ(listed[2].wall->id, 3);
}

TEST(WallVisibility, TilesOfHiddenForeignOrUnknownCamerasAreLeftOut) {
  Fixture f;
  std::vector<store::WallRecord> walls = {
      f.wall(1, "Single with a stray camera", 1, false, {10, 20, 99}),
      f.wall(2, "Only strays", 1, false, {20, 99}),
      f.wall(3, "Cross", 2, true, {10, 20}),
  };
  auto other_org = f.wall(4, "Elsewhere", 1, false, {10});
  other_org.organization_id = 8;
  walls.push_back(other_org);
  auto listed = services::walls_listed_in_network(f.all, f.org, 1, walls);
  ASSERT_EQ(names(listed), (std::vector<std::string>{"Cross", "Single with a stray camera"}));
  EXPECT_EQ(listed[0].tiles.size(), 2u);
  ASSERT_EQ(listed[1].tiles.size(), 1u);
  EXPECT_EQ(listed[1].tiles[0].camera->id, 10);

  // Only tag b (camera 20) visible: the cross-network wall keeps one tile, the single-network walls go.
  store::PrivilegeRecord tag_b{1, 1, 9, "camera_tag", std::nullopt, std::nullopt, "b", {false, false, false, true}};
  services::PermissionService viewer({tag_b}, {});
  auto seen = services::walls_listed_in_network(viewer, f.org, 1, walls);
  ASSERT_EQ(names(seen), (std::vector<std::string>{"Cross"}));
  ASSERT_EQ(seen[0].tiles.size(), 1u);
  EXPECT_EQ(seen[0].tiles[0].camera->id, 20);
  EXPECT_TRUE(seen[0].tiles[0].rights.live);
  EXPECT_FALSE(seen[0].tiles[0].rights.historical);

  // Monitor-only on network 2: its cameras leave every wall.
  services::PermissionService monitor({}, {2});
  auto cross = services::walls_listed_in_network(monitor, f.org, 1, walls);
  ASSERT_EQ(names(cross), (std::vector<std::string>{"Cross", "Single with a stray camera"}));
  EXPECT_EQ(cross[0].tiles.size(), 1u);
  EXPECT_EQ(cross[0].tiles[0].camera->id, 10);
}

services::WallTileInput tile_input(std::int64_t channel_id, std::int64_t x) {
  services::WallTileInput input;
  input.x = x;
  input.w = 7;
  input.h = 7;
  input.video_channel_id = channel_id;
  return input;
}

TEST(WallWriting, TilesFindTheirCamerasByChannelAndFlagOtherNetworks) {
  Fixture f;
  auto dewarped = tile_input(110, 0);
  dewarped.phi = 1.0;
  dewarped.fov = 60;
  auto written = services::tiles_for_writing(f.all, f.org, 1, {dewarped, tile_input(110, 7)});
  ASSERT_EQ(written.tiles.size(), 2u);
  EXPECT_EQ(written.tiles[0].camera_id, 10);
  EXPECT_EQ(written.tiles[0].phi, 1.0);
  EXPECT_EQ(written.tiles[1].x, 7);
  EXPECT_FALSE(written.is_cross_network);
  EXPECT_EQ(written.camera_networks, (std::vector<std::int64_t>{1}));

  auto cross = services::tiles_for_writing(f.all, f.org, 1, {tile_input(220, 0), tile_input(110, 7)});
  EXPECT_TRUE(cross.is_cross_network);
  EXPECT_EQ(cross.camera_networks, (std::vector<std::int64_t>{1, 2}));
  EXPECT_TRUE(services::tiles_for_writing(f.all, f.org, 1, {}).tiles.empty());
}

TEST(WallWriting, ChannelsOfHiddenForeignOrUnknownCamerasAreNotFound) {
  Fixture f;
  store::PrivilegeRecord tag_b{1, 1, 9, "camera_tag", std::nullopt, std::nullopt, "b", {false, false, false, true}};
  services::PermissionService viewer({tag_b}, {});
  services::PermissionService monitor({}, {2});
  // The not_found message of writing tiles of channels 110 (camera 10, network 1) and channel_id, or "".
  auto refusal = [&](const services::PermissionService& permissions, std::int64_t channel_id) -> std::string {
    try {
      services::tiles_for_writing(permissions, f.org, 1, {tile_input(110, 0), tile_input(channel_id, 7)});
    } catch (const Error& error) {
      EXPECT_EQ(error.kind(), Error::Kind::not_found);
      return error.what();
    }
    return "";
  };
  EXPECT_EQ(refusal(f.all, 999), "tiles[1]: Camera not found") << "unknown channel (or another organization's)";
  EXPECT_EQ(refusal(viewer, 220), "tiles[0]: Camera not found") << "tag b sees camera 20, not camera 10";
  EXPECT_EQ(refusal(monitor, 220), "tiles[1]: Camera not found") << "monitor-only network";
  EXPECT_EQ(refusal(f.all, 220), "");
}

TEST(WallWriting, SeesEveryTileOnlyWhenNoTileIsHidden) {
  Fixture f;
  services::PermissionService monitor({}, {2});
  auto cross = f.wall(1, "Cross", 1, true, {10, 20});
  EXPECT_TRUE(services::sees_every_tile(f.all, f.org, cross));
  EXPECT_FALSE(services::sees_every_tile(monitor, f.org, cross));
  EXPECT_TRUE(services::sees_every_tile(monitor, f.org, f.wall(2, "Home", 1, false, {10})));
  EXPECT_FALSE(services::sees_every_tile(f.all, f.org, f.wall(3, "Stray", 1, false, {10, 99})));
}

} // namespace
} // namespace argus::testing
