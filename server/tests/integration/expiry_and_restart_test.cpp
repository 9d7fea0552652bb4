// Persistence across restarts (sessions, CSRF key, demo credentials), the `argusd user set-idle-timeout` command and
// idle expiry. Each test owns its argusd because it stops and restarts it.
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

const Headers k_json = {{"Content-Type", "application/json"}};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

CliResult set_idle_timeout(const ArgusdProcess& server, const std::string& email, const std::string& minutes) {
  return run_argusd_cli(
      {"user", "set-idle-timeout", "--data-dir", server.data_dir().string(), "--email", email, "--minutes", minutes});
}

TEST(Restart, SessionsAndCsrfTokensSurviveARestart) {
  ArgusdProcess server;
  auto browser = signed_in(server, k_admin, 0);
  auto remembered = signed_in(server, k_admin, 1);
  auto switched = signed_in(server, k_admin, 0);
  auto orgs = switched.get(api("/vision/organizations")).json();
  ASSERT_EQ(switched.request("PUT", api("/vision/change_org"), json{{"org_eid", orgs.at("2").at("eid")}}.dump(), k_json)
                .status,
            200);
  auto signed_out = signed_in(server, k_viewer);
  auto old_token = signed_out.cookies().at("argus_session");
  ASSERT_EQ(signed_out.get(api("/login/logout")).status, 200);
  auto before = browser.get(api("/vision/user")).json();

  server.restart();

  auto after = browser.get(api("/vision/user"));
  ASSERT_EQ(after.status, 200) << after.body << "\n" << server.output();
  EXPECT_EQ(after.json(), before);
  EXPECT_EQ(remembered.get(api("/vision/user")).status, 200);
  EXPECT_EQ(switched.get(api("/vision/user")).json().at("org_id"), 2) << "the organization switch is persisted";

  // The CSRF key is kept, so tokens fetched before the restart still work.
  auto keep_alive = browser.request("POST", api("/manage/dashboard/keep_idle_timeout_alive"));
  EXPECT_EQ(keep_alive.status, 200) << keep_alive.body;

  // A signed-out session does not come back.
  auto replay = server.client();
  replay.cookies()["argus_session"] = old_token;
  EXPECT_TRUE(is_login_mode(replay.get(api("/vision/user"))));
}

TEST(Restart, DemoReseedKeepsTheCredentialsFile) {
  ArgusdProcess server;
  auto path = server.data_dir() / "demo-credentials.json";
  auto original = read_file(path);
  ASSERT_FALSE(original.empty());
  struct stat info {};
  ASSERT_EQ(::stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u) << "the credentials file is private";
  auto accounts = json::parse(original);
  ASSERT_EQ(accounts.size(), 7u);

  server.restart();
  EXPECT_EQ(read_file(path), original);
  server.restart();
  EXPECT_EQ(read_file(path), original);
  ASSERT_EQ(::stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);

  // Every account still signs in with its password, and the fleet was not duplicated.
  for (const auto& account : accounts) {
    auto client = server.client();
    auto response = sign_in(client, account.at("email"), account.at("password"));
    EXPECT_EQ(response.status, 200) << account.at("email") << ": " << response.body;
  }
  auto admin = signed_in(server, k_admin);
  EXPECT_EQ(admin.get(api("/n/101/manage/vision/cameras")).json().size(), 10u);
  EXPECT_EQ(admin.get(api("/vision/networks")).json().size(), 3u);
}

