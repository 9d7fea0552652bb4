// Inviting someone to an organization through the API on a real SQLite store (issue 12): a new address gets an account
// without a password and an e-mailed link to choose one, then signs in to the organization with the privileges they
// were given; an existing account of another organization becomes a member at once; refusals (a member already, a
// bad address, a viewer without privileges, a foreign camera, not an org-write administrator, no mail server) change
// nothing.
#include <regex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "recording_sender.hpp"
#include "services/outbox.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr const char* k_users = "/n1/api/v1/organizations/1/users";

json live_on_camera(std::int64_t camera_id) {
  return json::array({{{"scope", "camera"},
                       {"camera_id", camera_id},
                       {"rights", {{"write", false}, {"export", false}, {"historical", false}, {"live", true}}}}});
}

class InvitationApiTest : public ::testing::Test {
protected:
  InvitationApiTest() {
    api_.context.mail_outbox = &outbox_;
    api_.context.public_url = "https://argus.example.com";
    writer_ = api_.sign_in("writer@argus.demo");
  }

  http::Response invite(const json& body, const std::string& session) {
    return api_.call(api_.request("POST", k_users, body.dump()), session);
  }
  std::string mailed_token() {
    outbox_.drain();
    return mail_.last_link_token("/login/reset-password");
  }
  std::size_t member_count() { return body_of(api_.call(api_.request("GET", k_users), writer_)).size(); }

  ApiHarness api_;
  RecordingSender mail_;
  services::Outbox outbox_{mail_};
  std::string writer_;
};

TEST_F(InvitationApiTest, ANewAddressChoosesAPasswordFromTheMailAndSignsInWithTheGivenPrivileges) {
  auto invited = invite(
      {{"email", "new.guard@example.com"}, {"name", "Nia Guard"}, {"privileges", live_on_camera(1004)}}, writer_);
  ASSERT_EQ(invited.status, 201) << invited.body;
  EXPECT_EQ(body_of(invited)["name"], "Nia Guard");
  EXPECT_EQ(body_of(invited)["is_admin"], false);
  auto token = mailed_token();
  ASSERT_FALSE(token.empty());
  EXPECT_EQ(mail_.sent.back().to, "new.guard@example.com");
  EXPECT_EQ(mail_.sent.back().subject, "You are invited to Northwind Logistics on Argus");
  EXPECT_NE(mail_.sent.back().text.find("Wendy Writer added you"), std::string::npos) << mail_.sent.back().text;

  json no_password{{"email", "new.guard@example.com"}, {"password", ""}};
  EXPECT_EQ(api_.call(api_.request("POST", "/n1/login/login", no_password.dump())).status, 400)
      << "no password works before one is chosen";
  json chosen{{"token", token}, {"new_password", "a long and fresh passphrase"}};
  ASSERT_EQ(api_.call(api_.request("POST", "/n1/login/reset_password", chosen.dump())).status, 200);
  json credentials{{"email", "new.guard@example.com"}, {"password", "a long and fresh passphrase"}};
  auto signed_in = api_.call(api_.request("POST", "/n1/login/login", credentials.dump()));
  ASSERT_EQ(signed_in.status, 200) << signed_in.body;
  EXPECT_EQ(body_of(signed_in)["user"]["org_id"], 1);
}

TEST_F(InvitationApiTest, AnExistingAccountOfAnotherOrganizationBecomesAMemberAtOnce) {
  store::UserRecord contoso_user{0, "Cora Contoso", "cora@contoso.example", "", 30, false, 0};
  auto cora = api_.database.insert_user(contoso_user);
  api_.database.upsert_membership({cora, 2, false, false, false});
  auto invited = invite({{"email", "Cora@Contoso.example"}, {"privileges", live_on_camera(1004)}}, writer_);
  ASSERT_EQ(invited.status, 201) << invited.body;
  EXPECT_EQ(body_of(invited)["id"], cora);
  EXPECT_EQ(body_of(invited)["name"], "Cora Contoso") << "an existing account keeps its name";
  EXPECT_TRUE(mailed_token().empty()) << "no password link for an account that has one";
  EXPECT_NE(mail_.sent.back().text.find("Sign in as usual at https://argus.example.com"), std::string::npos);
  auto privileges = body_of(api_.call(
      api_.request("GET", "/n1/api/v1/organizations/1/admins/" + std::to_string(cora) + "/privileges"), writer_));
  ASSERT_EQ(privileges.size(), 1u);
  EXPECT_EQ(privileges[0]["camera_id"], 1004);

  auto again = invite({{"email", "cora@contoso.example"}, {"privileges", live_on_camera(1004)}}, writer_);
  EXPECT_EQ(again.status, 409) << again.body;
  EXPECT_EQ(body_of(again)["errors"][0], "This person is already a member of the organization.");
  auto admin = api_.sign_in("admin@argus.demo"); // an administrator of Contoso without the write right
  auto refused = api_.call(api_.request("POST", "/n1/api/v1/organizations/2/users",
                                        json{{"email", "writer@argus.demo"}, {"is_admin", true}}.dump()),
                           admin);
  EXPECT_EQ(refused.status, 403);
}

TEST_F(InvitationApiTest, RefusalsChangeNothing) {
  auto before = member_count();
  struct Case {
    json body;
    int status;
  };
  std::vector<Case> cases{
      {{{"email", "not-an-address"}, {"privileges", live_on_camera(1004)}}, 400},
      {{{"email", "a b@example.com"}, {"privileges", live_on_camera(1004)}}, 400},
      {{{"email", "viewer.without@example.com"}}, 400},
      {{{"email", "foreign@example.com"}, {"privileges", live_on_camera(2001)}}, 400},
      {{{"email", "writeonly@example.com"}, {"is_org_write_admin", true}}, 400},
      {{{"email", "named@example.com"}, {"name", std::string(256, 'n')}, {"is_admin", true}}, 400},
      {{{"email", "viewer@argus.demo"}, {"privileges", live_on_camera(1004)}}, 409},
  };
  for (const auto& bad : cases) {
    auto refused = invite(bad.body, writer_);
    EXPECT_EQ(refused.status, bad.status) << bad.body.dump() << " answered " << refused.body;
  }
  auto viewer = api_.sign_in("viewer@argus.demo");
  EXPECT_EQ(invite({{"email", "by.viewer@example.com"}, {"is_admin", true}}, viewer).status, 403);
  api_.context.mail_outbox = nullptr;
  auto no_mail = invite({{"email", "no.mail@example.com"}, {"is_admin", true}}, writer_);
  EXPECT_EQ(no_mail.status, 503);
  EXPECT_EQ(body_of(no_mail)["errors"][0], "Invitations need a mail server (--smtp-url).");
  EXPECT_EQ(member_count(), before);
  outbox_.drain();
  EXPECT_TRUE(mail_.sent.empty());
}

} // namespace
} // namespace argus::testing
