// Bookmarks, feedback, the access log and the portal's memory reports on both engines (store_engine.hpp).
#include <gtest/gtest.h>

#include "store_engine.hpp"

namespace argus::testing {
namespace {

class ActivityStore : public StoreTest {
protected:
  void SetUp() override {
    StoreTest::SetUp();
    if (IsSkipped())
      return;
    database->insert_user({3, "Bea", "bea@example.test", "hash", 30, false, 0});
    insert_camera(7);
    insert_camera(8);
  }
};

TEST_P(ActivityStore, BookmarksArePagedNewestStartFirstWithAnExactCursor) {
  auto mark = [&](std::int64_t camera_id, std::int64_t start_ms) {
    return database->insert_bookmark({0, 1, camera_id, 3, "Bea", "door", start_ms, start_ms + 10, 1});
  };
  auto a = mark(7, 100);
  auto b = mark(7, 200);
  auto c = mark(8, 200);
  mark(8, 300);
  auto page = database->bookmarks_of_cameras({7, 8}, std::nullopt, 2);
  ASSERT_EQ(page.items.size(), 2u);
  EXPECT_EQ(page.items[1].id, c); // same start: highest id first
  EXPECT_EQ(page.remaining, 2);
  page = database->bookmarks_of_cameras({7, 8}, store::BookmarkCursor{200, c}, 10);
  ASSERT_EQ(page.items.size(), 2u);
  EXPECT_EQ(page.items[0].id, b);
  EXPECT_EQ(page.items[1].id, a);
  EXPECT_EQ(database->bookmarks_of_cameras({7}, store::BookmarkCursor{200, std::nullopt}, 10).items.size(), 1u);
  EXPECT_TRUE(database->bookmarks_of_cameras({}, std::nullopt, 10).items.empty());
  EXPECT_EQ(database->find_bookmark(a)->user_name, "Bea");
  EXPECT_TRUE(database->delete_bookmark(a));
  EXPECT_FALSE(database->delete_bookmark(a));
}

TEST_P(ActivityStore, FeedbackIsReadNewestFirstAndCountedPerUser) {
  for (std::int64_t at : {10, 20, 30}) {
    database->insert_feedback({0, 1, 3, "Bea", "bea@example.test", 1, "Net", "more", "h", std::nullopt, "ua", at});
  }
  auto all = database->feedback_of_organization(1, std::nullopt, 10);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].created_ms, 30);
  EXPECT_EQ(database->feedback_of_organization(1, all[0].id, 10).size(), 2u);
  EXPECT_EQ(database->feedback_count_since(3, 20), 2);
}

TEST_P(ActivityStore, TheAccessLogKeepsItsNewestEntriesAndFilters) {
  for (int i = 0; i < 5; ++i) {
    database->insert_access_log_entry({0, 1, 1000 + i, i % 2 ? "sign_in" : "video_live", 3, "Bea", std::nullopt, 1,
                                       "Net", i % 2 ? std::nullopt : std::optional<std::int64_t>(7), std::nullopt,
                                       "127.0.0.1", "ua", std::nullopt},
                                      4);
  }
  EXPECT_EQ(database->access_log_size(1), 4);
  store::AccessLogQuery query;
  query.organization_id = 1;
  EXPECT_EQ(database->access_log_entries(query).size(), 4u);
  query.kinds = {"video_live"};
  query.camera_id = 7;
  auto live = database->access_log_entries(query);
  ASSERT_EQ(live.size(), 2u);
  EXPECT_GT(live[0].id, live[1].id);
  query.before_id = live[0].id;
  query.since_ms = 1000;
  EXPECT_EQ(database->access_log_entries(query).size(), 1u);
}

TEST_P(ActivityStore, MemoryReportsAreKeptForTheirWindow) {
  store::ClientMemoryTelemetryRecord report;
  report.organization_id = 1;
  report.user_id = 3;
  report.received_ms = 100;
  report.total_js_heap_bytes = 10;
  report.is_rotating = true;
  database->insert_client_memory_telemetry(report, 0);
  report.received_ms = 200;
  report.is_rotating = std::nullopt;
  database->insert_client_memory_telemetry(report, 150); // drops the first
  auto reports = database->recent_client_memory_telemetry(1, 10);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].received_ms, 200);
  EXPECT_FALSE(reports[0].is_rotating);
}

ARGUS_ON_BOTH_STORE_ENGINES(ActivityStore);

} // namespace
} // namespace argus::testing
