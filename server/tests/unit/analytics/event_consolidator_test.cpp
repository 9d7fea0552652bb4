// Consolidation of motion seconds into events: the gap rule, minimum duration, subevents and intensities.
#include <gtest/gtest.h>

#include "analytics/event_consolidator.hpp"

namespace argus::analytics {
namespace {

std::vector<SecondMotion> seconds_at(const std::vector<std::int64_t>& times, int roi_cells = 2, int frame_cells = 4) {
  std::vector<SecondMotion> out;
  for (auto t : times)
    out.push_back({t, frame_cells, roi_cells});
  return out;
}

TEST(EventConsolidator, SecondsUpToThreeQuietSecondsApartAreOneEvent) {
  // 100, 101, then 3 quiet seconds (102..104), 105: one event; 4 quiet seconds (106..109) before 110: a new one.
  auto events = consolidate(seconds_at({100, 101, 105, 110}), {}, 2040, 100);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].start_s, 100);
  EXPECT_EQ(events[0].end_s, 106);
  EXPECT_EQ(events[0].duration_ms(), 6000);
  EXPECT_EQ(events[1].start_s, 110);
  EXPECT_EQ(events[1].end_s, 111);
  EXPECT_EQ(events[1].duration_ms(), 1000); // a single second lasts 1 s
}

TEST(EventConsolidator, UnconsolidatedMergesOnlyAdjacentSeconds) {
  ConsolidationRules rules;
  rules.unconsolidated = true;
  auto events = consolidate(seconds_at({100, 101, 103, 104, 105}), rules, 2040, 100);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].end_s, 102);
  EXPECT_EQ(events[1].start_s, 103);
}

TEST(EventConsolidator, MinimumDurationDropsShorterEvents) {
  ConsolidationRules rules;
  rules.min_duration_ms = 3000;
  auto events = consolidate(seconds_at({10, 11, 12, 50, 51, 90}), rules, 2040, 100);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].start_s, 10);
  rules.min_duration_ms = 2000;
  EXPECT_EQ(consolidate(seconds_at({10, 11, 12, 50, 51, 90}), rules, 2040, 100).size(), 2u);
  rules.min_duration_ms = 30000;
  EXPECT_TRUE(consolidate(seconds_at({10, 11, 12}), rules, 2040, 100).empty());
}

TEST(EventConsolidator, SubeventsAreRunsCutEveryTenSeconds) {
  std::vector<std::int64_t> times;
  for (std::int64_t t = 0; t < 25; ++t)
    times.push_back(t);
  times.push_back(27); // after a 1 s pause: a new run in the same event
  auto events = consolidate(seconds_at(times), {}, 2040, 100);
  ASSERT_EQ(events.size(), 1u);
  const auto& subevents = events[0].subevents;
  ASSERT_EQ(subevents.size(), 4u);
  EXPECT_EQ(subevents[0].start_s, 0);
  EXPECT_EQ(subevents[0].end_s, 10);
  EXPECT_EQ(subevents[1].start_s, 10);
  EXPECT_EQ(subevents[2].start_s, 20);
  EXPECT_EQ(subevents[2].end_s, 25);
  EXPECT_EQ(subevents[3].start_s, 27);
  EXPECT_EQ(subevents[3].end_s, 28);
}

TEST(EventConsolidator, VerboseSubeventsAreOnePerSecond) {
  ConsolidationRules rules;
  rules.verbose_subevents = true;
  auto events = consolidate(seconds_at({5, 6, 7, 9}), rules, 2040, 100);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].subevents.size(), 4u);
}

TEST(EventConsolidator, IntensitiesArePeakPercentagesAtLeastOne) {
  std::vector<SecondMotion> seconds = {{1, 20, 1}, {2, 1020, 50}, {3, 2040, 100}, {40, 1, 1}};
  auto events = consolidate(seconds, {}, 2040, 100);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].intensity_frame, 100);
  EXPECT_EQ(events[0].intensity_roi, 100);
  EXPECT_EQ(events[0].subevents[0].motion, 100);
  EXPECT_EQ(events[1].intensity_frame, 1); // 1 cell of 2040 rounds up
  EXPECT_EQ(events[1].intensity_roi, 1);
  EXPECT_EQ(percent_of(0, 10), 0);
  EXPECT_EQ(percent_of(5, 10), 50);
}

TEST(EventConsolidator, DuplicateSecondsAreIgnored) {
  auto events = consolidate(seconds_at({5, 5, 6}), {}, 2040, 100);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].duration_ms(), 2000);
}

} // namespace
} // namespace argus::analytics
