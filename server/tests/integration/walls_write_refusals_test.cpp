// Refused wall writes against a real argusd: each bad input (spec 02 §5: over 16 tiles, overlapping or out-of-grid
// tiles, names, another organization's camera) and each caller without the right answers a JSON error, and the wall
// lists are exactly as before (docs/design/walls.md).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/wall_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};

struct Refusal {
  const char* what;
  json body;
  int status;
};

std::vector<json> sixteen_tiles() {
  std::vector<json> tiles;
  for (int i = 0; i < 16; ++i)
    tiles.push_back(tile(k_lobby_channel, i % 4 * 7, i / 4 * 7));
  return tiles;
}

json with(json body, const std::string& field, json value) {
  body[field] = std::move(value);
  return body;
}

json tile_with(const std::string& field, json value) {
  auto shown = tile(k_lobby_channel, 0, 0);
  shown[field] = std::move(value);
  return shown;
}

// A tile of Parking Lot North (an MV93 with 4 imagers) showing one imager.
json imager_tile(int imager_id) {
  auto shown = tile(k_parking_lot_channel, 0, 0);
  shown["imager_id"] = imager_id;
  return shown;
}

std::vector<Refusal> bad_bodies() {
  auto seventeen = sixteen_tiles();
  seventeen.push_back(tile(k_lobby_channel, 0, 28));
  auto good = wall_body("Good name", {tile(k_lobby_channel, 0, 0)});
  json nameless = good;
  nameless.erase("name");
  return {
      {"17 tiles", wall_body("Too many", seventeen), 400},
      {"overlapping tiles", wall_body("Overlap", {tile(k_lobby_channel, 0, 0), tile(k_reception_channel, 6, 6)}), 400},
      {"past the 28th column", wall_body("Wide", {tile(k_lobby_channel, 22, 0)}), 400},
      {"negative position", wall_body("Negative", {tile(k_lobby_channel, -1, 0)}), 400},
      {"empty tile", wall_body("Empty", {tile(k_lobby_channel, 0, 0, 0, 7)}), 400},
      {"far below the grid", wall_body("Deep", {tile(k_lobby_channel, 0, 1000)}), 400},
      {"another organization's camera", wall_body("Foreign", {tile(k_contoso_channel, 0, 0)}), 404},
      {"a channel that does not exist", wall_body("Missing", {tile(999999, 0, 0)}), 404},
      {"no name", nameless, 400},
      {"a blank name", with(good, "name", "   "), 400},
      {"a 256-character name", with(good, "name", std::string(256, 'n')), 400},
      {"a name that is no string", with(good, "name", 5), 400},
      {"tiles that are no array", with(good, "tiles", "0,0,7,7"), 400},
      {"a position that is no integer", wall_body("Float", {tile_with("x", 1.5)}), 400},
      {"no channel", wall_body("No channel", {tile_with("video_channel_id", nullptr)}), 400},
      {"a field of view of 5 degrees", wall_body("Narrow", {tile_with("fov", 5)}), 400},
      {"phi that is no number", wall_body("Bad phi", {tile_with("phi", "north")}), 400},
      {"an imager of a one-imager camera", wall_body("Imager", {tile_with("imager_id", 1)}), 400},
      {"a fifth imager of a four-imager camera", wall_body("Imager 4", {imager_tile(4)}), 400},
  };
}

class WallsWriteRefusals : public SharedArgusdTest {};

TEST_F(WallsWriteRefusals, BadCreateBodiesStoreNothing) {
  auto admin = signed_in(server(), k_admin);
  auto before = wall_summary(admin, 101);
  auto before_downtown = wall_summary(admin, 102);
  for (const auto& refusal : bad_bodies()) {
    SCOPED_TRACE(refusal.what);
    auto response = admin.post_json(walls_path(101), refusal.body);
    EXPECT_EQ(response.status, refusal.status) << response.body;
    EXPECT_TRUE(is_error_body(response));
    EXPECT_EQ(wall_summary(admin, 101), before);
  }
  EXPECT_EQ(wall_summary(admin, 102), before_downtown);
  auto malformed = admin.request("POST", walls_path(101), "{\"name\": ", k_json);
  EXPECT_EQ(malformed.status, 400) << malformed.body;
  EXPECT_EQ(wall_summary(admin, 101), before);
}

TEST_F(WallsWriteRefusals, SixteenTilesAreTheLimitNotARefusal) {
  auto admin = signed_in(server(), k_admin);
  auto created = admin.post_json(walls_path(101), wall_body("Sixteen", sixteen_tiles()));
  ASSERT_EQ(created.status, 201) << created.body;
  EXPECT_EQ(created.json().at("tiles").size(), 16u);
  EXPECT_EQ(admin.request("DELETE", wall_path(101, created.json().at("id"))).status, 204);
}

TEST_F(WallsWriteRefusals, EachImagerOfAMultiImagerCameraIsATile) {
  auto admin = signed_in(server(), k_admin);
  std::vector<json> tiles;
  for (int imager = 0; imager < 4; ++imager) {
    auto shown = imager_tile(imager);
    shown["x"] = imager * 7;
    tiles.push_back(shown);
  }
  auto created = admin.post_json(walls_path(101), wall_body("Parking imagers", tiles));
  ASSERT_EQ(created.status, 201) << created.body;
  auto wall = wall_in(wall_summary(admin, 101), created.json().at("id"));
  ASSERT_TRUE(wall.is_object());
  const auto& stored = wall.at("tiles");
  ASSERT_EQ(stored.size(), 4u);
  for (int imager = 0; imager < 4; ++imager)
    EXPECT_EQ(stored[static_cast<std::size_t>(imager)].at("imager_id"), imager);
  EXPECT_EQ(admin.request("DELETE", wall_path(101, created.json().at("id"))).status, 204);
}

