// User administration through the API on a real SQLite store (issue 12): an org-write administrator lists the
// organization's members and changes another member (disable, administrator rights, idle timeout, reset two-factor);
// a disabled member's session ends on its next call and their sign-in is refused; nobody changes their own access;
// administrators without the write right, viewers and other organizations are refused; bad input changes nothing.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/totp.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr std::int64_t k_northwind = 1;
constexpr std::int64_t k_contoso = 2;
constexpr std::int64_t k_writer_id = 2; // writer@: org-write administrator of Northwind
constexpr std::int64_t k_viewer_id = 4; // viewer@: viewer in Northwind

class UserAdminApiTest : public ::testing::Test {
protected:
  void SetUp() override { writer_ = api_.sign_in("writer@argus.demo"); }

  std::string users_path(std::int64_t organization_id = k_northwind) {
    return "/n1/api/v1/organizations/" + std::to_string(organization_id) + "/users";
  }
  http::Response put_member(std::int64_t user_id, const json& body, const std::string& session) {
    return api_.call(api_.request("PUT", users_path() + "/" + std::to_string(user_id), body.dump()), session);
  }
  json member(std::int64_t user_id) {
    for (const auto& entry : body_of(api_.call(api_.request("GET", users_path()), writer_))) {
      if (entry["id"] == user_id)
        return entry;
    }
    return nullptr;
  }

  ApiHarness api_;
  std::string writer_;
};

TEST_F(UserAdminApiTest, AnOrgWriteAdministratorListsTheMembersWithTheirAccess) {
  auto listed = api_.call(api_.request("GET", users_path()), writer_);
  ASSERT_EQ(listed.status, 200) << listed.body;
  auto members = body_of(listed);
  ASSERT_GE(members.size(), 6u);
  EXPECT_LE(members[0]["name"].get<std::string>(), members[1]["name"].get<std::string>()) << "by name";
  auto viewer = member(k_viewer_id);
  ASSERT_TRUE(viewer.is_object());
  EXPECT_EQ(viewer["email"], "viewer@argus.demo");
  EXPECT_EQ(viewer["is_admin"], false);
  EXPECT_EQ(viewer["disabled"], false);
  EXPECT_EQ(viewer["two_factor_enabled"], false);
  EXPECT_TRUE(viewer["sign_in_code"].is_null());
  EXPECT_EQ(member(6)["sign_in_code"], "sms");
  EXPECT_EQ(listed.body.find("password"), std::string::npos);
}

TEST_F(UserAdminApiTest, ADisabledMemberLosesTheSessionAndCannotSignInUntilEnabled) {
  auto viewer = api_.sign_in("viewer@argus.demo");
  ASSERT_EQ(api_.call(api_.request("GET", "/n1/vision/user"), viewer).status, 200);
  auto disabled = put_member(k_viewer_id, {{"disabled", true}}, writer_);
  ASSERT_EQ(disabled.status, 200) << disabled.body;
  EXPECT_EQ(body_of(disabled)["disabled"], true);
  EXPECT_EQ(api_.call(api_.request("GET", "/n1/vision/user"), viewer).status, 401) << "the session ended";
  json credentials{{"email", "viewer@argus.demo"}, {"password", api_.password_of("viewer@argus.demo")}};
  auto refused = api_.call(api_.request("POST", "/n1/login/login", credentials.dump()));
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(body_of(refused)["error"], "Your account is disabled. Please contact your administrator.");

  ASSERT_EQ(put_member(k_viewer_id, {{"disabled", false}}, writer_).status, 200);
  EXPECT_FALSE(api_.sign_in("viewer@argus.demo").empty());
}

TEST_F(UserAdminApiTest, RightsAndIdleTimeoutChangeOnTheNextCall) {
  auto changed = put_member(k_viewer_id, {{"is_admin", true}, {"min_idle_timeout", 45}}, writer_);
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(body_of(changed)["is_admin"], true);
  EXPECT_EQ(body_of(changed)["min_idle_timeout"], 45);
  auto viewer = api_.sign_in("viewer@argus.demo");
  auto user = body_of(api_.call(api_.request("GET", "/n1/vision/user"), viewer));
  EXPECT_EQ(user["is_admin"], true);
  EXPECT_EQ(user["min_idle_timeout"], 45);

  auto both = put_member(k_viewer_id, {{"is_org_write_admin", true}}, writer_);
  EXPECT_EQ(both.status, 200) << both.body;
  auto needs_admin = put_member(k_viewer_id, {{"is_admin", false}}, writer_);
  EXPECT_EQ(needs_admin.status, 400) << "an org-write administrator stays an administrator";
  EXPECT_EQ(member(k_viewer_id)["is_admin"], true);
}

