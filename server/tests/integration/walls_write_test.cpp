// Creating, editing, renaming and deleting walls against a real argusd with the demo walls (docs/design/walls.md):
// the spec's bodies and answers, cross-network walls, and that the tiles of a deleted camera leave its walls. Refused
// calls (bad input, permissions) are in walls_write_refusals_test.cpp.
#include <cmath>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/wall_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};

std::vector<std::int64_t> tile_cameras(const json& wall) {
  std::vector<std::int64_t> ids;
  for (const auto& shown : wall.at("tiles"))
    ids.push_back(shown.at("camera_id").get<std::int64_t>());
  return ids;
}

class WallsWrite : public SharedArgusdTest {};

TEST_F(WallsWrite, CreateAnswersTheNewWallAndListsIt) {
  auto admin = signed_in(server(), k_admin);
  auto created = admin.post_json(walls_path(101), wall_body("Created wall", {tile(k_lobby_channel, 0, 0),
                                                                             tile(k_reception_channel, 7, 0, 14, 14)}));
  ASSERT_EQ(created.status, 201) << created.body;
  auto wall = created.json();
  for (const char* field : {"id", "network_id", "is_cross_network"})
    EXPECT_TRUE(wall.contains(field)) << field << " missing in " << created.body;
  auto id = wall.at("id").get<std::int64_t>();
  EXPECT_EQ(wall.at("network_id"), 101);
  EXPECT_EQ(wall.at("is_cross_network"), false);
  EXPECT_EQ(wall.at("name"), "Created wall");
  ASSERT_EQ(wall.at("tiles").size(), 2u);
  EXPECT_EQ(wall.at("tiles").at(1).at("camera").at("id"), 1002);
  EXPECT_EQ(wall.at("tiles").at(1).at("w"), 14);

  auto listed = wall_in(wall_summary(admin, 101), id);
  ASSERT_FALSE(listed.is_null());
  EXPECT_EQ(tile_cameras(listed), (std::vector<std::int64_t>{1001, 1002}));
  EXPECT_EQ(listed.at("tiles").at(0).at("video_channel_id"), k_lobby_channel);
  EXPECT_TRUE(listed.at("tiles").at(0).at("phi").is_null());

  auto writer = signed_in(server(), k_writer); // org-write administrator
  auto by_writer = writer.post_json(walls_path(101), wall_body("Writer's wall", {tile(k_server_room_channel, 0, 0)}));
  EXPECT_EQ(by_writer.status, 201) << by_writer.body;
}

TEST_F(WallsWrite, NameOf255CharactersIsKeptTrimmed) {
  auto admin = signed_in(server(), k_admin);
  std::string name;
  for (int i = 0; i < 255; ++i)
    name += "\xc3\xa9"; // é: 255 characters, 510 bytes
  auto created = admin.post_json(walls_path(101), wall_body("  " + name + " ", {}));
  ASSERT_EQ(created.status, 201) << created.body;
  EXPECT_EQ(created.json().at("name"), name);
  EXPECT_TRUE(created.json().at("tiles").empty());
}

TEST_F(WallsWrite, PutEditsTilesWithDewarpViewsAsStrings) {
  auto admin = signed_in(server(), k_admin);
  auto id = admin.post_json(walls_path(101), wall_body("Editable", {tile(k_lobby_channel, 0, 0)})).json().at("id");
  auto dewarped = tile(k_lobby_channel, 0, 0, 14, 14);
  dewarped["imager_id"] = nullptr;
  dewarped["phi"] = "2.356194490192345"; // the spec's PUT sends phi and theta as strings
  dewarped["theta"] = "1.5707963267948966";
  dewarped["fov"] = "60";
  auto body = wall_body("Edited", {dewarped, tile(k_reception_channel, 14, 0, 14, 14)});
  auto edited = admin.request("PUT", wall_path(101, id), body.dump(), k_json);
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(edited.json().at("name"), "Edited");

  auto listed = wall_in(wall_summary(admin, 101), id);
  ASSERT_FALSE(listed.is_null());
  EXPECT_EQ(listed.at("name"), "Edited");
  EXPECT_EQ(tile_cameras(listed), (std::vector<std::int64_t>{1001, 1002}));
  const auto& view = listed.at("tiles").at(0);
  EXPECT_NEAR(view.at("phi").get<double>(), 0.75 * M_PI, 1e-9);
  EXPECT_NEAR(view.at("theta").get<double>(), M_PI / 2, 1e-9);
  EXPECT_EQ(view.at("fov"), 60.0);
  EXPECT_EQ(view.at("w"), 14);
  EXPECT_TRUE(listed.at("tiles").at(1).at("phi").is_null());
}

