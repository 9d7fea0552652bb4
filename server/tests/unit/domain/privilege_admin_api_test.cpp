// Privilege administration through the API on a real SQLite store (issue 12): an org-write administrator replaces a
// member's privileges and the member's next call sees them; nobody changes their own privileges; administrators
// without the write right, viewers and other organizations are refused; every bad entry is refused with a message
// naming it and nothing changes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr std::int64_t k_viewer_id = 4;         // viewer@: live video of Northwind cameras tagged public
constexpr std::int64_t k_storage_aisle = 1004;  // Warehouse HQ, tagged warehouse (not public)
constexpr std::int64_t k_contoso_camera = 2001; // another organization's camera
constexpr const char* k_viewer_privileges = "/n1/api/v1/organizations/1/admins/4/privileges";

json live_on_camera(std::int64_t camera_id) {
  return {{"scope", "camera"},
          {"camera_id", camera_id},
          {"rights", {{"write", false}, {"export", false}, {"historical", false}, {"live", true}}}};
}

json public_tag_live() {
  return {{"scope", "camera_tag"},
          {"tag", "public"},
          {"rights", {{"write", false}, {"export", false}, {"historical", false}, {"live", true}}}};
}

class PrivilegeAdminApiTest : public ::testing::Test {
protected:
  void SetUp() override { writer_ = api_.sign_in("writer@argus.demo"); }

  // A vector, not a json: a one-entry brace list would make a json object instead of a list.
  http::Response put_privileges(const std::string& path, const std::vector<json>& entries, const std::string& session) {
    return api_.call(api_.request("PUT", path, json{{"privileges", json(entries)}}.dump()), session);
  }
  json viewer_privileges() { return body_of(api_.call(api_.request("GET", k_viewer_privileges), writer_)); }
  bool viewer_sees_camera(const std::string& viewer, std::int64_t camera_id) {
    auto cameras = body_of(api_.call(api_.request("GET", "/n1/n/101/manage/vision/cameras"), viewer));
    for (const auto& camera : cameras) {
      if (camera["id"] == camera_id)
        return true;
    }
    return false;
  }

  ApiHarness api_;
  std::string writer_;
};

TEST_F(PrivilegeAdminApiTest, GrantingOneMoreCameraShowsItToTheViewerOnTheNextCall) {
  auto viewer = api_.sign_in("viewer@argus.demo");
  ASSERT_FALSE(viewer_sees_camera(viewer, k_storage_aisle));
  auto granted = put_privileges(k_viewer_privileges, {public_tag_live(), live_on_camera(k_storage_aisle)}, writer_);
  ASSERT_EQ(granted.status, 200) << granted.body;
  auto stored = body_of(granted);
  ASSERT_EQ(stored.size(), 2u);
  EXPECT_EQ(stored[1]["scope"], "camera");
  EXPECT_EQ(stored[1]["camera_id"], k_storage_aisle);
  EXPECT_EQ(stored[1]["rights"]["live"], true);
  EXPECT_EQ(viewer_privileges(), stored);
  EXPECT_TRUE(viewer_sees_camera(viewer, k_storage_aisle)) << "the viewer's next call sees the new privilege";

  ASSERT_EQ(put_privileges(k_viewer_privileges, {public_tag_live()}, writer_).status, 200);
  EXPECT_FALSE(viewer_sees_camera(viewer, k_storage_aisle)) << "and the revocation";
}

TEST_F(PrivilegeAdminApiTest, NobodyChangesTheirOwnPrivileges) {
  auto own =
      put_privileges("/n1/api/v1/organizations/1/admins/2/privileges", {live_on_camera(k_storage_aisle)}, writer_);
  EXPECT_EQ(own.status, 403);
  EXPECT_EQ(body_of(own)["errors"][0], "You cannot change your own privileges.");
  auto viewer = api_.sign_in("viewer@argus.demo");
  auto raised = put_privileges(k_viewer_privileges, {public_tag_live(), live_on_camera(k_storage_aisle)}, viewer);
  EXPECT_EQ(raised.status, 403) << "a viewer cannot raise their own rights";
  EXPECT_EQ(viewer_privileges().size(), 1u);
}