TEST_F(UserAdminApiTest, NobodyChangesTheirOwnAccess) {
  for (const auto& body : {json{{"is_admin", false}}, json{{"disabled", true}}, json{{"min_idle_timeout", 600}}}) {
    auto refused = put_member(k_writer_id, body, writer_);
    EXPECT_EQ(refused.status, 403) << body.dump();
    EXPECT_NE(refused.body.find("You cannot change your own access"), std::string::npos) << refused.body;
  }
  auto own_two_factor =
      api_.call(api_.request("POST", users_path() + "/" + std::to_string(k_writer_id) + "/reset_two_factor"), writer_);
  EXPECT_EQ(own_two_factor.status, 403);
  auto self = member(k_writer_id);
  EXPECT_EQ(self["is_org_write_admin"], true);
  EXPECT_EQ(self["disabled"], false);
}

TEST_F(UserAdminApiTest, OnlyOrgWriteAdministratorsOfThatOrganizationMayAdministerItsUsers) {
  auto admin = api_.sign_in("admin@argus.demo"); // administrator without the write right
  auto viewer = api_.sign_in("viewer@argus.demo");
  for (const auto& session : {admin, viewer}) {
    EXPECT_EQ(api_.call(api_.request("GET", users_path()), session).status, 403);
    EXPECT_EQ(put_member(5, {{"disabled", true}}, session).status, 403);
  }
  // Another organization, and a user who is no member of this one, look missing.
  EXPECT_EQ(api_.call(api_.request("GET", users_path(k_contoso)), writer_).status, 404);
  auto contoso_only = api_.database.members_of_organization(k_contoso);
  for (const auto& other : contoso_only) {
    if (other.user_id != 1)
      EXPECT_EQ(put_member(other.user_id, {{"disabled", true}}, writer_).status, 404);
  }
  EXPECT_EQ(put_member(999, {{"disabled", true}}, writer_).status, 404);
  EXPECT_EQ(member(5)["disabled"], false);
  // Without CSRF nothing changes.
  EXPECT_EQ(api_.call(api_.request("PUT", users_path() + "/5", R"({"disabled":true})", false), writer_).status, 403);
  EXPECT_EQ(member(5)["disabled"], false);
}

TEST_F(UserAdminApiTest, BadInputIsRefusedAndChangesNothing) {
  for (const auto& body :
       {json::object(), json{{"disabled", "yes"}}, json{{"is_admin", 1}}, json{{"min_idle_timeout", 0}},
        json{{"min_idle_timeout", 14'401}}, json{{"min_idle_timeout", "30"}}, json{{"min_idle_timeout", 1.5}}}) {
    EXPECT_EQ(put_member(k_viewer_id, body, writer_).status, 400) << body.dump();
  }
  EXPECT_EQ(api_.call(api_.request("PUT", users_path() + "/4", "[true]"), writer_).status, 400);
  EXPECT_EQ(api_.call(api_.request("PUT", users_path() + "/abc", R"({"disabled":true})"), writer_).status, 400);
  auto viewer = member(k_viewer_id);
  EXPECT_EQ(viewer["disabled"], false);
  EXPECT_EQ(viewer["is_admin"], false);
  EXPECT_EQ(viewer["min_idle_timeout"], 30);
}

TEST_F(UserAdminApiTest, ResettingAMembersTwoFactorLetsThemSignInWithThePasswordAgain) {
  auto secret_text = api_.two_factor.enrol(k_viewer_id, "viewer@argus.demo").secret;
  auto secret = *services::totp::base32_decode(secret_text);
  api_.two_factor.confirm(k_viewer_id, services::totp::code_at(secret, api_.now_ms / 1000));
  EXPECT_EQ(member(k_viewer_id)["two_factor_enabled"], true);
  json credentials{{"email", "viewer@argus.demo"}, {"password", api_.password_of("viewer@argus.demo")}};
  EXPECT_EQ(body_of(api_.call(api_.request("POST", "/n1/login/login", credentials.dump())))["mode"], "two_factor");

  auto reset =
      api_.call(api_.request("POST", users_path() + "/" + std::to_string(k_viewer_id) + "/reset_two_factor"), writer_);
  EXPECT_EQ(reset.status, 204) << reset.body;
  EXPECT_EQ(member(k_viewer_id)["two_factor_enabled"], false);
  EXPECT_TRUE(body_of(api_.call(api_.request("POST", "/n1/login/login", credentials.dump())))["success"]);
}

} // namespace
} // namespace argus::testing
