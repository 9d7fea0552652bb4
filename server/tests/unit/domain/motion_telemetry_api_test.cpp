// Motion search telemetry (issue 13): batches are stored off the HTTP thread with the session's user and
// organization, a flood is refused (one batch per session every 10 s, a bounded writer queue, 256 KiB), old events
// are dropped, and an org-write administrator reads the summary per UTC day.
#include <algorithm>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/report_limiter.hpp"
#include "services/telemetry/motion_telemetry_summary.hpp"
#include "services/telemetry/telemetry_writer.hpp"
#include "test_support.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_day_ms = 24LL * 3600 * 1000;
// 2023-11-14 22:13:20 UTC, the harness's clock.
constexpr std::int64_t k_now_ms = 1'700'000'000'000;

nlohmann::json event(double duration_ms, std::int64_t results, const std::string& feature = "motion_search") {
  return {{"cameraId", 1002},       {"networkId", 101},   {"searchDuration", duration_ms},
          {"resultCount", results}, {"feature", feature}, {"eventId", "e-1"}};
}

nlohmann::json batch(const std::vector<nlohmann::json>& events) {
  return {{"clientApp", {{"name", "argus-portal"}, {"appVersion", "1.0.0"}}},
          {"telemetryEvents", nlohmann::json(events)}};
}

class MotionTelemetryApi : public ::testing::Test {
protected:
  MotionTelemetryApi() {
    harness.context.telemetry = &writer;
    harness.context.motion_telemetry_batches = &batches;
  }

  http::Response post(const nlohmann::json& body, const std::string& session) {
    return harness.call(harness.request("POST", "/n1/manage/video/motion_search_telemetry", body.dump()), session);
  }
  http::Response summary(const std::string& query, const std::string& email = "writer@argus.demo") {
    return harness.call(harness.request("GET", "/n1/api/v1/organizations/1/motionSearchTelemetry/summary" + query),
                        harness.sign_in(email));
  }