TEST_F(WallsWrite, PutOnTheCollectionWithTheIdInTheBodyRenamesAndKeepsTiles) {
  auto admin = signed_in(server(), k_admin);
  auto id = admin.post_json(walls_path(101), wall_body("Before rename", {tile(k_lobby_channel, 0, 0)})).json().at("id");
  auto tiles_before = wall_in(wall_summary(admin, 101), id).at("tiles");

  auto renamed = admin.request("PUT", walls_path(101), json{{"id", id}, {"name", "After rename"}}.dump(), k_json);
  ASSERT_EQ(renamed.status, 200) << renamed.body;
  auto listed = wall_in(wall_summary(admin, 101), id);
  EXPECT_EQ(listed.at("name"), "After rename");
  EXPECT_EQ(listed.at("tiles"), tiles_before) << "a rename without tiles keeps them";

  auto other = admin.request("PUT", wall_path(101, 7001), json{{"id", id}, {"name", "x"}}.dump(), k_json);
  EXPECT_EQ(other.status, 400) << "the body's id must be the path's wall: " << other.body;
  auto without_id = admin.request("PUT", walls_path(101), json{{"name", "x"}}.dump(), k_json);
  EXPECT_EQ(without_id.status, 400) << without_id.body;
  EXPECT_EQ(wall_in(wall_summary(admin, 101), id).at("name"), "After rename");
}

TEST_F(WallsWrite, DeleteRemovesTheWall) {
  auto admin = signed_in(server(), k_admin);
  auto id = admin.post_json(walls_path(101), wall_body("Short-lived", {tile(k_lobby_channel, 0, 0)})).json().at("id");
  auto deleted = admin.request("DELETE", wall_path(101, id));
  EXPECT_EQ(deleted.status, 204) << deleted.body;
  EXPECT_TRUE(wall_in(wall_summary(admin, 101), id).is_null());
  auto again = admin.request("DELETE", wall_path(101, id));
  EXPECT_EQ(again.status, 404) << again.body;
  EXPECT_TRUE(is_error_body(again));
  auto edit_gone = admin.request("PUT", wall_path(101, id), wall_body("Back", {}).dump(), k_json);
  EXPECT_EQ(edit_gone.status, 404) << edit_gone.body;
}

TEST_F(WallsWrite, TilesFromSeveralNetworksMakeACrossNetworkWall) {
  auto admin = signed_in(server(), k_admin);
  auto created = admin.post_json(
      walls_path(101), wall_body("Both sites", {tile(k_lobby_channel, 0, 0), tile(k_checkout_channel, 7, 0)}));
  ASSERT_EQ(created.status, 201) << created.body;
  auto id = created.json().at("id").get<std::int64_t>();
  EXPECT_EQ(created.json().at("is_cross_network"), true);
  EXPECT_EQ(created.json().at("network_id"), 101);
  auto in_downtown = wall_in(wall_summary(admin, 102), id);
  ASSERT_FALSE(in_downtown.is_null()) << "a cross-network wall is listed in the organization's other networks";
  EXPECT_EQ(tile_cameras(in_downtown), (std::vector<std::int64_t>{1001, 1010}));

  // Edited from another network it shows in, it stays at home; with only home cameras it is single-network again.
  auto edited =
      admin.request("PUT", wall_path(102, id), wall_body("Home only", {tile(k_lobby_channel, 0, 0)}).dump(), k_json);
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(edited.json().at("is_cross_network"), false);
  EXPECT_EQ(edited.json().at("network_id"), 101);
  EXPECT_TRUE(wall_in(wall_summary(admin, 102), id).is_null());
  EXPECT_EQ(wall_in(wall_summary(admin, 101), id).at("is_cross_network"), false);
}

TEST_F(WallsWrite, ADeletedCamerasTilesLeaveItsWalls) {
  auto admin = signed_in(server(), k_admin);
  auto camera = admin.post_json(api("/n/101/manage/vision/cameras"),
                                {{"name", "Temporary"}, {"main_rtsp_url", "rtsp://127.0.0.1:1/x"}});
  ASSERT_EQ(camera.status, 201) << camera.body;
  auto camera_id = camera.json().at("id").get<std::int64_t>();
  auto channel_id = camera.json().at("channel").at("id").get<std::int64_t>();
  auto wall = admin.post_json(
      walls_path(101), wall_body("With a temporary camera", {tile(channel_id, 0, 0), tile(k_lobby_channel, 7, 0)}));
  ASSERT_EQ(wall.status, 201) << wall.body;
  auto wall_id = wall.json().at("id").get<std::int64_t>();

  auto removed = admin.request("DELETE", api("/n/101/manage/vision/cameras/" + std::to_string(camera_id)));
  ASSERT_EQ(removed.status, 204) << removed.body;
  auto listed = wall_in(wall_summary(admin, 101), wall_id);
  ASSERT_FALSE(listed.is_null());
  EXPECT_EQ(tile_cameras(listed), (std::vector<std::int64_t>{1001}));
}

} // namespace
} // namespace argus::testing
