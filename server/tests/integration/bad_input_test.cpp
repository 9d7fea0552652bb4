// Malformed, oversize, forged and unauthorised input: the server answers the contract's errors and changes nothing.
#include <algorithm>
#include <chrono>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};

class BadInput : public SharedArgusdTest {};

TEST_F(BadInput, MalformedJsonLoginIs400) {
  auto client = server().client();
  prime_csrf(client);
  for (const std::string body : {"{\"email\": ", "not json", "[1,2]", "\"text\"", ""}) {
    auto response = client.request("POST", api("/login/login"), body, k_json);
    EXPECT_EQ(response.status, 400) << "body <" << body << ">: " << response.body;
    EXPECT_TRUE(is_error_body(response)) << "body <" << body << ">";
  }
  EXPECT_EQ(client.cookies().count("argus_session"), 0u);
}

TEST_F(BadInput, WrongTypesInLoginAre400) {
  auto client = server().client();
  prime_csrf(client);
  auto password = demo_password(server(), k_admin);
  const std::vector<json> bodies = {
      {{"email", 42}, {"password", password}},
      {{"email", k_admin}, {"password", 12345}},
      {{"email", json::array({k_admin})}, {"password", password}},
      {{"password", password}},
      {{"email", k_admin}},
      {{"email", k_admin}, {"password", password}, {"remember", "yes"}},
      {{"email", k_admin}, {"password", password}, {"remember", 7}},
  };
  for (const auto& body : bodies) {
    auto response = client.post_json(api("/login/login"), body);
    EXPECT_EQ(response.status, 400) << body.dump() << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << body.dump();
  }
  EXPECT_EQ(client.cookies().count("argus_session"), 0u);
}

TEST_F(BadInput, OversizeBodyIs413AndTheServerKeepsServing) {
  auto client = server().client();
  auto token = prime_csrf(client);
  std::string body(1024 * 1024 + 1, 'x');
  std::string request = "POST /n1/login/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        "X-CSRF-Token: " +
                        token + "\r\nCookie: argus_csrf=" + client.cookies().at("argus_csrf") +
                        "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  auto response = client.send_raw(request);
  EXPECT_EQ(response.status, 413) << response.body;
  EXPECT_TRUE(is_error_body(response));

  // Exactly 1 MiB is not "over 1 MiB": it reaches the handler (and is malformed JSON there).
  std::string limit(1024 * 1024, ' ');
  auto at_limit = client.request("POST", api("/login/login"), limit, k_json);
  EXPECT_EQ(at_limit.status, 400) << at_limit.body;

  auto after = server().client();
  EXPECT_EQ(after.get(api("/csrf/token")).status, 200);
  auto admin = signed_in(server(), k_admin);
  EXPECT_EQ(admin.get(api("/vision/user")).status, 200);
}

TEST_F(BadInput, LoginWithoutCsrfIs403AndCreatesNoSession) {
  auto client = server().client();
  client.get(api("/csrf/token")); // the cookie, but no header
  auto response =
      client.post_json(api("/login/login"), {{"email", k_admin}, {"password", demo_password(server(), k_admin)}});
  EXPECT_EQ(response.status, 403) << response.body;
  EXPECT_EQ(response.json(), (json{{"errors", {k_invalid_csrf}}})) << response.body;
  EXPECT_TRUE(set_cookie_for(response, "argus_session").empty());
  EXPECT_EQ(client.cookies().count("argus_session"), 0u);
  EXPECT_TRUE(is_login_mode(client.get(api("/vision/user"))));
}

TEST_F(BadInput, ChangeOrgWithoutCsrfIs403AndTheOrgStays) {
  auto client = signed_in(server(), k_admin);
  auto orgs = client.get(api("/vision/organizations")).json();
  ASSERT_TRUE(orgs.contains("2")) << orgs.dump();
  std::string eid = orgs["2"].at("eid");

  for (const std::string token : {"", "bogus", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}) {
    client.set_default_header("X-CSRF-Token", token);
    auto response = client.request("PUT", api("/vision/change_org"), json{{"org_eid", eid}}.dump(), k_json);
    EXPECT_EQ(response.status, 403) << "token <" << token << ">: " << response.body;
    EXPECT_EQ(response.json(), (json{{"errors", {k_invalid_csrf}}})) << response.body;
  }
  EXPECT_EQ(client.get(api("/vision/user")).json().at("org_id"), 1);
  EXPECT_EQ(client.get(api("/vision/env")).json().at("organization").at("id"), 1);
}

TEST_F(BadInput, KeepAliveAndRefreshWithoutCsrfAre403) {
  auto client = signed_in(server(), k_admin);
  client.set_default_header("X-CSRF-Token", "");
  for (const char* path : {"/manage/dashboard/keep_idle_timeout_alive", "/vision/session/refresh"}) {
    auto response = client.request("POST", api(path));
    EXPECT_EQ(response.status, 403) << path << ": " << response.body;
    EXPECT_EQ(response.json(), (json{{"errors", {k_invalid_csrf}}})) << path << ": " << response.body;
  }
  // The session itself is untouched.
  EXPECT_EQ(client.get(api("/vision/user")).status, 200);
}