TEST(IdleTimeoutCli, RejectsBadArguments) {
  ArgusdProcess server;
  server.stop();
  auto unknown = set_idle_timeout(server, "nobody@argus.demo", "5");
  EXPECT_EQ(unknown.exit_code, 1) << unknown.output;
  for (const char* minutes : {"0", "-1", "abc", ""}) {
    auto bad = set_idle_timeout(server, k_viewer, minutes);
    EXPECT_EQ(bad.exit_code, 2) << minutes << ": " << bad.output;
  }
  auto no_database = run_argusd_cli({"user", "set-idle-timeout", "--data-dir", (server.data_dir() / "nothing").string(),
                                     "--email", k_viewer, "--minutes", "5"});
  EXPECT_EQ(no_database.exit_code, 1) << no_database.output;
  auto missing = run_argusd_cli({"user", "set-idle-timeout", "--data-dir", server.data_dir().string()});
  EXPECT_EQ(missing.exit_code, 2) << missing.output;

  // Nothing changed.
  server.start();
  auto viewer = signed_in(server, k_viewer);
  EXPECT_NE(viewer.get(api("/vision/user")).json().at("min_idle_timeout"), 1);
}

TEST(IdleTimeoutCli, AppliesToSessionsCreatedAfterwards) {
  ArgusdProcess server;
  auto earlier = signed_in(server, k_viewer);
  auto earlier_timeout = earlier.request("POST", api("/vision/session/refresh")).json().at("idle_timeout_ms");
  ASSERT_NE(earlier_timeout, 60'000);

  server.stop();
  auto result = set_idle_timeout(server, k_viewer, "1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  server.start();

  auto later = signed_in(server, k_viewer);
  EXPECT_EQ(later.get(api("/vision/user")).json().at("min_idle_timeout"), 1);
  auto refreshed = later.request("POST", api("/vision/session/refresh"));
  ASSERT_EQ(refreshed.status, 200) << refreshed.body;
  EXPECT_EQ(refreshed.json().at("idle_timeout_ms"), 60'000);

  // The session from before keeps the idle timeout it was created with.
  auto old = earlier.request("POST", api("/vision/session/refresh"));
  ASSERT_EQ(old.status, 200) << old.body;
  EXPECT_EQ(old.json().at("idle_timeout_ms"), earlier_timeout);

  // Other users are unaffected.
  auto admin = signed_in(server, k_admin);
  EXPECT_NE(admin.get(api("/vision/user")).json().at("min_idle_timeout"), 1);
}

// Waits out a real one-minute idle timeout (the shortest argusd allows; it has no test clock).
TEST(SessionExpiry, SlowIdleSessionExpiresUnlessKeptAlive) {
  ArgusdProcess server;
  server.stop();
  auto result = set_idle_timeout(server, k_viewer, "1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  server.start();

  auto idle = signed_in(server, k_viewer);
  auto kept = signed_in(server, k_viewer);
  auto started = std::chrono::steady_clock::now();
  ASSERT_EQ(idle.request("POST", api("/vision/session/refresh")).json().at("idle_timeout_ms"), 60'000);

  std::this_thread::sleep_until(started + 25s);
  // Camera status polling (GET) must not keep the idle session alive; the keep-alive call does.
  EXPECT_EQ(idle.get(api("/n/101/manage/vision/cameras?fields=id,status")).status, 200);
  EXPECT_EQ(kept.request("POST", api("/manage/dashboard/keep_idle_timeout_alive")).status, 200);
  std::this_thread::sleep_until(started + 50s);
  EXPECT_EQ(idle.get(api("/n/101/manage/vision/cameras?fields=id,status")).status, 200);
  EXPECT_EQ(kept.request("POST", api("/vision/session/refresh")).status, 200);

  std::this_thread::sleep_until(started + 62s);
  EXPECT_TRUE(is_login_mode(idle.get(api("/vision/user"))));
  EXPECT_TRUE(is_login_mode(idle.request("POST", api("/vision/session/refresh"))));
  EXPECT_TRUE(is_login_mode(idle.request("POST", api("/manage/dashboard/keep_idle_timeout_alive"))));
  EXPECT_EQ(kept.get(api("/vision/user")).status, 200) << "the refreshed session is still alive";

  // An expired session stays expired after a restart. (Not asserted for `kept`: last_seen_ms is persisted at most
  // once a minute, so by design a restart may shorten a session by up to a minute.)
  server.restart();
  EXPECT_TRUE(is_login_mode(idle.get(api("/vision/user"))));
}

} // namespace
} // namespace argus::testing
