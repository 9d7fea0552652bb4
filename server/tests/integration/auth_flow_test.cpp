// Sign-in, the session cookie, the session user, sign-out and the idle-timer calls against a real argusd.
#include <chrono>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

class AuthFlow : public SharedArgusdTest {};

TEST_F(AuthFlow, CsrfTokenSetsTheCsrfCookieOnce) {
  auto client = server().client();
  auto first = client.get(api("/csrf/token"));
  ASSERT_EQ(first.status, 200) << first.body;
  auto cookie = set_cookie_for(first, "argus_csrf");
  ASSERT_FALSE(cookie.empty()) << "no argus_csrf cookie set";
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite="), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("Path=/"), std::string::npos) << cookie;
  ASSERT_TRUE(client.cookies().count("argus_csrf"));
  auto token = first.json().at("csrf_token").get<std::string>();
  EXPECT_FALSE(token.empty());

  // With the cookie present the token is the same and no new cookie is set.
  auto second = client.get(api("/csrf/token"));
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(second.json().at("csrf_token"), token);
  EXPECT_TRUE(set_cookie_for(second, "argus_csrf").empty());

  // Another browser gets another cookie and token.
  auto other = server().client();
  auto other_answer = other.get(api("/csrf/token"));
  EXPECT_NE(other_answer.json().at("csrf_token"), token);
}

TEST_F(AuthFlow, LoginAnswersUserAndSetsABrowserSessionCookie) {
  auto client = server().client();
  auto response = sign_in(client, k_admin, demo_password(server(), k_admin), 0);
  ASSERT_EQ(response.status, 200) << response.body;
  auto body = response.json();
  EXPECT_EQ(body.at("success"), true);
  ASSERT_TRUE(body.contains("user")) << response.body;
  EXPECT_EQ(body["user"].at("email"), k_admin);
  EXPECT_EQ(body["user"].at("is_admin"), true);
  ASSERT_TRUE(body.contains("orgs") && body["orgs"].is_array()) << response.body;
  EXPECT_EQ(body["orgs"].size(), 2u);

  auto cookie = set_cookie_for(response, "argus_session");
  ASSERT_FALSE(cookie.empty()) << "no argus_session cookie";
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("Path=/"), std::string::npos) << cookie;
  EXPECT_EQ(cookie.find("Max-Age"), std::string::npos) << "remember=0 must give a browser-session cookie: " << cookie;
  EXPECT_EQ(cookie.find("Expires"), std::string::npos) << cookie;
  EXPECT_GE(client.cookies().at("argus_session").size(), 32u);
}

TEST_F(AuthFlow, RememberedLoginSetsAPersistentCookie) {
  auto client = server().client();
  auto response = sign_in(client, k_admin, demo_password(server(), k_admin), 1);
  ASSERT_EQ(response.status, 200) << response.body;
  auto cookie = set_cookie_for(response, "argus_session");
  ASSERT_FALSE(cookie.empty());
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos) << cookie;
  auto at = cookie.find("Max-Age=");
  ASSERT_NE(at, std::string::npos) << "remember=1 must give a persistent cookie: " << cookie;
  EXPECT_GT(std::stoll(cookie.substr(at + 8)), 24 * 3600) << cookie;
}

TEST_F(AuthFlow, TwoSignInsGetDistinctSessions) {
  auto first = signed_in(server(), k_admin);
  auto second = signed_in(server(), k_admin);
  EXPECT_NE(first.cookies().at("argus_session"), second.cookies().at("argus_session"));
}

