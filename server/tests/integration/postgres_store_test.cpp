// argusd on PostgreSQL (`--database postgresql://…`, docs/design/scale.md "PostgreSQL store"): a real argusd --demo
// on a throw-away cluster (support/postgres_cluster) serves the demo, keeps what a user changes and their session
// across its own restart, and while PostgreSQL is down answers calls that need it with a clean 503 (and keeps serving
// what it holds in memory), then recovers when PostgreSQL is back, without being restarted. The administrative
// commands reach the same store with --database. Skipped when PostgreSQL is not installed.
#include <chrono>
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/argusd_process.hpp"
#include "support/polling.hpp"
#include "support/postgres_cluster.hpp"
#include "support/wall_helpers.hpp"

namespace argus::testing {
namespace {

using namespace std::chrono_literals;

class PostgresStoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string why_not;
    cluster_ = PostgresCluster::instance(&why_not);
    if (!cluster_)
      GTEST_SKIP() << why_not;
    url_ = cluster_->create_database();
  }

  ArgusdOptions on_postgres() const {
    ArgusdOptions options;
    options.extra_args = {"--database", url_};
    options.startup_timeout_ms = 60s;
    return options;
  }

  PostgresCluster* cluster_ = nullptr;
  std::string url_;
};

TEST_F(PostgresStoreTest, ServesTheDemoAndKeepsAWallAndTheSessionAcrossARestart) {
  ArgusdProcess server(on_postgres());
  EXPECT_FALSE(std::filesystem::exists(server.data_dir() / "argus.db")) << "the store is PostgreSQL, not SQLite";
  auto admin = signed_in(server, k_admin);
  auto cameras = admin.get(api("/n/101/manage/vision/cameras"));
  ASSERT_EQ(cameras.status, 200) << cameras.body;
  EXPECT_GE(cameras.json().size(), 5u);
  auto created = admin.post_json(walls_path(101), wall_body("On PostgreSQL", {tile(k_lobby_channel, 0, 0)}));
  ASSERT_EQ(created.status, 201) << created.body;
  auto wall_id = created.json()["id"].get<std::int64_t>();

  server.restart();
  auto walls = admin.get(walls_path(101)); // the same session: sessions live in the store
  ASSERT_EQ(walls.status, 200) << walls.body;
  bool kept = false;
  for (const auto& wall : walls.json())
    kept = kept || (wall["id"] == wall_id && wall["name"] == "On PostgreSQL");
  EXPECT_TRUE(kept) << walls.body;
}

TEST_F(PostgresStoreTest, WhilePostgresIsDownCallsThatNeedItFailCleanlyAndAllRecoverWithoutRestartingArgusd) {
  ArgusdProcess server(on_postgres());
  auto admin = signed_in(server, k_admin);
  ASSERT_EQ(admin.get(walls_path(101)).status, 200);

  cluster_->stop();
  auto refused = admin.post_json(walls_path(101), wall_body("While down", {tile(k_lobby_channel, 0, 0)}));
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_TRUE(is_error_body(refused)) << refused.body;
  auto sign_in = server.client().get("/n1/csrf/token"); // the server itself keeps answering
  EXPECT_LT(sign_in.status, 500) << sign_in.body;
  EXPECT_TRUE(server.running());

  cluster_->start();
  HttpResponse again;
  EXPECT_TRUE(poll_until(20s,
                         [&] {
                           again = admin.post_json(walls_path(101),
                                                   wall_body("After the restart", {tile(k_lobby_channel, 0, 0)}));
                           return again.status == 201;
                         }))
      << again.status << " " << again.body;
  EXPECT_EQ(signed_in(server, k_admin).get(walls_path(101)).status, 200);
  EXPECT_TRUE(server.running());
}

TEST_F(PostgresStoreTest, TheAdministrativeCommandsWorkOnTheSameStoreWithDatabase) {
  ArgusdProcess server(on_postgres());
  auto dir = server.data_dir().string();
  auto added = run_argusd_cli({"camera", "add", "--data-dir", dir, "--database", url_, "--network-id", "101", "--name",
                               "CLI on PostgreSQL", "--main-url", "rtsp://127.0.0.1:1/pg"});
  ASSERT_EQ(added.exit_code, 0) << added.output;
  auto listed = run_argusd_cli({"camera", "list", "--data-dir", dir, "--database", url_, "--network-id", "101"});
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_NE(listed.output.find("CLI on PostgreSQL"), std::string::npos) << listed.output;
  EXPECT_NE(listed.output.find("Lobby"), std::string::npos) << "the demo's cameras, seeded in PostgreSQL";
  auto timeout = run_argusd_cli(
      {"user", "set-idle-timeout", "--data-dir", dir, "--database", url_, "--email", k_admin, "--minutes", "7"});
  EXPECT_EQ(timeout.exit_code, 0) << timeout.output;

  // Without --database the commands look for the SQLite file, which this deployment does not have.
  auto sqlite = run_argusd_cli({"camera", "list", "--data-dir", dir});
  EXPECT_EQ(sqlite.exit_code, 1) << sqlite.output;
  EXPECT_NE(sqlite.output.find("no database at"), std::string::npos) << sqlite.output;
  for (const auto& command : std::vector<std::vector<std::string>>{
           {"camera", "list", "--data-dir", dir, "--database", "mysql://x"},
           {"user", "reset-two-factor", "--data-dir", dir, "--database", "sqlite:argus.db", "--email", k_admin}}) {
    auto refused = run_argusd_cli(command);
    EXPECT_EQ(refused.exit_code, 2) << refused.output;
    EXPECT_NE(refused.output.find("--database must be a postgresql:// URL"), std::string::npos) << refused.output;
  }
}

} // namespace
} // namespace argus::testing
