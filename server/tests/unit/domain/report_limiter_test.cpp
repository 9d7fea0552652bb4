// The per-session report limiter with a fake clock: one report per interval per key, bounded memory.
#include <gtest/gtest.h>

#include "services/report_limiter.hpp"

namespace argus::services {
namespace {

class ReportLimiterTest : public ::testing::Test {
protected:
  ReportLimiter make(std::size_t max_keys = 100) { return ReportLimiter([this] { return now_ms; }, 60'000, max_keys); }
  std::int64_t now_ms = 1'000'000;
};

TEST_F(ReportLimiterTest, OneReportPerIntervalPerKey) {
  auto limiter = make();
  EXPECT_EQ(limiter.acquire("a"), 0);
  EXPECT_EQ(limiter.acquire("b"), 0) << "keys are independent";
  now_ms += 59'000;
  EXPECT_EQ(limiter.acquire("a"), 1'000);
  now_ms += 1'000;
  EXPECT_EQ(limiter.acquire("a"), 0);
  EXPECT_EQ(limiter.acquire("a"), 60'000) << "the accepted report starts a new interval";
}

TEST_F(ReportLimiterTest, RefusedReportsDoNotExtendTheInterval) {
  auto limiter = make();
  EXPECT_EQ(limiter.acquire("a"), 0);
  now_ms += 30'000;
  EXPECT_EQ(limiter.acquire("a"), 30'000);
  now_ms += 30'000;
  EXPECT_EQ(limiter.acquire("a"), 0);
}

TEST_F(ReportLimiterTest, MemoryIsBounded) {
  auto limiter = make(3);
  for (const char* key : {"a", "b", "c"})
    EXPECT_EQ(limiter.acquire(key), 0);
  EXPECT_EQ(limiter.acquire("d"), 60'000) << "a full table of live keys refuses a new one";
  EXPECT_EQ(limiter.tracked_keys(), 3u);
  now_ms += 60'000;
  EXPECT_EQ(limiter.acquire("d"), 0) << "expired keys make room";
  EXPECT_EQ(limiter.tracked_keys(), 1u);
}

} // namespace
} // namespace argus::services
