// Wall rotations against a real argusd with the demo walls (spec 02 §3, §5, §7; docs/design/walls.md): create, list,
// edit, delete; the validation of spec §5 (name, wait 10..3600 s, at least 2 walls, each a wall of that network), the
// write right, the session's organization, and that after each refused call the rotations are as before.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/wall_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};
constexpr std::int64_t k_northwind = 1;
constexpr std::int64_t k_contoso = 2;

//! The rotation with this id in a list, or null.
json rotation_in(const json& rotations, std::int64_t id) {
  for (const auto& rotation : rotations) {
    if (rotation.at("id") == id)
      return rotation;
  }
  return nullptr;
}

class WallRotations : public SharedArgusdTest {};

TEST_F(WallRotations, CreateListEditDelete) {
  auto admin = signed_in(server(), k_admin);
  auto created = admin.post_json(rotations_path(k_northwind, 101), rotation_body("Lobby tour", 30, {7001, 7002}));
  ASSERT_EQ(created.status, 201) << created.body;
  auto rotation = created.json();
  auto id = rotation.at("id").get<std::int64_t>();
  EXPECT_EQ(rotation, (json{{"id", id},
                            {"name", "Lobby tour"},
                            {"networkId", 101},
                            {"waitDuration", 30},
                            {"videoWallSequence", {7001, 7002}}}));
  auto listed = rotation_in(rotation_list(admin, k_northwind, 101), id);
  ASSERT_FALSE(listed.is_null());
  EXPECT_EQ(listed, rotation);
  EXPECT_TRUE(rotation_in(rotation_list(admin, k_northwind, 102), id).is_null()) << "rotations belong to one network";

  // A wall may come back later in the sequence; ids may be strings (the portal's cycleLayoutIds are).
  auto body = json{{"name", "Whole site"}, {"waitDuration", 3600}, {"videoWallSequence", {7002, "7003", 7001, 7003}}};
  auto edited = admin.request("PUT", rotation_path(k_northwind, id), body.dump(), k_json);
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(edited.json().at("videoWallSequence"), (json{7002, 7003, 7001, 7003}));
  listed = rotation_in(rotation_list(admin, k_northwind, 101), id);
  ASSERT_FALSE(listed.is_null());
  EXPECT_EQ(listed.at("name"), "Whole site");
  EXPECT_EQ(listed.at("waitDuration"), 3600);

  auto deleted = admin.request("DELETE", rotation_path(k_northwind, id));
  EXPECT_EQ(deleted.status, 204) << deleted.body;
  EXPECT_TRUE(rotation_in(rotation_list(admin, k_northwind, 101), id).is_null());
  EXPECT_EQ(admin.request("DELETE", rotation_path(k_northwind, id)).status, 404);
  EXPECT_EQ(admin.request("PUT", rotation_path(k_northwind, id), body.dump(), k_json).status, 404);
}

TEST_F(WallRotations, ShortestWaitIsAccepted) {
  auto admin = signed_in(server(), k_admin);
  auto created = admin.post_json(rotations_path(k_northwind, 101), rotation_body("Fast", 10, {7001, 7003}));
  ASSERT_EQ(created.status, 201) << created.body;
  EXPECT_EQ(created.json().at("waitDuration"), 10);
}

TEST_F(WallRotations, BadInputStoresNothing) {
  auto admin = signed_in(server(), k_admin);
  // A single-network wall of Downtown Store, to name a wall of another network of the same organization.
  auto downtown = admin.post_json(walls_path(102), wall_body("Downtown only", {tile(k_checkout_channel, 0, 0)}));
  ASSERT_EQ(downtown.status, 201) << downtown.body;
  auto downtown_wall = downtown.json().at("id").get<std::int64_t>();
  auto existing = admin.post_json(rotations_path(k_northwind, 101), rotation_body("Kept", 20, {7001, 7002}));
  ASSERT_EQ(existing.status, 201) << existing.body;
  auto existing_id = existing.json().at("id").get<std::int64_t>();

  auto good = rotation_body("Good", 30, {7001, 7002});
  json nameless = good;
  nameless.erase("name");
  json waitless = good;
  waitless.erase("waitDuration");
  struct Refusal {
    const char* what;
    json body;
    int status;
  };
  std::vector<Refusal> refusals = {
      {"one wall", rotation_body("One", 30, {7001}), 400},
      {"the same wall twice", rotation_body("Twice", 30, {7001, 7001}), 400},
      {"no walls", rotation_body("None", 30, {}), 400},
      {"a wall of another network", rotation_body("Other network", 30, {7001, downtown_wall}), 404},
      {"a wall of another organization", rotation_body("Contoso", 30, {7001, 7004}), 404},
      {"a wall that does not exist", rotation_body("Missing", 30, {7001, 999999}), 404},
      {"a wait of 9 s", rotation_body("Short", 9, {7001, 7002}), 400},
      {"a wait of 3601 s", rotation_body("Long", 3601, {7001, 7002}), 400},
      {"a wait of 0 s", rotation_body("Zero", 0, {7001, 7002}), 400},
      {"a fractional wait", json{{"name", "Half"}, {"waitDuration", 30.5}, {"videoWallSequence", {7001, 7002}}}, 400},
      {"a wait that is a string", json{{"name", "Text"}, {"waitDuration", "30"}, {"videoWallSequence", {7001, 7002}}},
       400},
      {"no wait", waitless, 400},
      {"no name", nameless, 400},
      {"an empty name", rotation_body("", 30, {7001, 7002}), 400},
      {"a 256-character name", rotation_body(std::string(256, 'r'), 30, {7001, 7002}), 400},
      {"a sequence that is no array", json{{"name", "Text"}, {"waitDuration", 30}, {"videoWallSequence", "7001"}}, 400},
      {"a wall id that is no id", rotation_body("Bad id", 30, {7001, -3}), 400},
  };
  auto before = rotation_list(admin, k_northwind, 101);
  for (const auto& refusal : refusals) {
    SCOPED_TRACE(refusal.what);
    auto created = admin.post_json(rotations_path(k_northwind, 101), refusal.body);
    EXPECT_EQ(created.status, refusal.status) << created.body;
    EXPECT_TRUE(is_error_body(created));
    auto edited = admin.request("PUT", rotation_path(k_northwind, existing_id), refusal.body.dump(), k_json);
    EXPECT_EQ(edited.status, refusal.status) << edited.body;
    EXPECT_TRUE(is_error_body(edited));
    EXPECT_EQ(rotation_list(admin, k_northwind, 101), before);
  }
  auto no_network = admin.post_json(api("/api/v1/organizations/1/camera/videoWallRotations"), good);
  EXPECT_EQ(no_network.status, 400) << no_network.body;
  auto malformed = admin.request("POST", rotations_path(k_northwind, 101), "[1, 2", k_json);
  EXPECT_EQ(malformed.status, 400) << malformed.body;
  EXPECT_EQ(rotation_list(admin, k_northwind, 101), before);
}