TEST_F(PrivilegeAdminApiTest, OnlyOrgWriteAdministratorsOfTheOrganizationReplacePrivileges) {
  auto admin = api_.sign_in("monitor@argus.demo"); // administrator without the write right
  EXPECT_EQ(put_privileges(k_viewer_privileges, {public_tag_live()}, admin).status, 403);
  EXPECT_EQ(put_privileges("/n1/api/v1/organizations/2/admins/4/privileges", {public_tag_live()}, writer_).status, 404)
      << "another organization";
  EXPECT_EQ(put_privileges("/n1/api/v1/organizations/1/admins/999/privileges", {public_tag_live()}, writer_).status,
            404)
      << "not a member";
  EXPECT_EQ(viewer_privileges().size(), 1u);
}

TEST_F(PrivilegeAdminApiTest, BadEntriesAreRefusedByNameAndNothingChanges) {
  auto before = viewer_privileges();
  auto rights = public_tag_live()["rights"];
  struct Case {
    json entry;
    std::string message;
  };
  std::vector<Case> cases{
      {{{"scope", "planet"}, {"rights", rights}}, "privileges[1].scope: "},
      {live_on_camera(k_contoso_camera), "privileges[1].camera_id: no such camera in this organization"},
      {live_on_camera(424242), "privileges[1].camera_id: no such camera in this organization"},
      {{{"scope", "camera"}, {"rights", rights}}, "privileges[1].camera_id: required for the camera scope"},
      {{{"scope", "network"}, {"network_id", 201}, {"rights", rights}},
       "privileges[1].network_id: no such network in this organization"},
      {{{"scope", "organization"}, {"network_id", 101}, {"rights", rights}}, "privileges[1].network_id: not used"},
      {{{"scope", "camera_tag"}, {"tag", ""}, {"rights", rights}}, "privileges[1].tag: required"},
      {{{"scope", "camera_tag"}, {"tag", std::string(256, 't')}, {"rights", rights}}, "privileges[1].tag: required"},
      {{{"scope", "network_tag"}, {"tag", 7}, {"rights", rights}}, "privileges[1].tag: must be text"},
      {{{"scope", "organization"},
        {"rights", {{"write", false}, {"export", false}, {"historical", false}, {"live", false}}}},
       "privileges[1].rights: give at least one"},
      {{{"scope", "organization"}, {"rights", {{"write", true}}}},
       "privileges[1].rights.export: must be true or false"},
      {{{"scope", "camera"}, {"camera_id", "1004"}, {"rights", rights}}, "privileges[1].camera_id: must be an id"},
  };
  for (const auto& bad : cases) {
    auto refused = put_privileges(k_viewer_privileges, {public_tag_live(), bad.entry}, writer_);
    EXPECT_EQ(refused.status, 400) << bad.entry.dump();
    EXPECT_EQ(body_of(refused)["errors"][0].get<std::string>().rfind(bad.message, 0), 0u)
        << bad.entry.dump() << " answered " << refused.body;
  }
  std::vector<json> too_many(201, public_tag_live());
  EXPECT_EQ(put_privileges(k_viewer_privileges, too_many, writer_).status, 400);
  EXPECT_EQ(api_.call(api_.request("PUT", k_viewer_privileges, R"({"privileges": {}})"), writer_).status, 400);
  EXPECT_EQ(api_.call(api_.request("PUT", k_viewer_privileges, "not json"), writer_).status, 400);
  EXPECT_EQ(viewer_privileges(), before) << "nothing changed";
}

TEST_F(PrivilegeAdminApiTest, AnEmptyListRemovesThePermissionDataWhichMeansEveryRight) {
  auto viewer = api_.sign_in("viewer@argus.demo");
  auto cleared = put_privileges(k_viewer_privileges, {}, writer_);
  ASSERT_EQ(cleared.status, 200) << cleared.body;
  EXPECT_TRUE(body_of(cleared).empty());
  EXPECT_TRUE(viewer_sees_camera(viewer, k_storage_aisle)) << "spec 01 §4: no permission data grants all rights";
}

} // namespace
} // namespace argus::testing