TEST_F(BadInput, CsrfTokenOfAnotherBrowserIs403) {
  auto victim = signed_in(server(), k_admin);
  auto attacker = server().client();
  auto attacker_token = prime_csrf(attacker);

  // The attacker's token with the victim's cookies.
  victim.set_default_header("X-CSRF-Token", attacker_token);
  auto orgs = victim.get(api("/vision/organizations")).json();
  auto response =
      victim.request("PUT", api("/vision/change_org"), json{{"org_eid", orgs["2"].at("eid")}}.dump(), k_json);
  EXPECT_EQ(response.status, 403) << response.body;
  EXPECT_EQ(victim.get(api("/vision/user")).json().at("org_id"), 1);

  // A valid token without any CSRF cookie.
  auto cookieless = server().client();
  cookieless.set_default_header("X-CSRF-Token", attacker_token);
  auto login =
      cookieless.post_json(api("/login/login"), {{"email", k_admin}, {"password", demo_password(server(), k_admin)}});
  EXPECT_EQ(login.status, 403) << login.body;
  EXPECT_EQ(cookieless.cookies().count("argus_session"), 0u);
}

TEST_F(BadInput, WrongPasswordAndUnknownEmailAnswerTheSame) {
  auto client = server().client();
  prime_csrf(client);
  auto wrong_password = client.post_json(api("/login/login"), {{"email", k_writer}, {"password", "not-the-password"}});
  auto unknown_email =
      client.post_json(api("/login/login"), {{"email", "nobody@argus.demo"}, {"password", "not-the-password"}});
  EXPECT_EQ(wrong_password.status, 401) << wrong_password.body;
  EXPECT_EQ(unknown_email.status, 401) << unknown_email.body;
  EXPECT_EQ(wrong_password.body, unknown_email.body);
  auto body = wrong_password.json();
  EXPECT_EQ(body.at("success"), false);
  EXPECT_TRUE(body.contains("error") && body["error"].is_string()) << wrong_password.body;
  EXPECT_FALSE(body.contains("user"));
  EXPECT_EQ(client.cookies().count("argus_session"), 0u);
}

TEST_F(BadInput, NonDigitIdsAre400) {
  auto client = signed_in(server(), k_admin);
  for (const char* path :
       {"/vision/networks/abc/context", "/n/abc/manage/vision/cameras", "/vision/shard_for_network?id=x",
        "/vision/shard_for_network?id=-1", "/vision/shard_for_network?id=1e3", "/node_groups/abc/floorplans",
        "/floorplans/abc/image", "/vision/networks?id=abc", "/vision/nfos?id=x", "/vision/organizations/x/manifest",
        "/api/v1/organizations/1/admins/me/privileges"}) {
    auto response = client.get(api(path));
    EXPECT_EQ(response.status, 400) << path << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << path;
  }
  auto missing = client.get(api("/vision/shard_for_network"));
  EXPECT_EQ(missing.status, 400) << missing.body;
}

TEST_F(BadInput, UnknownApiPathIsJson404) {
  auto anonymous = server().client();
  auto admin = signed_in(server(), k_admin);
  for (auto* client : {&anonymous, &admin}) {
    for (const char* path : {"/n1/no/such/path", "/n1/vision", "/n1", "/n2/vision/nothing", "/n1/vision/user/extra"}) {
      auto response = client->get(path);
      EXPECT_EQ(response.status, 404) << path << ": " << response.body;
      EXPECT_TRUE(is_error_body(response)) << path;
    }
  }
}

TEST_F(BadInput, UnsupportedMethodIs405) {
  auto client = signed_in(server(), k_admin);
  for (const auto& [method, path] : std::vector<std::pair<std::string, std::string>>{{"DELETE", "/vision/user"},
                                                                                     {"POST", "/vision/networks"},
                                                                                     {"GET", "/login/login"},
                                                                                     {"PUT", "/csrf/token"},
                                                                                     {"GET", "/vision/change_org"}}) {
    auto response = client.request(method, api(path));
    EXPECT_EQ(response.status, 405) << method << " " << path << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << method << " " << path;
    EXPECT_FALSE(response.header("allow").empty()) << method << " " << path;
  }
}

// Its own server, so that the failures it provokes are not throttled by (nor count against) other tests' sign-ins.
// Coarse on purpose: without the dummy hash an unknown e-mail would answer orders of magnitude faster.
TEST(LoginTiming, UnknownEmailTakesAboutAsLongAsAWrongPassword) {
  ArgusdProcess server;
  auto client = server.client();
  prime_csrf(client);
  auto median_ms = [&](const std::vector<std::string>& emails) {
    std::vector<double> times;
    for (const auto& email : emails) {
      auto start = std::chrono::steady_clock::now();
      auto response = client.post_json(api("/login/login"), {{"email", email}, {"password", "wrong-password"}});
      times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      EXPECT_EQ(response.status, 401) << email << ": " << response.body;
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  };
  double wrong_password = median_ms({k_viewer, k_writer, k_monitor});
  double unknown_email = median_ms({"a@example.com", "b@example.com", "c@example.com"});
  EXPECT_GT(unknown_email, wrong_password * 0.3)
      << "unknown " << unknown_email << " ms, wrong " << wrong_password << " ms";
}

} // namespace
} // namespace argus::testing
