// The organization's access log through the API on a real SQLite store (issue 12): sign-ins (and failed ones),
// recorded video (once per user, camera and kind in 10 minutes), privilege changes and sign-outs are logged; org-write
// administrators read it filtered and paged, newest first; other members and organizations are refused; bad filters
// get a 400. The store keeps each organization's newest entries only.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/access_log.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr const char* k_log = "/n1/api/v1/organizations/1/access_log";
constexpr std::int64_t k_writer_id = 2;

class AccessLogApiTest : public ::testing::Test {
protected:
  void SetUp() override { writer_ = api_.sign_in("writer@argus.demo"); }

  json page(const std::string& query = "") {
    auto answer = api_.call(api_.request("GET", std::string(k_log) + query), writer_);
    EXPECT_EQ(answer.status, 200) << answer.body;
    return body_of(answer);
  }
  void watch_recording(std::int64_t camera_id) {
    auto end_ms = api_.now_ms - 60'000;
    auto path = "/n1/cameras/" + std::to_string(camera_id) +
                "/history/main/index.m3u8?start_ms=" + std::to_string(end_ms - 60'000) +
                "&end_ms=" + std::to_string(end_ms);
    api_.call(api_.request("GET", path), writer_);
  }

  ApiHarness api_;
  std::string writer_;
};

TEST_F(AccessLogApiTest, SignInsFailedSignInsAndSignOutsAreLoggedNewestFirst) {
  json wrong{{"email", "viewer@argus.demo"}, {"password", "not the password"}};
  EXPECT_EQ(api_.call(api_.request("POST", "/n1/login/login", wrong.dump())).status, 401);
  auto viewer = api_.sign_in("viewer@argus.demo");
  api_.call(api_.request("GET", "/n1/login/logout"), viewer);

  auto entries = page()["entries"];
  ASSERT_GE(entries.size(), 4u);
  EXPECT_EQ(entries[0]["kind"], "sign_out");
  EXPECT_EQ(entries[0]["user"]["email"], "viewer@argus.demo");
  EXPECT_EQ(entries[1]["kind"], "sign_in");
  EXPECT_EQ(entries[2]["kind"], "sign_in_failed");
  EXPECT_EQ(entries[2]["detail"], "wrong password");
  EXPECT_EQ(entries[3]["kind"], "sign_in");
  EXPECT_EQ(entries[3]["user"]["id"], k_writer_id);
  EXPECT_GT(entries[0]["id"].get<std::int64_t>(), entries[1]["id"].get<std::int64_t>());

  json unknown{{"email", "nobody@argus.demo"}, {"password", "x"}};
  api_.call(api_.request("POST", "/n1/login/login", unknown.dump()));
  EXPECT_EQ(page()["entries"][0]["kind"], "sign_out") << "an unknown address belongs to no organization";
}

TEST_F(AccessLogApiTest, RecordedVideoIsLoggedOncePerCameraInTenMinutes) {
  watch_recording(1004);
  watch_recording(1004);
  watch_recording(1002);
  auto video = page("?kinds=recorded_video")["entries"];
  ASSERT_EQ(video.size(), 2u) << video.dump();
  EXPECT_EQ(video[0]["camera_id"], 1002);
  EXPECT_EQ(video[1]["camera_id"], 1004);
  EXPECT_EQ(video[1]["camera_name"], "Storage Aisle A");
  EXPECT_EQ(video[1]["network_id"], 101);
  EXPECT_EQ(video[1]["network_name"], "Warehouse HQ");

  api_.now_ms += services::AccessLog::k_video_repeat_ms;
  watch_recording(1004);
  EXPECT_EQ(page("?kinds=recorded_video&camera_id=1004")["entries"].size(), 2u);
}

TEST_F(AccessLogApiTest, FiltersCombineAndPagesGoBackById) {
  for (std::int64_t camera : {1002, 1003, 1004, 1005})
    watch_recording(camera);
  auto first = page("?kinds=recorded_video,sign_in&limit=2");
  ASSERT_EQ(first["entries"].size(), 2u);
  ASSERT_TRUE(first["next_before_id"].is_number());
  auto second = page("?kinds=recorded_video,sign_in&limit=2&before_id=" + first["next_before_id"].dump());
  ASSERT_EQ(second["entries"].size(), 2u);
  EXPECT_LT(second["entries"][0]["id"].get<std::int64_t>(), first["entries"][1]["id"].get<std::int64_t>());
  auto last = page("?kinds=recorded_video,sign_in&limit=2&before_id=" + second["next_before_id"].dump());
  EXPECT_EQ(last["entries"].size(), 1u);
  EXPECT_TRUE(last["next_before_id"].is_null());
  EXPECT_EQ(page("?user_id=2&kinds=sign_in")["entries"].size(), 1u);
  EXPECT_EQ(page("?user_id=4")["entries"].size(), 0u);
  EXPECT_EQ(page("?network_id=101&camera_id=1003")["entries"].size(), 1u);
  EXPECT_EQ(page("?since_ms=" + std::to_string(api_.now_ms + 1))["entries"].size(), 0u);
  EXPECT_EQ(page("?until_ms=" + std::to_string(api_.now_ms + 1))["entries"].size(), 5u);
  EXPECT_EQ(page()["retained"], 5);
}

TEST_F(AccessLogApiTest, AdministratorsChangesAreLoggedWithWhatChanged) {
  json privileges{{"privileges",
                   {{{"scope", "camera"},
                     {"camera_id", 1004},
                     {"rights", {{"write", false}, {"export", false}, {"historical", false}, {"live", true}}}}}}};
  ASSERT_EQ(api_.call(api_.request("PUT", "/n1/api/v1/organizations/1/admins/4/privileges", privileges.dump()), writer_)
                .status,
            200);
  ASSERT_EQ(api_.call(api_.request("PUT", "/n1/api/v1/organizations/1/users/4", R"({"min_idle_timeout":45})"), writer_)
                .status,
            200);
  auto entries = page("?kinds=privileges_changed,member_changed")["entries"];
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0]["detail"], "viewer@argus.demo: idle timeout 45 min");
  EXPECT_EQ(entries[1]["detail"], "viewer@argus.demo: camera 1004 live");
  EXPECT_EQ(entries[1]["user"]["email"], "writer@argus.demo");
}

