#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace argus::testing {
namespace {

nlohmann::json credentials(const std::string& email, const std::string& password) {
  return {{"email", email}, {"password", password}};
}

TEST(ApiAuth, CsrfTokenSetsCookieOnce) {
  ApiHarness api;
  auto first = api.call(api.request("GET", "/n1/csrf/token"));
  ASSERT_EQ(first.status, 200);
  ASSERT_EQ(first.headers.size(), 2u);
  EXPECT_EQ(first.headers[0].second.rfind("argus_csrf=", 0), 0u);
  auto again = api.request("GET", "/n1/csrf/token");
  again.headers["cookie"] = "argus_csrf=" + api.csrf_cookie_id;
  auto second = api.call(again);
  EXPECT_EQ(body_of(second)["csrf_token"], api.csrf.token_for(api.csrf_cookie_id, ""));
  for (const auto& [name, value] : second.headers)
    EXPECT_NE(name, "Set-Cookie");
}

TEST(ApiAuth, LoginSucceedsAndSetsSessionCookie) {
  ApiHarness api;
  auto response = api.call(api.request("POST", "/n1/login/login",
                                       credentials("ADMIN@argus.demo", api.password_of("admin@argus.demo")).dump()));
  ASSERT_EQ(response.status, 200) << response.body;
  auto body = body_of(response);
  EXPECT_TRUE(body["success"]);
  EXPECT_EQ(body["user"]["email"], "admin@argus.demo");
  EXPECT_EQ(body["user"]["org_id"], 1);
  EXPECT_EQ(body["orgs"].size(), 2u);
  bool cookie = false;
  for (const auto& [name, value] : response.headers) {
    if (name == "Set-Cookie" && value.rfind("argus_session=", 0) == 0) {
      cookie = true;
      EXPECT_NE(value.find("HttpOnly"), std::string::npos);
      EXPECT_EQ(value.find("Max-Age"), std::string::npos);
    }
  }
  EXPECT_TRUE(cookie);
}

TEST(ApiAuth, WrongPasswordAndUnknownEmailAnswerAlike) {
  ApiHarness api;
  auto wrong = api.call(api.request("POST", "/n1/login/login", credentials("admin@argus.demo", "nope").dump()));
  auto unknown = api.call(api.request("POST", "/n1/login/login", credentials("ghost@argus.demo", "nope").dump()));
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(wrong.body, unknown.body);
  EXPECT_EQ(body_of(wrong)["error"], "Incorrect e-mail or password.");
  EXPECT_TRUE(body_of(wrong)["mode"].is_null());
}

std::string header_of(const http::Response& response, const std::string& name, const std::string& cookie = "") {
  for (const auto& [header, value] : response.headers) {
    if (header == name && value.rfind(cookie, 0) == 0)
      return value;
  }
  return {};
}

TEST(ApiAuth, AnAddressWaitsAfterItsFreeFailuresEvenWithTheRightPassword) {
  ApiHarness api;
  auto right = credentials("writer@argus.demo", api.password_of("writer@argus.demo")).dump();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(api.call(api.request("POST", "/n1/login/login", credentials("writer@argus.demo", "wrong").dump())).status,
              401);
  }
  auto response = api.call(api.request("POST", "/n1/login/login", right));
  EXPECT_EQ(response.status, 429);
  EXPECT_EQ(body_of(response)["mode"], "captcha");
  EXPECT_FALSE(body_of(response)["success"]);
  EXPECT_EQ(header_of(response, "Retry-After"), "1");
  EXPECT_EQ(api.sessions.size(), 0u);

  // Another address is not held up; after the delay this one is not either.
  auto elsewhere = api.request("POST", "/n1/login/login", right);
  elsewhere.remote_address = "198.51.100.4";
  EXPECT_EQ(api.call(elsewhere).status, 200);
  api.now_ms += 1'000;
  EXPECT_EQ(api.call(api.request("POST", "/n1/login/login", right)).status, 200);
}

TEST(ApiAuth, SignInReplacesTheSessionAndTheCsrfCookie) {
  ApiHarness api;
  auto old_session = api.sign_in("admin@argus.demo");
  ASSERT_FALSE(old_session.empty());
  auto login = api.call(api.request("POST", "/n1/login/login",
                                    credentials("viewer@argus.demo", api.password_of("viewer@argus.demo")).dump()),
                        old_session);
  ASSERT_EQ(login.status, 200) << login.body;
  EXPECT_FALSE(api.sessions.find(old_session)) << "the session that was there must end";
  EXPECT_EQ(api.sessions.size(), 1u);

  auto session_cookie = header_of(login, "Set-Cookie", "argus_session=");
  auto csrf_cookie = header_of(login, "Set-Cookie", "argus_csrf=");
  ASSERT_FALSE(csrf_cookie.empty());
  auto new_session = session_cookie.substr(14, session_cookie.find(';') - 14);
  auto new_csrf_id = csrf_cookie.substr(11, csrf_cookie.find(';') - 11);
  EXPECT_NE(new_csrf_id, api.csrf_cookie_id);
  EXPECT_EQ(body_of(login)["csrf_token"], api.csrf.token_for(new_csrf_id, new_session));
  EXPECT_EQ(session_cookie.find("Secure"), std::string::npos) << "plain HTTP: no Secure";
}

