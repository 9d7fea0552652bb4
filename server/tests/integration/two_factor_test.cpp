// Authenticator two-factor against a real argusd (issue 12), with Debian's oathtool as the user's authenticator app:
// a viewer enrols over HTTP and confirms with oathtool's code; the password alone then answers mode two_factor and
// the second step with the app's next code signs in; `argusd user reset-two-factor` (an administrator's way back in)
// turns it off, refuses bad input, and the password alone signs in again.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

std::int64_t now_s() {
  using namespace std::chrono;
  return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
}

// The code oathtool (the authenticator app) shows for a base32 secret at a UNIX time.
std::string oathtool_code(const std::string& secret, std::int64_t unix_s) {
  const std::string command = "oathtool --totp -b --now '@" + std::to_string(unix_s) + "' " + secret;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  char line[64] = {};
  std::string code = pipe && fgets(line, sizeof line, pipe.get()) ? line : "";
  return code.substr(0, code.find('\n'));
}

TEST(TwoFactor, AnAuthenticatorGuardsTheSignInUntilAnAdministratorResetsIt) {
  if (!std::filesystem::exists("/usr/bin/oathtool"))
    GTEST_SKIP() << "oathtool is not installed (scripts/setup.sh installs it)";
  ArgusdProcess server;
  auto viewer = signed_in(server, k_viewer);
  auto enrolment = viewer.request("POST", api("/vision/user/two_factor/enrol"));
  ASSERT_EQ(enrolment.status, 200) << enrolment.body;
  const auto secret = enrolment.json().at("secret").get<std::string>();
  auto confirmed = viewer.post_json(api("/vision/user/two_factor/confirm"), {{"code", oathtool_code(secret, now_s())}});
  ASSERT_EQ(confirmed.status, 200) << confirmed.body;
  EXPECT_EQ(confirmed.json().at("recovery_codes").size(), 10u);

  auto browser = server.client();
  auto password_step = sign_in(browser, k_viewer, demo_password(server, k_viewer));
  ASSERT_EQ(password_step.status, 200) << password_step.body;
  EXPECT_EQ(password_step.json().at("mode"), "two_factor");
  EXPECT_TRUE(set_cookie_for(password_step, "argus_session").empty());
  EXPECT_EQ(browser.get(api("/vision/user")).status, 401) << "no session yet";
  // The next 30-second step's code: the current one was spent on the confirmation (no replay).
  auto second_step = browser.post_json(api("/login/two_factor/verify"), {{"code", oathtool_code(secret, now_s() + 30)}});
  ASSERT_EQ(second_step.status, 200) << second_step.body;
  EXPECT_EQ(second_step.json().at("user").at("email"), k_viewer);
  prime_csrf(browser);
  EXPECT_EQ(browser.get(api("/vision/user")).status, 200);

  server.stop();
  auto unknown = run_argusd_cli({"user", "reset-two-factor", "--data-dir", server.data_dir().string(), "--email",
                                 "ghost@argus.demo"});
  EXPECT_EQ(unknown.exit_code, 1) << unknown.output;
  auto missing = run_argusd_cli({"user", "reset-two-factor", "--data-dir", server.data_dir().string()});
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
  auto extra = run_argusd_cli({"user", "reset-two-factor", "--data-dir", server.data_dir().string(), "--email",
                               k_viewer, "--minutes", "5"});
  EXPECT_EQ(extra.exit_code, 2) << extra.output;
  auto reset = run_argusd_cli({"user", "reset-two-factor", "--data-dir", server.data_dir().string(), "--email", k_viewer});
  EXPECT_EQ(reset.exit_code, 0) << reset.output;
  server.start();

  auto later = server.client();
  auto password_only = sign_in(later, k_viewer, demo_password(server, k_viewer));
  ASSERT_EQ(password_only.status, 200) << password_only.body;
  EXPECT_TRUE(password_only.json().at("success"));
}

} // namespace
} // namespace argus::testing
