// Passwords through the API on a real SQLite store (issue 12): changing one's own password with its rules, an expired
// password (an administrator's flag or the organization's policy) that allows nothing but changing it, and
// forgot-password with a single-use link sent by e-mail that ends every session.
#include <chrono>
#include <fstream>
#include <regex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "recording_sender.hpp"
#include "services/outbox.hpp"
#include "services/password_policy.hpp"
#include "services/report_limiter.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

constexpr const char* k_user = "viewer@argus.demo";
constexpr const char* k_good_password = "a long and unusual passphrase 42";

std::filesystem::path common_list(const std::filesystem::path& dir) {
  auto path = dir / "common.lst";
  std::ofstream(path) << "#!comment: test list\n123456\ncorrecthorsebatterystaple\n";
  return path;
}

class PasswordApiTest : public ::testing::Test {
protected:
  PasswordApiTest() {
    api_.context.password_policy = &policy_;
    api_.context.mail_outbox = &outbox_;
    api_.context.reset_links = &reset_links_;
    api_.context.public_url = "https://argus.example.com";
  }

  http::Response change(const std::string& session, const std::string& current, const std::string& fresh) {
    nlohmann::json body{{"current_password", current}, {"new_password", fresh}};
    return api_.call(api_.request("POST", "/n1/vision/user/password", body.dump()), session);
  }
  http::Response login(const std::string& password) {
    nlohmann::json body{{"email", k_user}, {"password", password}};
    return api_.call(api_.request("POST", "/n1/login/login", body.dump()));
  }
  std::string mailed_token() {
    outbox_.drain();
    return mail_.last_link_token("/login/reset-password");
  }
  http::Response reset(const std::string& token, const std::string& fresh) {
    nlohmann::json body{{"token", token}, {"new_password", fresh}};
    return api_.call(api_.request("POST", "/n1/login/reset_password", body.dump()));
  }
  http::Response forgot(const std::string& email) {
    return api_.call(api_.request("POST", "/n1/login/forgot_password", nlohmann::json{{"email", email}}.dump()));
  }

