// The sign-in's organization choice (spec 01 §2 ORG_CHOOSE, §7 POST login/org_choose {eid}) through the API on a real
// SQLite store: a user of several organizations gets mode org_choose (no session yet) with the organizations by name;
// naming one signs in there; an eid not theirs is a 400 that keeps the choice; an expired, spent or missing choice is
// a 401 that starts over; a user of one organization is signed in at once; the choice follows a second factor too.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/org_choices.hpp"
#include "services/totp.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr const char* k_two_org_user = "admin@argus.demo"; // Northwind (1) and Contoso (2)

class OrgChoiceApiTest : public ::testing::Test {
protected:
  OrgChoiceApiTest() { api_.context.org_choices = &choices_; }

  http::Response password_step(const std::string& email) {
    json credentials{{"email", email}, {"password", api_.password_of(email)}};
    return api_.call(api_.request("POST", "/n1/login/login", credentials.dump()));
  }
  http::Response choose(const std::string& token, const json& body) {
    auto request = api_.request("POST", "/n1/login/org_choose", body.dump());
    if (!token.empty())
      request.headers["cookie"] += "; argus_org_choice=" + token;
    return api_.call(request);
  }
  std::string eid_of(std::int64_t organization_id) { return api_.database.find_organization(organization_id)->eid; }

  ApiHarness api_;
  services::OrgChoices choices_{[this] { return api_.now_ms; }};
};

TEST_F(OrgChoiceApiTest, AUserOfTwoOrganizationsChoosesOneAndIsSignedInThere) {
  auto asked = password_step(k_two_org_user);
  ASSERT_EQ(asked.status, 200) << asked.body;
  auto body = body_of(asked);
  EXPECT_EQ(body["mode"], "org_choose");
  EXPECT_FALSE(body["success"]);
  EXPECT_TRUE(body["error"].is_null());
  EXPECT_FALSE(body.contains("user"));
  EXPECT_EQ(cookie_value(asked, "argus_session"), "") << "no session before the choice";
  ASSERT_EQ(body["orgs"].size(), 2u);
  EXPECT_LT(body["orgs"][0]["name"].get<std::string>(), body["orgs"][1]["name"].get<std::string>()) << "by name";
  for (const auto& org : body["orgs"]) {
    for (const char* field : {"id", "eid", "name", "shard_id"})
      EXPECT_TRUE(org.contains(field)) << field;
  }
  auto token = cookie_value(asked, "argus_org_choice");
  ASSERT_FALSE(token.empty());

  auto chosen = choose(token, {{"eid", eid_of(2)}});
  ASSERT_EQ(chosen.status, 200) << chosen.body;
  EXPECT_TRUE(body_of(chosen)["success"]);
  EXPECT_EQ(body_of(chosen)["user"]["email"], k_two_org_user);
  EXPECT_EQ(body_of(chosen)["orgs"].size(), 2u);
  auto session = cookie_value(chosen, "argus_session");
  ASSERT_FALSE(session.empty());
  EXPECT_EQ(cookie_value(chosen, "argus_org_choice"), "") << "the choice's cookie is cleared";
  auto user = api_.call(api_.request("GET", "/n1/vision/user"), session);
  ASSERT_EQ(user.status, 200) << user.body;
  EXPECT_EQ(body_of(user)["org_id"], 2) << "signed in to the chosen organization";
  EXPECT_EQ(body_of(chosen)["user"]["org_id"], 2);

  auto spent = choose(token, {{"eid", eid_of(1)}});
  EXPECT_EQ(spent.status, 401) << "a choice is spent once";
  EXPECT_EQ(body_of(spent)["error"], "Your sign-in expired. Please sign in again.");
}

TEST_F(OrgChoiceApiTest, AnOrganizationNotTheirsIsRefusedAndTheChoiceStays) {
  auto token = cookie_value(password_step(k_two_org_user), "argus_org_choice");
  std::string foreign = "N_no_such_org";
  auto refused = choose(token, {{"eid", foreign}});
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(body_of(refused)["mode"], "org_choose");
  EXPECT_EQ(body_of(refused)["error"], "Choose one of your organizations.");
  EXPECT_EQ(body_of(refused)["orgs"].size(), 2u);
  EXPECT_EQ(cookie_value(refused, "argus_session"), "");
  for (const auto& bad : {json::object(), json{{"eid", 5}}, json{{"eid", ""}}, json{{"eid", std::string(65, 'x')}}})
    EXPECT_EQ(choose(token, bad).status, 400) << bad.dump();
  EXPECT_EQ(choose(token, {{"eid", eid_of(1)}}).status, 200) << "the choice survived the refusals";
}

TEST_F(OrgChoiceApiTest, AnExpiredOrMissingChoiceStartsOver) {
  auto token = cookie_value(password_step(k_two_org_user), "argus_org_choice");
  EXPECT_EQ(choose("", {{"eid", eid_of(1)}}).status, 401);
  EXPECT_EQ(choose("forged-token", {{"eid", eid_of(1)}}).status, 401);
  api_.now_ms += services::OrgChoices::k_lifetime_ms;
  auto expired = choose(token, {{"eid", eid_of(1)}});
  EXPECT_EQ(expired.status, 401);
  EXPECT_TRUE(body_of(expired)["mode"].is_null());
  EXPECT_EQ(body_of(expired)["errors"][0], "Your sign-in expired. Please sign in again.");
  EXPECT_EQ(cookie_value(expired, "argus_session"), "");
}

TEST_F(OrgChoiceApiTest, AUserOfOneOrganizationIsSignedInAtOnce) {
  auto signed_in = password_step("viewer@argus.demo");
  ASSERT_EQ(signed_in.status, 200);
  EXPECT_TRUE(body_of(signed_in)["success"]);
  EXPECT_FALSE(cookie_value(signed_in, "argus_session").empty());
  EXPECT_EQ(cookie_value(signed_in, "argus_org_choice"), "");
}

TEST_F(OrgChoiceApiTest, TheChoiceFollowsASecondFactor) {
  auto session = api_.sign_in("writer@argus.demo"); // one organization: no choice
  ASSERT_FALSE(session.empty());
  // Give the two-organization user an authenticator: the password answers two_factor, the code org_choose.
  auto user = api_.database.find_user_by_email(k_two_org_user);
  auto enrolment = api_.two_factor.enrol(user->id, k_two_org_user);
  auto secret = *services::totp::base32_decode(enrolment.secret);
  EXPECT_EQ(api_.two_factor.confirm(user->id, services::totp::code_at(secret, api_.now_ms / 1000)).size(), 10u);
  api_.now_ms += 30'000;
  auto password = password_step(k_two_org_user);
  ASSERT_EQ(body_of(password)["mode"], "two_factor") << password.body;
  auto verify = api_.request("POST", "/n1/login/two_factor/verify",
                             json{{"code", services::totp::code_at(secret, api_.now_ms / 1000)}}.dump());
  verify.headers["cookie"] += "; argus_two_factor=" + cookie_value(password, "argus_two_factor");
  auto second = api_.call(verify);
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(body_of(second)["mode"], "org_choose");
  EXPECT_EQ(cookie_value(second, "argus_session"), "");
  auto chosen = choose(cookie_value(second, "argus_org_choice"), {{"eid", eid_of(1)}});
  EXPECT_EQ(chosen.status, 200) << chosen.body;
  EXPECT_FALSE(cookie_value(chosen, "argus_session").empty());
}

} // namespace
} // namespace argus::testing