TEST_F(AuthFlow, VisionUserHasTheContractFields) {
  auto client = signed_in(server(), k_admin);
  auto response = client.get(api("/vision/user"));
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("content-type").rfind("application/json", 0), 0u);
  auto user = response.json();
  for (const char* field : {"id", "org_id", "name", "email", "is_admin", "is_org_write_admin", "min_idle_timeout",
                            "admin_permissions_hash", "shard_id"}) {
    EXPECT_TRUE(user.contains(field)) << field << " missing: " << response.body;
  }
  EXPECT_TRUE(user["id"].is_number_integer());
  EXPECT_EQ(user["org_id"], 1);
  EXPECT_EQ(user["email"], k_admin);
  EXPECT_TRUE(user["name"].is_string() && !user["name"].get<std::string>().empty());
  EXPECT_EQ(user["is_admin"], true);
  EXPECT_TRUE(user["is_org_write_admin"].is_boolean());
  EXPECT_TRUE(user["min_idle_timeout"].is_number_integer() && user["min_idle_timeout"].get<int>() > 0);
  EXPECT_EQ(user["shard_id"], 1);
  ASSERT_TRUE(user["admin_permissions_hash"].is_object());
  for (const char* network : {"101", "102", "103"}) {
    ASSERT_TRUE(user["admin_permissions_hash"].contains(network)) << response.body;
    EXPECT_EQ(user["admin_permissions_hash"][network].at("is_monitor_only_admin"), false);
  }

  // The login answer's user is the same document.
  auto again = server().client();
  auto login = sign_in(again, k_admin, demo_password(server(), k_admin));
  auto login_user = login.json().at("user");
  login_user.erase("id");
  user.erase("id");
  EXPECT_EQ(login_user, user);
}

TEST_F(AuthFlow, MonitorOnlyFlagInUser) {
  auto client = signed_in(server(), k_monitor);
  auto user = client.get(api("/vision/user")).json();
  EXPECT_EQ(user.at("is_admin"), true);
  EXPECT_EQ(user.at("admin_permissions_hash").at("102").at("is_monitor_only_admin"), true) << user.dump();
  EXPECT_EQ(user.at("admin_permissions_hash").at("101").at("is_monitor_only_admin"), false) << user.dump();
}

TEST_F(AuthFlow, LogoutEndsTheSessionAndTheOldCookieIsRejected) {
  auto client = signed_in(server(), k_admin);
  std::string token = client.cookies().at("argus_session");
  ASSERT_EQ(client.get(api("/vision/user")).status, 200);

  auto logout = client.get(api("/login/logout"));
  ASSERT_EQ(logout.status, 200) << logout.body;
  auto body = logout.json();
  EXPECT_TRUE(body.contains("slo_logout_url")) << logout.body;
  EXPECT_TRUE(body["slo_logout_url"].is_null() || body["slo_logout_url"].is_string());
  auto cleared = set_cookie_for(logout, "argus_session");
  ASSERT_FALSE(cleared.empty()) << "logout must clear the cookie";
  EXPECT_NE(cleared.find("Max-Age=0"), std::string::npos) << cleared;
  EXPECT_EQ(client.cookies().count("argus_session"), 0u);
  EXPECT_TRUE(is_login_mode(client.get(api("/vision/user"))));

  // Replaying the old cookie (e.g. a stolen copy) does not bring the session back.
  auto replay = server().client();
  replay.cookies()["argus_session"] = token;
  EXPECT_TRUE(is_login_mode(replay.get(api("/vision/user"))));
  prime_csrf(replay);
  EXPECT_TRUE(is_login_mode(replay.request("POST", api("/vision/session/refresh"))));
}

TEST_F(AuthFlow, SigningInAgainEndsTheSessionThatWasThere) {
  auto client = signed_in(server(), k_admin);
  std::string old_token = client.cookies().at("argus_session");

  // The same browser signs in again (here as another account): its old session cookie travels with the sign-in.
  auto again = sign_in(client, k_viewer, demo_password(server(), k_viewer));
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_NE(client.cookies().at("argus_session"), old_token);
  EXPECT_EQ(client.get(api("/vision/user")).json().at("email"), k_viewer);

  auto replay = server().client();
  replay.cookies()["argus_session"] = old_token;
  EXPECT_TRUE(is_login_mode(replay.get(api("/vision/user")))) << "the session that was there must end";
}