TEST_F(AccessLogApiTest, OnlyOrgWriteAdministratorsReadItAndBadFiltersAreRefused) {
  auto viewer = api_.sign_in("viewer@argus.demo");
  auto monitor = api_.sign_in("monitor@argus.demo");
  EXPECT_EQ(api_.call(api_.request("GET", k_log), viewer).status, 403);
  EXPECT_EQ(api_.call(api_.request("GET", k_log), monitor).status, 403);
  EXPECT_EQ(api_.call(api_.request("GET", "/n1/api/v1/organizations/2/access_log"), writer_).status, 404);
  for (const char* bad :
       {"?kinds=coffee", "?limit=0", "?limit=501", "?since_ms=10&until_ms=5", "?user_id=x", "?before_id=-3"}) {
    auto refused = api_.call(api_.request("GET", std::string(k_log) + bad), writer_);
    EXPECT_EQ(refused.status, 400) << bad << " " << refused.body;
  }
}

TEST(AccessLogStore, AnOrganizationKeepsItsNewestEntriesOnly) {
  ApiHarness api;
  store::AccessLogEntryRecord entry;
  entry.organization_id = 1;
  entry.kind = "sign_in";
  entry.ip = "127.0.0.1";
  std::int64_t last = 0;
  for (int i = 0; i < 12; ++i)
    last = api.database.insert_access_log_entry(entry, 5);
  entry.organization_id = 2;
  api.database.insert_access_log_entry(entry, 5);
  EXPECT_EQ(api.database.access_log_size(1), 5);
  EXPECT_EQ(api.database.access_log_size(2), 1) << "another organization's log is its own";
  store::AccessLogQuery query;
  query.organization_id = 1;
  auto kept = api.database.access_log_entries(query);
  ASSERT_EQ(kept.size(), 5u);
  EXPECT_EQ(kept.front().id, last);
  EXPECT_EQ(kept.back().id, last - 4);
}

} // namespace
} // namespace argus::testing