TEST(ApiAuth, CookiesAreSecureOverTls) {
  ApiHarness api;
  auto token = api.request("GET", "/n1/csrf/token");
  token.over_tls = true;
  EXPECT_NE(header_of(api.call(token), "Set-Cookie", "argus_csrf=").find("; Secure"), std::string::npos);
  auto login = api.request("POST", "/n1/login/login",
                           credentials("admin@argus.demo", api.password_of("admin@argus.demo")).dump());
  login.over_tls = true;
  auto answer = api.call(login);
  ASSERT_EQ(answer.status, 200);
  EXPECT_NE(header_of(answer, "Set-Cookie", "argus_session=").find("; Secure"), std::string::npos);
  EXPECT_NE(header_of(answer, "Set-Cookie", "argus_csrf=").find("; Secure"), std::string::npos);
  auto logout = api.request("GET", "/n1/login/logout");
  logout.over_tls = true;
  EXPECT_NE(header_of(api.call(logout), "Set-Cookie", "argus_session=").find("; Secure"), std::string::npos);
}

TEST(ApiAuth, MalformedLoginBodiesAre400) {
  ApiHarness api;
  auto malformed = api.call(api.request("POST", "/n1/login/login", "{not json"));
  EXPECT_EQ(malformed.status, 400);
  EXPECT_EQ(body_of(malformed)["errors"][0], "Malformed JSON body");
  auto missing = api.call(api.request("POST", "/n1/login/login", R"({"email":"a@b.c"})"));
  EXPECT_EQ(missing.status, 400);
  EXPECT_EQ(body_of(missing)["errors"][0], "password is required");
  auto typed = api.call(api.request("POST", "/n1/login/login", R"({"email":5,"password":"x"})"));
  EXPECT_EQ(body_of(typed)["errors"][0], "email must be a string");
  auto remember = api.call(api.request("POST", "/n1/login/login", R"({"email":"a","password":"x","remember":"yes"})"));
  EXPECT_EQ(remember.status, 400);
}

TEST(ApiAuth, MissingCsrfIs403AndChangesNothing) {
  ApiHarness api;
  auto body = credentials("admin@argus.demo", api.password_of("admin@argus.demo")).dump();
  auto response = api.call(api.request("POST", "/n1/login/login", body, false));
  EXPECT_EQ(response.status, 403);
  EXPECT_EQ(body_of(response)["errors"][0], "Invalid CSRF token");
  EXPECT_EQ(api.sessions.size(), 0u);

  auto token = api.sign_in("admin@argus.demo");
  auto change = api.call(api.request("PUT", "/n1/vision/change_org", R"({"org_eid":"ct-41b7d9"})", false), token);
  EXPECT_EQ(change.status, 403);
  EXPECT_EQ(api.sessions.find(token)->organization_id, 1);
}

TEST(ApiAuth, SessionlessCallsAnswerLoginMode) {
  ApiHarness api;
  for (const char* path : {"/n1/vision/user", "/n1/vision/networks", "/n1/n/101/manage/vision/cameras"}) {
    auto response = api.call(api.request("GET", path));
    EXPECT_EQ(response.status, 401) << path;
    EXPECT_EQ(body_of(response)["mode"], "login");
    EXPECT_EQ(body_of(response)["errors"][0], "No user in session. Login required.");
  }
  EXPECT_EQ(api.call(api.request("GET", "/n1/vision/user"), "forged-token").status, 401);
}

TEST(ApiAuth, IdleSessionExpiresAndRefreshExtends) {
  ApiHarness api;
  auto token = api.sign_in("viewer@argus.demo");
  api.now_ms += 29 * 60'000;
  auto refreshed = api.call(api.request("POST", "/n1/vision/session/refresh"), token);
  ASSERT_EQ(refreshed.status, 200);
  EXPECT_EQ(body_of(refreshed)["idle_expires_at_ms"], api.now_ms + 30 * 60'000);
  api.now_ms += 29 * 60'000;
  auto alive = api.call(api.request("POST", "/n1/manage/dashboard/keep_idle_timeout_alive"), token);
  EXPECT_EQ(alive.body, "OK");
  api.now_ms += 30 * 60'000;
  EXPECT_EQ(api.call(api.request("GET", "/n1/vision/user"), token).status, 401);
}

TEST(ApiAuth, LogoutEndsTheSession) {
  ApiHarness api;
  auto token = api.sign_in("admin@argus.demo");
  ASSERT_EQ(api.call(api.request("GET", "/n1/vision/user"), token).status, 200);
  auto logout = api.call(api.request("GET", "/n1/login/logout"), token);
  EXPECT_TRUE(body_of(logout)["slo_logout_url"].is_null());
  EXPECT_NE(logout.headers.at(0).second.find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(api.call(api.request("GET", "/n1/vision/user"), token).status, 401);
}

TEST(ApiAuth, ChangeOrgSwitchesOnlyToMemberOrganizations) {
  ApiHarness api;
  auto admin = api.sign_in("admin@argus.demo");
  auto switched = api.call(api.request("PUT", "/n1/vision/change_org", R"({"org_eid":"ct-41b7d9"})"), admin);
  ASSERT_EQ(switched.status, 200) << switched.body;
  EXPECT_EQ(body_of(api.call(api.request("GET", "/n1/vision/user"), admin))["org_id"], 2);
  auto writer = api.sign_in("writer@argus.demo");
  auto refused = api.call(api.request("PUT", "/n1/vision/change_org", R"({"org_eid":"ct-41b7d9"})"), writer);
  EXPECT_EQ(refused.status, 404);
  EXPECT_EQ(api.call(api.request("PUT", "/n1/vision/change_org", R"({"org_eid":7})"), writer).status, 400);
}

} // namespace
} // namespace argus::testing