TEST_F(WallRotations, OrgIdMustBeTheSessionsOrganization) {
  auto admin = signed_in(server(), k_admin); // member of Contoso too, signed in to Northwind
  auto before = rotation_list(admin, k_northwind, 101);
  auto body = rotation_body("Elsewhere", 30, {7001, 7002});
  std::vector<HttpResponse> refused = {
      admin.get(rotations_path(k_contoso, 101)), admin.post_json(rotations_path(k_contoso, 101), body),
      admin.post_json(rotations_path(999, 101), body), admin.get(rotations_path(k_northwind, 201)),
      admin.post_json(rotations_path(k_northwind, 201), body)};
  for (const auto& response : refused) {
    EXPECT_EQ(response.status, 404) << response.body;
    EXPECT_TRUE(is_error_body(response));
  }
  auto created = admin.post_json(rotations_path(k_northwind, 101), body);
  ASSERT_EQ(created.status, 201) << created.body;
  auto id = created.json().at("id").get<std::int64_t>();
  EXPECT_EQ(admin.request("DELETE", rotation_path(k_contoso, id)).status, 404);
  EXPECT_EQ(admin.request("DELETE", rotation_path(k_northwind, id) + "?networkId=102").status, 404)
      << "a networkId that is not the rotation's";
  EXPECT_FALSE(rotation_in(rotation_list(admin, k_northwind, 101), id).is_null());
  EXPECT_EQ(admin.request("DELETE", rotation_path(k_northwind, id)).status, 204);
  EXPECT_EQ(rotation_list(admin, k_northwind, 101), before);
}

TEST_F(WallRotations, ViewerSeesOnlyTheirWallsAndMayNotWrite) {
  auto admin = signed_in(server(), k_admin);
  auto created = admin.post_json(rotations_path(k_northwind, 101), rotation_body("Mixed", 60, {7001, 7002, 7003}));
  ASSERT_EQ(created.status, 201) << created.body;
  auto id = created.json().at("id").get<std::int64_t>();

  auto viewer = signed_in(server(), k_viewer); // sees "Front of house" (7001) and "Entrances" (7003), not 7002
  auto seen = rotation_in(rotation_list(viewer, k_northwind, 101), id);
  ASSERT_FALSE(seen.is_null());
  EXPECT_EQ(seen.at("videoWallSequence"), (json{7001, 7003}));

  auto before = rotation_list(admin, k_northwind, 101);
  auto body = rotation_body("Viewer's", 30, {7001, 7003});
  std::vector<HttpResponse> refused = {viewer.post_json(rotations_path(k_northwind, 101), body),
                                       viewer.request("PUT", rotation_path(k_northwind, id), body.dump(), k_json),
                                       viewer.request("DELETE", rotation_path(k_northwind, id))};
  for (const auto& response : refused) {
    EXPECT_EQ(response.status, 403) << response.body;
    EXPECT_TRUE(is_error_body(response));
  }
  EXPECT_EQ(rotation_list(admin, k_northwind, 101), before);
  auto anonymous = server().client();
  EXPECT_TRUE(is_login_mode(anonymous.get(rotations_path(k_northwind, 101))));
}

TEST_F(WallRotations, ADeletedWallLeavesItsRotations) {
  auto admin = signed_in(server(), k_admin);
  auto wall = admin.post_json(walls_path(101), wall_body("Soon gone", {tile(k_lobby_channel, 0, 0)}));
  ASSERT_EQ(wall.status, 201) << wall.body;
  auto wall_id = wall.json().at("id").get<std::int64_t>();
  auto created =
      admin.post_json(rotations_path(k_northwind, 101), rotation_body("Shrinking", 30, {7001, wall_id, 7002}));
  ASSERT_EQ(created.status, 201) << created.body;
  auto id = created.json().at("id").get<std::int64_t>();
  ASSERT_EQ(admin.request("DELETE", wall_path(101, wall_id)).status, 204);
  auto listed = rotation_in(rotation_list(admin, k_northwind, 101), id);
  ASSERT_FALSE(listed.is_null());
  EXPECT_EQ(listed.at("videoWallSequence"), (json{7001, 7002}));
}

} // namespace
} // namespace argus::testing
