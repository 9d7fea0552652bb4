// Two shards on one PostgreSQL store (issue 14, docs/design/scale.md "Shards"): shard 1 runs the demo, Downtown Store
// (102) is moved to shard 2 with `argusd network move`; a session made on shard 1 works on shard 2 and its sign-out
// reaches shard 2 within the session check interval; each shard serves only its networks (421 naming the other
// shard otherwise) and shard 2 records and plays the moved network's cameras (from the demo's camera simulator).
// Skipped when PostgreSQL is not installed.
#include <chrono>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/argusd_process.hpp"
#include "support/polling.hpp"
#include "support/postgres_cluster.hpp"

namespace argus::testing {
namespace {

using namespace std::chrono_literals;

class TwoShardsTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string why_not;
    cluster_ = PostgresCluster::instance(&why_not);
    if (!cluster_)
      GTEST_SKIP() << why_not;
    url_ = cluster_->create_database();
  }

  ArgusdOptions shard(int shard_id, bool demo) const {
    ArgusdOptions options;
    options.demo = demo;
    options.extra_args = {"--database", url_, "--shard-id", std::to_string(shard_id)};
    options.startup_timeout_ms = 60s;
    return options;
  }

  PostgresCluster* cluster_ = nullptr;
  std::string url_;
};

// A client of `server` with the session (and CSRF cookie) of `signed_in_client`.
HttpClient with_session_of(const ArgusdProcess& server, HttpClient& signed_in_client) {
  auto client = server.client();
  client.cookies() = signed_in_client.cookies();
  prime_csrf(client);
  return client;
}

TEST_F(TwoShardsTest, EachShardServesItsNetworksWithOneSessionAndTheMovedNetworkPlaysOnItsNewShard) {
  ArgusdProcess first(shard(1, true));
  auto moved = run_argusd_cli({"network", "move", "--database", url_, "--network-id", "102", "--to-shard", "2"});
  ASSERT_EQ(moved.exit_code, 0) << moved.output;
  ArgusdProcess second(shard(2, false));

  auto listed = run_argusd_cli({"network", "list", "--database", url_});
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_NE(listed.output.find("102\t2\t"), std::string::npos) << listed.output;
  EXPECT_NE(listed.output.find("101\t1\t"), std::string::npos) << listed.output;

  auto on_first = signed_in(first, k_admin);
  auto on_second = with_session_of(second, on_first);
  ASSERT_EQ(on_second.get("/n2/vision/user").status, 200) << "a session made on shard 1 is valid on shard 2";

  for (auto* client : {&on_first, &on_second}) {
    auto where = client->get("/n1/vision/shard_for_network?id=102");
    ASSERT_EQ(where.status, 200) << where.body;
    EXPECT_EQ(where.json()["shard_id"], 2);
  }
  auto elsewhere = on_first.get("/n1/n/102/manage/vision/cameras");
  EXPECT_EQ(elsewhere.status, 421) << elsewhere.body;
  EXPECT_EQ(elsewhere.json()["shard_id"], 2);
  auto back = on_second.get("/n2/n/101/manage/vision/cameras");
  EXPECT_EQ(back.status, 421) << back.body;
  EXPECT_EQ(back.json()["shard_id"], 1);
  EXPECT_EQ(on_first.get("/n1/n/101/manage/vision/cameras").status, 200);

  auto cameras = on_second.get("/n2/n/102/manage/vision/cameras");
  ASSERT_EQ(cameras.status, 200) << cameras.body;
  std::string live_dir;
  for (const auto& camera : cameras.json()) {
    const auto& path = camera["channel"]["cloud_proxy_livestream_path"];
    if (path.is_string() && live_dir.empty())
      live_dir = path.get<std::string>();
  }
  ASSERT_EQ(live_dir.rfind("/n2/cameras/", 0), 0u) << "a camera of 102 with video, played on shard 2: " << live_dir;
  HttpResponse playlist;
  EXPECT_TRUE(poll_until(40s,
                         [&] {
                           playlist = on_second.get(live_dir + "index.m3u8");
                           return playlist.status == 200 && playlist.body.find("#EXTINF") != std::string::npos;
                         }))
      << "shard 2 records the moved network's camera: " << playlist.status << " " << playlist.body;
  auto first_live = on_first.get("/n1" + live_dir.substr(3) + "index.m3u8");
  EXPECT_EQ(first_live.status, 421) << first_live.body;

  // A sign-out on shard 1 reaches shard 2 at its next check of the session.
  ASSERT_EQ(on_first.get("/n1/login/logout").status, 200);
  HttpResponse user;
  EXPECT_TRUE(poll_until(15s,
                         [&] {
                           user = on_second.get("/n2/vision/user");
                           return user.status == 401;
                         }))
      << user.status << " " << user.body;
}

TEST_F(TwoShardsTest, AMoveBadInputChangesNothing) {
  ArgusdProcess first(shard(1, true));
  for (const auto& command : std::vector<std::vector<std::string>>{
           {"network", "move", "--database", url_, "--network-id", "999999", "--to-shard", "2"},
           {"network", "move", "--database", url_, "--network-id", "102", "--to-shard", "0"},
           {"network", "move", "--database", url_, "--network-id", "102", "--to-shard", "2", "--from-data-dir",
            first.data_dir().string()},
           {"network", "move", "--network-id", "102", "--to-shard", "2"},
           {"network", "move", "--database", url_, "--network-id", "102", "--to-shard", "2", "--from-data-dir",
            "/nonexistent/shard1", "--to-data-dir", first.data_dir().string()},
           {"network", "jump", "--database", url_}}) {
    auto refused = run_argusd_cli(command);
    EXPECT_NE(refused.exit_code, 0) << refused.output;
    EXPECT_NE(refused.output.find("argusd: "), std::string::npos) << refused.output;
  }
  auto listed = run_argusd_cli({"network", "list", "--database", url_});
  EXPECT_NE(listed.output.find("102\t1\t"), std::string::npos) << listed.output;
}

} // namespace
} // namespace argus::testing