// Spec 01 §2 ORG_CHOOSE: the demo admin belongs to two organizations and chooses one before any session exists.
TEST_F(AuthFlow, AUserOfTwoOrganizationsChoosesOneBeforeTheSessionStarts) {
  auto client = server().client();
  prime_csrf(client);
  auto login =
      client.post_json(api("/login/login"), {{"email", k_admin}, {"password", demo_password(server(), k_admin)}});
  ASSERT_EQ(login.status, 200) << login.body;
  EXPECT_EQ(login.json().at("mode"), "org_choose");
  EXPECT_FALSE(client.cookies().count("argus_session"));
  auto cookie = set_cookie_for(login, "argus_org_choice");
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite=Strict"), std::string::npos) << cookie;
  EXPECT_EQ(client.get(api("/vision/user")).status, 401) << "no session yet";
  std::string contoso;
  const auto answer = login.json();
  for (const auto& org : answer.at("orgs")) {
    if (org.at("id") == 2)
      contoso = org.at("eid").get<std::string>();
  }
  ASSERT_FALSE(contoso.empty()) << login.body;

  EXPECT_EQ(client.post_json(api("/login/org_choose"), {{"eid", "not-an-org"}}).status, 400);
  auto chosen = client.post_json(api("/login/org_choose"), {{"eid", contoso}});
  ASSERT_EQ(chosen.status, 200) << chosen.body;
  EXPECT_TRUE(chosen.json().at("success"));
  prime_csrf(client);
  auto user = client.get(api("/vision/user"));
  ASSERT_EQ(user.status, 200) << user.body;
  EXPECT_EQ(user.json().at("org_id"), 2);
  EXPECT_EQ(client.post_json(api("/login/org_choose"), {{"eid", contoso}}).status, 401) << "the choice is spent";
}

TEST_F(AuthFlow, SignInIssuesANewCsrfTokenAndThePreSignInOneIsRejected) {
  auto client = server().client();
  std::string before_token = prime_csrf(client);
  std::string before_cookie = client.cookies().at("argus_csrf");
  auto login =
      client.post_json(api("/login/login"), {{"email", k_viewer}, {"password", demo_password(server(), k_viewer)}});
  ASSERT_EQ(login.status, 200) << login.body;

  auto csrf_cookie = set_cookie_for(login, "argus_csrf");
  ASSERT_FALSE(csrf_cookie.empty()) << "sign-in must set a new CSRF cookie";
  EXPECT_NE(csrf_cookie.find("HttpOnly"), std::string::npos) << csrf_cookie;
  EXPECT_NE(csrf_cookie.find("SameSite=Lax"), std::string::npos) << csrf_cookie;
  EXPECT_NE(client.cookies().at("argus_csrf"), before_cookie);
  ASSERT_TRUE(login.json().contains("csrf_token")) << login.body;
  auto issued = login.json().at("csrf_token").get<std::string>();
  EXPECT_NE(issued, before_token);

  // The token fetched before sign-in no longer validates: neither with the new cookie ...
  const std::string keep_alive = api("/manage/dashboard/keep_idle_timeout_alive");
  auto stale = client.request("POST", keep_alive);
  EXPECT_EQ(stale.status, 403) << stale.body;
  EXPECT_EQ(stale.json().at("errors").at(0), k_invalid_csrf);
  // ... nor with the pre-sign-in cookie put back next to the new session (a planted or stolen cookie and token).
  auto planted = server().client();
  planted.cookies() = client.cookies();
  planted.cookies()["argus_csrf"] = before_cookie;
  planted.set_default_header("X-CSRF-Token", before_token);
  EXPECT_EQ(planted.request("POST", keep_alive).status, 403);

  // The issued token works, and GET /csrf/token now answers that token.
  client.set_default_header("X-CSRF-Token", issued);
  auto alive = client.request("POST", keep_alive);
  EXPECT_EQ(alive.status, 200) << alive.body;
  EXPECT_EQ(client.get(api("/csrf/token")).json().at("csrf_token"), issued);
}