  ApiHarness api_;
  services::PasswordPolicy policy_{common_list(api_.dir.path)};
  RecordingSender mail_;
  services::Outbox outbox_{mail_};
  services::ReportLimiter reset_links_{[this] { return api_.now_ms; }, 60'000};
};

TEST_F(PasswordApiTest, ChangingAPasswordFollowsTheRulesAndEndsTheOtherSessions) {
  const auto old_password = api_.password_of(k_user);
  auto session = api_.sign_in(k_user);
  auto other = api_.sign_in(k_user);
  auto expect_refused = [&](const std::string& current, const std::string& fresh, const std::string& message) {
    auto response = change(session, current, fresh);
    EXPECT_EQ(response.status, 400) << fresh;
    EXPECT_EQ(body_of(response)["errors"][0], message) << fresh;
  };
  expect_refused("wrong current password", k_good_password, "Your current password is not correct.");
  expect_refused(old_password, "short", "Use at least 12 characters.");
  expect_refused(old_password, std::string(257, 'x'), "Use at most 256 characters.");
  expect_refused(old_password, "CorrectHorseBatteryStaple", "This password is too common. Choose another.");
  expect_refused(old_password, "my viewer@argus.demo pass", "Do not use your e-mail address in your password.");
  expect_refused(old_password, old_password, "Choose a password different from your current one.");
  EXPECT_EQ(login(old_password).status, 200) << "nothing changed";

  auto changed = change(session, old_password, k_good_password);
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(api_.call(api_.request("GET", "/n1/vision/user"), session).status, 200) << "this session goes on";
  EXPECT_EQ(api_.call(api_.request("GET", "/n1/vision/user"), other).status, 401) << "the other one ended";
  EXPECT_EQ(login(old_password).status, 401);
  EXPECT_EQ(login(k_good_password).status, 200);
}

TEST_F(PasswordApiTest, AnExpiredPasswordAllowsNothingButChangingIt) {
  auto user = api_.database.find_user_by_email(k_user);
  api_.database.expire_user_password(user->id);
  auto session = api_.sign_in(k_user);
  ASSERT_FALSE(session.empty()) << "the password still signs in, to change it";
  auto me = api_.call(api_.request("GET", "/n1/vision/user"), session);
  EXPECT_EQ(me.status, 200);
  EXPECT_EQ(me.body, "User password expired");
  auto networks = api_.call(api_.request("GET", "/n1/vision/networks"), session);
  EXPECT_EQ(networks.status, 403);
  EXPECT_EQ(networks.body, "Please change your password.");
  EXPECT_EQ(api_.call(api_.request("POST", "/n1/vision/session/refresh"), session).status, 200);

  ASSERT_EQ(change(session, api_.password_of(k_user), k_good_password).status, 200);
  EXPECT_EQ(body_of(api_.call(api_.request("GET", "/n1/vision/user"), session))["email"], k_user);
  EXPECT_EQ(api_.call(api_.request("GET", "/n1/vision/networks"), session).status, 200);
}

TEST_F(PasswordApiTest, TheOrganizationsPolicyExpiresOldPasswords) {
  using namespace std::chrono;
  const auto now = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  auto user = api_.database.find_user_by_email(k_user);
  ASSERT_NEAR(static_cast<double>(user->password_changed_ms), static_cast<double>(now), 60'000.0);
  api_.database.set_organization_password_expiry(1, 90); // Northwind, the viewer's organization
  api_.catalog.invalidate();
  api_.now_ms = now + 89LL * 24 * 3600 * 1000;
  auto fresh_enough = api_.sign_in(k_user);
  EXPECT_NE(api_.call(api_.request("GET", "/n1/vision/user"), fresh_enough).body, "User password expired");
  api_.now_ms = now + 91LL * 24 * 3600 * 1000;
  auto too_old = api_.sign_in(k_user);
  EXPECT_EQ(api_.call(api_.request("GET", "/n1/vision/user"), too_old).body, "User password expired");
  ASSERT_EQ(change(too_old, api_.password_of(k_user), k_good_password).status, 200);
  EXPECT_EQ(body_of(api_.call(api_.request("GET", "/n1/vision/user"), too_old))["email"], k_user)
      << "a new password starts a new period";
}

TEST_F(PasswordApiTest, AResetLinkWorksOnceWithinThirtyMinutesAndEndsEverySession) {
  auto unknown = forgot("nobody@argus.demo");
  ASSERT_EQ(unknown.status, 200);
  auto known = forgot(k_user);
  ASSERT_EQ(known.status, 200);
  EXPECT_EQ(body_of(known), body_of(unknown)) << "the answer does not tell who has an account";
  EXPECT_EQ(body_of(known)["message"],
            "If an account exists for that e-mail address, we sent it a link to reset the password.");
  auto token = mailed_token();
  ASSERT_FALSE(token.empty()) << (mail_.sent.empty() ? "no mail" : mail_.sent.back().text);
  EXPECT_EQ(mail_.sent.size(), 1u) << "nothing for the unknown address";
  EXPECT_EQ(mail_.sent[0].to, k_user);
  EXPECT_EQ(mail_.sent[0].subject, "Reset your Argus password");
  EXPECT_NE(mail_.sent[0].text.find("https://argus.example.com/login/reset-password?token="), std::string::npos);
  forgot(k_user);
  outbox_.drain();
  EXPECT_EQ(mail_.sent.size(), 1u) << "one link per account per minute";

  auto session = api_.sign_in(k_user);
  auto weak = reset(token, "short");
  EXPECT_EQ(weak.status, 400);
  EXPECT_EQ(body_of(weak)["errors"][0], "Use at least 12 characters.");
  auto done = reset(token, k_good_password);
  ASSERT_EQ(done.status, 200) << done.body << " (a weak try does not spend the link)";
  EXPECT_EQ(api_.call(api_.request("GET", "/n1/vision/user"), session).status, 401) << "every session ended";
  EXPECT_EQ(login(k_good_password).status, 200);
  auto again = reset(token, "another long passphrase 77");
  EXPECT_EQ(again.status, 400);
  EXPECT_EQ(body_of(again)["errors"][0], "This link has expired or was already used. Please ask for a new one.");

  api_.now_ms += 60'000;
  forgot(k_user);
  auto late_token = mailed_token();
  ASSERT_NE(late_token, token);
  api_.now_ms += 30 * 60'000;
  EXPECT_EQ(reset(late_token, "another long passphrase 77").status, 400) << "30 minutes";
  EXPECT_EQ(reset("made-up-token", "another long passphrase 77").status, 400);
}

TEST_F(PasswordApiTest, ANewLinkVoidsTheEarlierOne) {
  forgot(k_user);
  auto first = mailed_token();
  api_.now_ms += 60'000;
  forgot(k_user);
  auto second = mailed_token();
  EXPECT_EQ(reset(first, k_good_password).status, 400);
  EXPECT_EQ(reset(second, k_good_password).status, 200);
}

TEST_F(PasswordApiTest, TheRulesAreServedAndBadBodiesRefused) {
  auto rules = api_.call(api_.request("GET", "/n1/login/password_rules"));
  EXPECT_EQ(body_of(rules), (nlohmann::json{{"min_length", 12}, {"max_length", 256}}));
  auto session = api_.sign_in(k_user);
  EXPECT_EQ(api_.call(api_.request("POST", "/n1/vision/user/password", "{}"), session).status, 400);
  EXPECT_EQ(api_.call(api_.request("POST", "/n1/vision/user/password", "not json"), session).status, 400);
  EXPECT_EQ(change("", "a", "b").status, 401);
  EXPECT_EQ(api_.call(api_.request("POST", "/n1/login/forgot_password", "{\"email\": 5}")).status, 400);
  EXPECT_EQ(reset(std::string(300, 'a'), k_good_password).status, 400);
  auto no_csrf = api_.request("POST", "/n1/login/forgot_password", nlohmann::json{{"email", k_user}}.dump(), false);
  EXPECT_EQ(api_.call(no_csrf).status, 403);
}

} // namespace
} // namespace argus::testing
