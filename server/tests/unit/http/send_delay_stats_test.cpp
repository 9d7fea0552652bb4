// SendDelayStats: percentiles to the 0.1 ms step, the exact maximum, long delays in the last step.
#include <gtest/gtest.h>

#include "http/send_delay_stats.hpp"

namespace argus::http {
namespace {

using std::chrono::microseconds;

TEST(SendDelayStats, PercentilesAreStepUpperBoundsCappedByTheMaximum) {
  SendDelayStats stats;
  EXPECT_EQ(stats.percentile_ms(50), 0);
  for (int i = 0; i < 99; ++i)
    stats.record(microseconds(250));     // step 0.2–0.3 ms
  stats.record(microseconds(2'345'678)); // far past the last step
  EXPECT_EQ(stats.count(), 100u);
  EXPECT_DOUBLE_EQ(stats.percentile_ms(50), 0.3);
  EXPECT_DOUBLE_EQ(stats.percentile_ms(98), 0.3);
  EXPECT_DOUBLE_EQ(stats.percentile_ms(100), 100.0); // the last step's upper bound
  EXPECT_DOUBLE_EQ(stats.max_ms(), 2345.678);
  EXPECT_EQ(stats.summary(), "100 messages, p50 0.30 ms, p99 0.30 ms, max 2345.68 ms");
}

TEST(SendDelayStats, AOneSampleHistogramReportsThatSample) {
  SendDelayStats stats;
  stats.record(microseconds(40));
  stats.record(std::chrono::steady_clock::duration(-5)); // clock oddities count as 0
  EXPECT_DOUBLE_EQ(stats.percentile_ms(100), 0.04);
  EXPECT_DOUBLE_EQ(stats.max_ms(), 0.04);
}

} // namespace
} // namespace argus::http