TEST_F(WallsWriteRefusals, BadEditBodiesChangeNothing) {
  auto admin = signed_in(server(), k_admin);
  auto before = wall_summary(admin, 101);
  for (const auto& refusal : bad_bodies()) {
    SCOPED_TRACE(refusal.what);
    auto response = admin.request("PUT", wall_path(101, 7001), refusal.body.dump(), k_json);
    EXPECT_EQ(response.status, refusal.status) << response.body;
    EXPECT_TRUE(is_error_body(response));
    EXPECT_EQ(wall_summary(admin, 101), before);
  }
}

TEST_F(WallsWriteRefusals, ViewerWithoutTheWriteRightChangesNothing) {
  auto viewer = signed_in(server(), k_viewer); // live on cameras tagged public, no write right
  auto admin = signed_in(server(), k_admin);
  auto before = wall_summary(admin, 101);
  auto body = wall_body("Viewer's wall", {tile(k_lobby_channel, 0, 0)});
  std::vector<HttpResponse> refused = {viewer.post_json(walls_path(101), body),
                                       viewer.request("PUT", wall_path(101, 7001), body.dump(), k_json),
                                       viewer.request("PUT", walls_path(101), with(body, "id", 7001).dump(), k_json),
                                       viewer.request("DELETE", wall_path(101, 7001))};
  for (const auto& response : refused) {
    EXPECT_EQ(response.status, 403) << response.body;
    EXPECT_TRUE(is_error_body(response));
  }
  EXPECT_EQ(wall_summary(admin, 101), before);
}

TEST_F(WallsWriteRefusals, MonitorOnlyNetworkAndHiddenTilesAreRefused) {
  auto monitor = signed_in(server(), k_monitor); // monitor-only on Downtown Store (102)
  auto admin = signed_in(server(), k_admin);
  auto before = wall_summary(admin, 101);
  auto on_downtown = monitor.post_json(walls_path(102), wall_body("Downtown", {tile(k_lobby_channel, 0, 0)}));
  EXPECT_EQ(on_downtown.status, 403) << on_downtown.body;
  auto downtown_camera = monitor.post_json(walls_path(101), wall_body("Checkout", {tile(k_checkout_channel, 0, 0)}));
  EXPECT_EQ(downtown_camera.status, 404) << "a camera the caller may not see: " << downtown_camera.body;
  // "Entrances (all sites)" shows Checkout, which the monitor does not see: editing or deleting it would drop it.
  auto edit_hidden = monitor.request("PUT", wall_path(101, 7003),
                                     wall_body("Entrances", {tile(k_lobby_channel, 0, 0)}).dump(), k_json);
  EXPECT_EQ(edit_hidden.status, 403) << edit_hidden.body;
  auto delete_hidden = monitor.request("DELETE", wall_path(101, 7003));
  EXPECT_EQ(delete_hidden.status, 403) << delete_hidden.body;
  EXPECT_TRUE(is_error_body(delete_hidden));
  EXPECT_EQ(wall_summary(admin, 101), before);
}

TEST_F(WallsWriteRefusals, OtherOrganizationsWallsAndNetworksAre404) {
  auto admin = signed_in(server(), k_admin); // member of Contoso too, signed in to Northwind
  auto before = wall_summary(admin, 101);
  auto body = wall_body("Elsewhere", {tile(k_lobby_channel, 0, 0)});
  std::vector<HttpResponse> refused = {
      admin.post_json(walls_path(201), body), admin.request("PUT", wall_path(101, 7004), body.dump(), k_json),
      admin.request("PUT", wall_path(201, 7004), body.dump(), k_json), admin.request("DELETE", wall_path(101, 7004)),
      admin.request("DELETE", wall_path(101, 999999))};
  for (const auto& response : refused) {
    EXPECT_EQ(response.status, 404) << response.body;
    EXPECT_TRUE(is_error_body(response));
  }
  // A single-network wall of Warehouse HQ is not a wall of Downtown Store.
  EXPECT_EQ(admin.request("DELETE", wall_path(102, 7001)).status, 404);
  EXPECT_EQ(wall_summary(admin, 101), before);
}

TEST_F(WallsWriteRefusals, NeedsASessionAndTheCsrfToken) {
  auto body = wall_body("Anonymous", {tile(k_lobby_channel, 0, 0)});
  auto anonymous = server().client();
  prime_csrf(anonymous);
  EXPECT_TRUE(is_login_mode(anonymous.post_json(walls_path(101), body)));
  auto admin = signed_in(server(), k_admin);
  auto before = wall_summary(admin, 101);
  admin.set_default_header("X-CSRF-Token", "forged");
  auto forged = admin.post_json(walls_path(101), body);
  EXPECT_EQ(forged.status, 403) << forged.body;
  auto fresh = signed_in(server(), k_admin);
  EXPECT_EQ(wall_summary(fresh, 101), before);
}

} // namespace
} // namespace argus::testing
