// Video walls in the store (demo walls, tile order and optional dewarp views, cascades, missing cameras) and the
// visibility rules of services::walls_listed_in_network (docs/design/walls.md).
#include <gtest/gtest.h>

#include "common/error.hpp"
#include "demo/demo_seeder.hpp"
#include "services/catalog.hpp"
#include "services/password_hasher.hpp"
#include "services/wall_visibility.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "test_support.hpp"

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

struct SeededStore {
  SeededStore() { demo::DemoSeeder(database, hasher, dir.path).seed(); }
  TempDir dir;
  store::SqliteDatabase database{dir.path / "argus.db"};
  services::PasswordHasher hasher{services::PasswordHasher::Strength::minimal};
};

TEST(WallStore, DemoWallsKeepTileOrderAndDewarpViews) {
  SeededStore store;
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

TEST(WallStore, SeedingAgainAddsNoWalls) {
  SeededStore store;
  demo::DemoSeeder(store.database, store.hasher, store.dir.path).seed();
  EXPECT_EQ(store.database.walls_of_organization(1).size(), 3u);
}

TEST(WallStore, RemovingACameraRemovesItsTiles) {
  SeededStore store;
  store.database.delete_camera(1009);
  EXPECT_EQ(store.database.walls_of_organization(1).at(0).tiles.size(), 3u);
}

TEST(WallStore, AWallWithAMissingCameraIsAConflictAndStoresNothing) {
  SeededStore store;
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

TEST(WallStore, EventsAreReadBackNewestFirst) {
  SeededStore store;
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

// A hand-made organization: networks 1 and 2, camera 10 in network 1 (tag a), camera 20 in network 2 (tag b).
struct Fixture {
  Fixture() {
    org.organization.id = 9;
    org.networks = {{1, "n1", 9, "One", "UTC", {}, "en", ""}, {2, "n2", 9, "Two", "UTC", {}, "en", ""}};
    store::CameraRecord first;
    first.id = 10;
    first.network_id = 1;
    first.tags = {"a"};
    store::CameraRecord second;
    second.id = 20;
    second.network_id = 2;
    second.tags = {"b"};
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

} // namespace
} // namespace argus::testing
