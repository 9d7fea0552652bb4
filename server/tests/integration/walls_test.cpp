// GET /n/{networkId}/manage/vision/walls against a real argusd with the demo walls: the contract's wall and tile
// fields, the order, which walls and tiles each role sees (docs/design/walls.md), and other organizations' networks
// answering 404 exactly like missing ones.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};

std::string walls_path(const std::string& network_id) {
  return api("/n/" + network_id + "/manage/vision/walls");
}

json walls_of(HttpClient& client, const std::string& network_id) {
  auto response = client.get(walls_path(network_id));
  EXPECT_EQ(response.status, 200) << network_id << ": " << response.body;
  return response.status == 200 ? response.json() : json::array();
}

std::vector<std::string> names_of(const json& walls) {
  std::vector<std::string> names;
  for (const auto& wall : walls)
    names.push_back(wall.at("name").get<std::string>());
  return names;
}

std::vector<std::int64_t> tile_cameras(const json& wall) {
  std::vector<std::int64_t> ids;
  for (const auto& tile : wall.at("tiles"))
    ids.push_back(tile.at("camera").at("id").get<std::int64_t>());
  return ids;
}

const json& named(const json& walls, const std::string& name) {
  for (const auto& wall : walls) {
    if (wall.at("name") == name)
      return wall;
  }
  throw std::runtime_error("no wall named " + name + " in " + walls.dump());
}

//! A camera object without the fields that follow ingest (status, codecs found by the recorder): they may change
//! between two requests while the demo cameras connect.
json without_ingest_fields(json camera) {
  for (const char* field : {"status", "offline_reason", "offline_since_ms", "recording_problem", "video_codec",
                            "sub_video_codec", "browser_playable", "sub_browser_playable"})
    camera.erase(field);
  return camera;
}

class Walls : public SharedArgusdTest {};

TEST_F(Walls, AdminListHasTheContractShapeSortedByName) {
  auto admin = signed_in(server(), k_admin);
  auto response = admin.get(walls_path("101"));
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("content-type").rfind("application/json", 0), 0u);
  auto walls = response.json();
  EXPECT_EQ(names_of(walls), (std::vector<std::string>{"Entrances (all sites)", "Front of house", "Loading docks"}));
  EXPECT_EQ(ids_of(walls), (std::vector<std::int64_t>{7003, 7001, 7002}));

  auto cameras = admin.get(api("/n/101/manage/vision/cameras")).json();
  for (const auto& wall : walls) {
    SCOPED_TRACE(wall.at("name").get<std::string>());
    EXPECT_EQ(wall.size(), 5u) << wall.dump();
    EXPECT_EQ(wall.at("network_id"), 101);
    EXPECT_TRUE(wall.at("is_cross_network").is_boolean());
    ASSERT_TRUE(wall.at("tiles").is_array());
    ASSERT_LE(wall.at("tiles").size(), 16u);
    for (const auto& tile : wall.at("tiles")) {
      for (const char* field : {"id", "x", "y", "w", "h", "video_layout_id", "video_channel_id", "imager_id", "theta",
                                "phi", "fov", "camera"}) {
        EXPECT_TRUE(tile.contains(field)) << field << " missing in " << tile.dump();
      }
      EXPECT_EQ(tile.at("video_layout_id"), wall.at("id"));
      EXPECT_EQ(tile.at("video_channel_id"), tile.at("camera").at("channel").at("id"));
      EXPECT_GT(tile.at("w").get<int>(), 0);
      EXPECT_GT(tile.at("h").get<int>(), 0);
      EXPECT_EQ(tile.at("camera").at("permissions"),
                (json{{"write", true}, {"export", true}, {"historical", true}, {"live", true}}));
      auto id = tile.at("camera").at("id");
      auto listed = std::find_if(cameras.begin(), cameras.end(), [&](const json& c) { return c.at("id") == id; });
      if (listed != cameras.end())
        EXPECT_EQ(without_ingest_fields(tile.at("camera")), without_ingest_fields(*listed))
            << "a tile's camera is the camera list's object";
    }
  }
  const auto& front = named(walls, "Front of house");
  EXPECT_EQ(front.at("is_cross_network"), false);
  EXPECT_EQ(tile_cameras(front), (std::vector<std::int64_t>{1001, 1002, 1008, 1009}));
  EXPECT_EQ(front.at("tiles").at(1).at("x"), 14);
  EXPECT_EQ(front.at("tiles").at(3).at("y"), 14);
  EXPECT_TRUE(front.at("tiles").at(0).at("phi").is_null());

  const auto& entrances = named(walls, "Entrances (all sites)");
  EXPECT_EQ(entrances.at("is_cross_network"), true);
  EXPECT_EQ(tile_cameras(entrances), (std::vector<std::int64_t>{1001, 1010, 1012, 1013}));
  const auto& dewarped = entrances.at("tiles").at(0);
  EXPECT_NEAR(dewarped.at("phi").get<double>(), 0.75 * M_PI, 1e-9);
  EXPECT_EQ(dewarped.at("theta"), 0.0);
  EXPECT_EQ(dewarped.at("fov"), 60.0);
}

