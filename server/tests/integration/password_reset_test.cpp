// Passwords against a real argusd (issue 12): forgot-password sends a real e-mail (libcurl SMTP to the demo inbox)
// whose link, on argusd's own address, sets a new password once; `argusd user expire-password` and
// `argusd org set-password-expiry` make the next sign-in change it, and refuse bad input; `argusd org set-two-factor`
// makes the next sign-in ask for an e-mailed code.
#include <regex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr const char* k_new_password = "a long and unusual passphrase 42";

// The reset link of the newest e-mail to `to`, waiting up to 5 s for it.
std::string reset_link(std::uint16_t port, const std::string& to) {
  std::string link;
  poll_until(std::chrono::seconds{5}, [&] {
    HttpClient inbox("127.0.0.1", port);
    auto messages = inbox.get("/api/messages");
    if (messages.status != 200)
      return false;
    for (const auto& message : messages.json()) {
      std::smatch match;
      auto text = message.value("text", std::string{});
      if (message.at("to").dump().find(to) != std::string::npos &&
          std::regex_search(text, match, std::regex("(http://\\S+/login/reset-password\\?token=[A-Za-z0-9_-]+)"))) {
        link = match[1];
        return true;
      }
    }
    return false;
  });
  return link;
}

TEST(PasswordReset, AnEmailedLinkSetsANewPasswordOnce) {
  ArgusdProcess server;
  auto port = demo_inbox_port(server);
  ASSERT_NE(port, 0) << server.output();
  auto viewer_session = signed_in(server, k_viewer);

  auto browser = server.client();
  prime_csrf(browser);
  auto asked = browser.post_json(api("/login/forgot_password"), {{"email", k_viewer}});
  ASSERT_EQ(asked.status, 200) << asked.body;
  auto link = reset_link(port, k_viewer);
  ASSERT_FALSE(link.empty()) << "no reset e-mail in the demo inbox";
  EXPECT_EQ(link.rfind(server.base_url() + "/login/reset-password?token=", 0), 0u) << link;
  auto token = link.substr(link.find("token=") + 6);

  auto reset = browser.post_json(api("/login/reset_password"), {{"token", token}, {"new_password", k_new_password}});
  ASSERT_EQ(reset.status, 200) << reset.body;
  EXPECT_EQ(viewer_session.get(api("/vision/user")).status, 401) << "the earlier session ended";
  auto again = browser.post_json(api("/login/reset_password"), {{"token", token}, {"new_password", k_new_password}});
  EXPECT_EQ(again.status, 400);

  auto fresh = server.client();
  EXPECT_EQ(sign_in(fresh, k_viewer, demo_password(server, k_viewer)).status, 401) << "the old password is gone";
  auto with_new = sign_in(fresh, k_viewer, k_new_password);
  EXPECT_EQ(with_new.status, 200) << with_new.body;
}

TEST(PasswordReset, AnAdministratorExpiresPasswordsFromTheCommandLine) {
  ArgusdProcess server;
  auto dir = server.data_dir().string();
  server.stop();
  EXPECT_EQ(run_argusd_cli({"user", "expire-password", "--data-dir", dir, "--email", "ghost@argus.demo"}).exit_code, 1);
  EXPECT_EQ(run_argusd_cli({"org", "set-password-expiry", "--data-dir", dir, "--org-id", "1", "--days", "0"}).exit_code,
            2);
  EXPECT_EQ(run_argusd_cli({"org", "set-password-expiry", "--data-dir", dir, "--org-id", "x", "--days", "9"}).exit_code,
            2);
  EXPECT_EQ(
      run_argusd_cli({"org", "set-password-expiry", "--data-dir", dir, "--org-id", "99", "--days", "9"}).exit_code, 1);
  EXPECT_EQ(run_argusd_cli({"org", "frobnicate"}).exit_code, 2);
  auto set = run_argusd_cli({"org", "set-password-expiry", "--data-dir", dir, "--org-id", "1", "--days", "90"});
  EXPECT_EQ(set.exit_code, 0) << set.output;
  auto expire = run_argusd_cli({"user", "expire-password", "--data-dir", dir, "--email", k_viewer});
  ASSERT_EQ(expire.exit_code, 0) << expire.output;
  server.start();

  auto viewer = signed_in(server, k_viewer);
  auto me = viewer.get(api("/vision/user"));
  EXPECT_EQ(me.body, "User password expired");
  auto networks = viewer.get(api("/vision/networks"));
  EXPECT_EQ(networks.status, 403);
  EXPECT_EQ(networks.body, "Please change your password.");
  auto changed = viewer.post_json(api("/vision/user/password"), {{"current_password", demo_password(server, k_viewer)},
                                                                 {"new_password", k_new_password}});
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(viewer.get(api("/vision/networks")).status, 200);
}

TEST(PasswordReset, AnAdministratorRequiresTwoFactorFromTheCommandLine) {
  ArgusdProcess server;
  auto dir = server.data_dir().string();
  server.stop();
  auto two_factor = [&](const std::string& org, const std::string& required) {
    return run_argusd_cli({"org", "set-two-factor", "--data-dir", dir, "--org-id", org, "--required", required});
  };
  EXPECT_EQ(two_factor("1", "maybe").exit_code, 2);
  EXPECT_EQ(two_factor("x", "yes").exit_code, 2);
  EXPECT_EQ(two_factor("99", "yes").exit_code, 1);
  auto set = two_factor("1", "yes");
  ASSERT_EQ(set.exit_code, 0) << set.output;
  server.start();

  // The viewer has no second factor of their own: the password now asks for a code sent by e-mail.
  auto viewer = server.client();
  auto answer = sign_in(viewer, k_viewer, demo_password(server, k_viewer));
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(answer.json().at("mode"), "one_time_password") << answer.body;
  EXPECT_TRUE(is_login_mode(viewer.get(api("/vision/user"))));
}

} // namespace
} // namespace argus::testing