TEST_F(AuthFlow, LogoutWithoutSessionStillAnswers) {
  auto client = server().client();
  auto logout = client.get(api("/login/logout"));
  ASSERT_EQ(logout.status, 200) << logout.body;
  EXPECT_TRUE(logout.json().contains("slo_logout_url"));
}

TEST_F(AuthFlow, KeepIdleTimeoutAliveAnswersText) {
  auto client = signed_in(server(), k_admin);
  auto response = client.request("POST", api("/manage/dashboard/keep_idle_timeout_alive"));
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("content-type").rfind("text/plain", 0), 0u) << response.header("content-type");
  EXPECT_EQ(response.body, "OK");
}

TEST_F(AuthFlow, SessionRefreshAnswersTheIdleTimes) {
  auto client = signed_in(server(), k_admin);
  auto minutes = client.get(api("/vision/user")).json().at("min_idle_timeout").get<std::int64_t>();
  auto before = now_ms();
  auto response = client.request("POST", api("/vision/session/refresh"));
  auto after = now_ms();
  ASSERT_EQ(response.status, 200) << response.body;
  auto body = response.json();
  ASSERT_TRUE(body.contains("idle_timeout_ms") && body.contains("idle_expires_at_ms")) << response.body;
  EXPECT_EQ(body["idle_timeout_ms"].get<std::int64_t>(), minutes * 60'000);
  auto expires = body["idle_expires_at_ms"].get<std::int64_t>();
  EXPECT_GE(expires, before + minutes * 60'000 - 1'000) << response.body;
  EXPECT_LE(expires, after + minutes * 60'000 + 1'000) << response.body;

  // A later refresh moves the deadline forward (or keeps it), never back.
  auto later = client.request("POST", api("/vision/session/refresh")).json();
  EXPECT_GE(later.at("idle_expires_at_ms").get<std::int64_t>(), expires);
}

TEST_F(AuthFlow, EverySessionEndpointAnswersLoginModeWithoutSession) {
  const std::vector<std::string> gets = {
      "/vision/user",
      "/vision/env",
      "/vision/nfos",
      "/vision/nfos?id=1",
      "/vision/shard_features",
      "/vision/shard_for_network?id=101",
      "/vision/organizations",
      "/vision/organizations/1/manifest",
      "/vision/organizations/1/bundle",
      "/manage/organization/administered_orgs",
      "/api/v1/organizations/1/admins/1/privileges",
      "/vision/networks",
      "/vision/networks/101/context",
      "/n/101/manage/vision/cameras",
      "/node_groups/101/floorplans",
      "/floorplans/1/image",
      "/api/v1/organizations/1/camera/accessControlPartnerIntegrations",
  };
  auto anonymous = server().client();
  prime_csrf(anonymous); // so that non-GET calls reach the session check
  // The CSRF token is bound to the session cookie the browser sends, so the forged cookie is set before the token is
  // fetched: the calls then pass the CSRF check and reach the session check.
  auto forged = server().client();
  forged.cookies()["argus_session"] = "not-a-session-token";
  prime_csrf(forged);
  for (auto* client : {&anonymous, &forged}) {
    for (const auto& path : gets)
      EXPECT_TRUE(is_login_mode(client->get(api(path)))) << "GET " << path;
    EXPECT_TRUE(is_login_mode(client->request("POST", api("/manage/dashboard/keep_idle_timeout_alive"))));
    EXPECT_TRUE(is_login_mode(client->request("POST", api("/vision/session/refresh"))));
    EXPECT_TRUE(is_login_mode(client->request("PUT", api("/vision/change_org"), json{{"org_eid", "x"}}.dump(),
                                              {{"Content-Type", "application/json"}})));
  }
}

} // namespace
} // namespace argus::testing