TEST_F(Walls, CrossNetworkWallsAreListedInTheOrganizationsOtherNetworks) {
  auto admin = signed_in(server(), k_admin);
  EXPECT_EQ(names_of(walls_of(admin, "102")), (std::vector<std::string>{"Entrances (all sites)"}));
  EXPECT_EQ(names_of(walls_of(admin, "103")), (std::vector<std::string>{"Entrances (all sites)"}));
}

TEST_F(Walls, ViewerSeesOnlyWallsAndTilesOfCamerasTheyMayWatch) {
  auto viewer = signed_in(server(), k_viewer); // live on cameras tagged public
  auto walls = walls_of(viewer, "101");
  EXPECT_EQ(names_of(walls), (std::vector<std::string>{"Entrances (all sites)", "Front of house"}));
  EXPECT_EQ(tile_cameras(named(walls, "Entrances (all sites)")), (std::vector<std::int64_t>{1001, 1010}));
  EXPECT_EQ(tile_cameras(named(walls, "Front of house")), (std::vector<std::int64_t>{1001, 1002, 1008, 1009}));
  for (const auto& wall : walls) {
    for (const auto& tile : wall.at("tiles")) {
      EXPECT_EQ(tile.at("camera").at("permissions"),
                (json{{"write", false}, {"export", false}, {"historical", false}, {"live", true}}));
    }
  }
  auto hidden = viewer.get(walls_path("103"));
  EXPECT_EQ(hidden.status, 404) << "the viewer does not see Distribution Center: " << hidden.body;
}

TEST_F(Walls, MonitorOnlyNetworkIs403AndItsCamerasLeaveOtherWalls) {
  auto monitor = signed_in(server(), k_monitor); // monitor-only on Downtown Store (102)
  auto refused = monitor.get(walls_path("102"));
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_TRUE(is_error_body(refused));
  auto walls = walls_of(monitor, "101");
  EXPECT_EQ(tile_cameras(named(walls, "Entrances (all sites)")), (std::vector<std::int64_t>{1001, 1012, 1013}));
}

TEST_F(Walls, OtherOrganizationsAndMissingNetworksAre404Alike) {
  auto admin = signed_in(server(), k_admin); // member of Contoso too, but signed in to Northwind
  auto foreign = admin.get(walls_path("201"));
  auto missing = admin.get(walls_path("999999"));
  EXPECT_EQ(foreign.status, 404) << foreign.body;
  EXPECT_EQ(missing.status, 404) << missing.body;
  EXPECT_EQ(foreign.body, missing.body);
  EXPECT_TRUE(is_error_body(foreign));
  auto bad = admin.get(walls_path("abc"));
  EXPECT_EQ(bad.status, 400) << bad.body;

  std::string contoso_eid = admin.get(api("/vision/organizations")).json().at("2").at("eid");
  auto changed = admin.request("PUT", api("/vision/change_org"), json{{"org_eid", contoso_eid}}.dump(), k_json);
  ASSERT_EQ(changed.status, 200) << changed.body;
  auto contoso = walls_of(admin, "201");
  EXPECT_EQ(names_of(contoso), (std::vector<std::string>{"Flagship"}));
  EXPECT_EQ(tile_cameras(contoso.at(0)), (std::vector<std::int64_t>{2001, 2002}));
  EXPECT_EQ(admin.get(walls_path("101")).status, 404) << "Northwind's walls are not Contoso's";
}

TEST_F(Walls, NeedsASession) {
  auto anonymous = server().client();
  EXPECT_TRUE(is_login_mode(anonymous.get(walls_path("101"))));
}

} // namespace
} // namespace argus::testing