  testing::ApiHarness harness;
  services::TelemetryWriter writer{harness.database, [this] { return harness.now_ms; }};
  services::ReportLimiter batches{[this] { return harness.now_ms; }, 10'000};
};

TEST_F(MotionTelemetryApi, BatchesAreStoredInTheBackgroundAndSummarizedPerDay) {
  auto viewer = harness.sign_in("viewer@argus.demo");
  auto writer_session = harness.sign_in("writer@argus.demo");
  harness.now_ms = k_now_ms - 2 * k_day_ms;
  ASSERT_EQ(post(batch({event(400, 0), event(1200, 6, "event_search")}), viewer).status, 200);
  harness.now_ms = k_now_ms;
  ASSERT_EQ(post(batch({event(100, 2), event(300, 4), nlohmann::json::object()}), viewer).status, 200);
  ASSERT_EQ(post(batch({event(200, 0, "timeline")}), writer_session).status, 200);
  writer.flush();
  EXPECT_EQ(harness.database.count_motion_telemetry(), 6);

  auto response = summary("?days=7");
  ASSERT_EQ(response.status, 200) << response.body;
  auto body = testing::body_of(response);
  EXPECT_EQ(body["days"], 7);
  EXPECT_EQ(body["from"], "2023-11-08");
  EXPECT_EQ(body["to"], "2023-11-14");
  ASSERT_EQ(body["perDay"].size(), 7u);
  const auto today = body["perDay"][6];
  EXPECT_EQ(today["date"], "2023-11-14");
  EXPECT_EQ(today["searches"], 4);
  EXPECT_EQ(today["users"], 2);
  EXPECT_DOUBLE_EQ(today["meanResultCount"].get<double>(), 2.0); // 2, 4, 0 (the empty event has no count)
  EXPECT_EQ(today["zeroResultSearches"], 1);
  EXPECT_DOUBLE_EQ(today["medianDurationMs"].get<double>(), 200.0);
  EXPECT_DOUBLE_EQ(today["p95DurationMs"].get<double>(), 300.0);
  EXPECT_EQ(body["perDay"][4]["date"], "2023-11-12");
  EXPECT_EQ(body["perDay"][4]["searches"], 2);
  EXPECT_EQ(body["perDay"][5]["searches"], 0);
  EXPECT_TRUE(body["perDay"][5]["medianDurationMs"].is_null());
  EXPECT_EQ(body["totals"]["searches"], 6);
  EXPECT_EQ(body["totals"]["zeroResultSearches"], 2);
  EXPECT_DOUBLE_EQ(body["totals"]["p95DurationMs"].get<double>(), 1200.0);
  EXPECT_EQ(body["byFeature"][0], (nlohmann::json{{"feature", "motion_search"}, {"searches", 3}}));
  EXPECT_EQ(body["byFeature"].back(), (nlohmann::json{{"feature", "unknown"}, {"searches", 1}}));

  // The default period is 30 days; one day holds only today's searches.
  EXPECT_EQ(testing::body_of(summary(""))["perDay"].size(), 30u);
  EXPECT_EQ(testing::body_of(summary("?days=1"))["totals"]["searches"], 4);
}

TEST_F(MotionTelemetryApi, OnlyOrgWriteAdministratorsReadTheSummaryAndBadPeriodsAreRefused) {
  EXPECT_EQ(summary("", "viewer@argus.demo").status, 403);
  auto other_org = harness.call(harness.request("GET", "/n1/api/v1/organizations/999/motionSearchTelemetry/summary"),
                                harness.sign_in("writer@argus.demo"));
  EXPECT_NE(other_org.status, 200);
  for (const auto* query : {"?days=0", "?days=91", "?days=-1", "?days=seven", "?days=1e1", "?days=000007"})
    EXPECT_EQ(summary(query).status, 400) << query;
  auto anonymous = harness.call(harness.request("GET", "/n1/api/v1/organizations/1/motionSearchTelemetry/summary"));
  EXPECT_EQ(anonymous.status, 401);
}

TEST_F(MotionTelemetryApi, AFloodIsRefusedAndNothingOfItIsStored) {
  auto session = harness.sign_in("viewer@argus.demo");
  ASSERT_EQ(post(batch({event(100, 1)}), session).status, 200);
  // A second batch of the same session within 10 s.
  for (int i = 0; i < 50; ++i) {
    auto refused = post(batch({event(100, 1)}), session);
    ASSERT_EQ(refused.status, 429) << refused.body;
    EXPECT_TRUE(std::any_of(refused.headers.begin(), refused.headers.end(),
                            [](const auto& header) { return header.first == "Retry-After"; }));
  }
  harness.now_ms += 10'000;
  EXPECT_EQ(post(batch({event(100, 1)}), session).status, 200);

  // A body over 256 KiB, whatever it holds.
  harness.now_ms += 10'000;
  auto huge = batch({event(100, 1)});
  huge["clientApp"]["padding"] = std::string(300 * 1024, 'x');
  EXPECT_EQ(post(huge, session).status, 413);
  writer.flush();
  EXPECT_EQ(harness.database.count_motion_telemetry(), 2);
}

TEST_F(MotionTelemetryApi, AFullWriterQueueAnswers503ForSearchBatchesAndMemoryReportsAndStoresNothing) {
  services::TelemetryWriter full{harness.database, [this] { return harness.now_ms; }, {.max_queued_records = 0}};
  harness.context.telemetry = &full;
  auto session = harness.sign_in("viewer@argus.demo");
  auto batch_answer = post(batch({event(100, 1)}), session);
  EXPECT_EQ(batch_answer.status, 503) << batch_answer.body;
  nlohmann::json report = {{"client", nlohmann::json::object()},
                           {"clientApp", nlohmann::json::object()},
                           {"memoryStats", {{"totalJSHeapSize", 1}, {"usedJSHeapSize", 1}, {"jsHeapSizeLimit", 2}}}};
  auto memory =
      harness.call(harness.request("POST", "/n1/manage/video/client_memory_telemetry", report.dump()), session);
  EXPECT_EQ(memory.status, 503) << memory.body;
  EXPECT_EQ(full.refused_batches(), 2);
  full.flush();
  EXPECT_EQ(harness.database.count_motion_telemetry(), 0);
  EXPECT_TRUE(harness.database.recent_client_memory_telemetry(1, 10).empty());
  harness.context.telemetry = &writer;
}

TEST(TelemetryWriter, AFullQueueRefusesBatchesAndWritesTheRestBeforeStopping) {
  testing::TempDir dir;
  store::SqliteDatabase database(dir.path / "argus.db");
  std::int64_t now = k_now_ms;
  {
    services::TelemetryWriter writer(database, [&] { return now; }, {.max_queued_records = 3});
    std::vector<store::MotionTelemetryRecord> four(4);
    EXPECT_FALSE(writer.offer(four)); // larger than the whole queue
    EXPECT_EQ(writer.refused_batches(), 1);
    std::vector<store::MotionTelemetryRecord> two(2, store::MotionTelemetryRecord{.received_ms = now});
    EXPECT_TRUE(writer.offer(two));
    writer.flush();
    EXPECT_EQ(writer.queued_records(), 0u);
    EXPECT_TRUE(writer.offer(two)); // written when the writer stops, if not before
  }
  EXPECT_EQ(database.count_motion_telemetry(), 4);
}

TEST(TelemetryWriter, EventsOlderThanTheRetentionAreDropped) {
  testing::TempDir dir;
  store::SqliteDatabase database(dir.path / "argus.db");
  database.insert_motion_telemetry({store::MotionTelemetryRecord{.received_ms = k_now_ms - 91 * k_day_ms},
                                    store::MotionTelemetryRecord{.received_ms = k_now_ms - 89 * k_day_ms}});
  {
    services::TelemetryWriter writer(database, [] { return k_now_ms; });
    writer.offer({store::MotionTelemetryRecord{.received_ms = k_now_ms}});
    writer.flush();
  }
  EXPECT_EQ(database.count_motion_telemetry(), 2);
}

TEST(MotionTelemetrySummary, DaysAreUtcAndSamplesOutsideThePeriodAreIgnored) {
  auto day_start = services::utc_day_start_ms(k_now_ms);
  EXPECT_EQ(day_start % k_day_ms, 0);
  EXPECT_LE(day_start, k_now_ms);
  EXPECT_GT(day_start + k_day_ms, k_now_ms);
  std::vector<store::MotionTelemetrySample> samples = {
      {day_start - 1, 1, 50.0, 1, "timeline"},        // yesterday: outside a one-day period
      {day_start, 1, std::nullopt, std::nullopt, {}}, // no duration, no count
      {k_now_ms, 2, -5.0, 3, ""},                     // a negative duration is not a duration
  };
  auto summary = services::summarize_motion_telemetry(samples, 1, k_now_ms);
  ASSERT_EQ(summary.days.size(), 1u);
  EXPECT_EQ(summary.totals.searches, 2);
  EXPECT_EQ(summary.totals.users, 2);
  EXPECT_FALSE(summary.totals.median_duration_ms);
  EXPECT_DOUBLE_EQ(*summary.totals.mean_result_count, 3.0);
  ASSERT_EQ(summary.searches_by_feature.size(), 1u);
  EXPECT_EQ(summary.searches_by_feature[0].first, "unknown");
}

} // namespace
} // namespace argus::api
