// Consolidation of motion seconds into events: the gap rule, the maximum length, minimum duration, subevents,
// intensities and peak seconds.
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

std::vector<std::int64_t> every_second(std::int64_t from_s, std::int64_t to_s) {
  std::vector<std::int64_t> out;
  for (auto t = from_s; t < to_s; ++t)
    out.push_back(t);
  return out;
}

TEST(EventConsolidator, ABusySceneIsCutIntoConsecutiveEventsOfAtMostFiveMinutes) {
  // 31 minutes of motion in every second (the demo's pedestrians) used to be one 31-minute event.
  auto events = consolidate(seconds_at(every_second(1000, 1000 + 31 * 60)), {}, 2040, 100);
  ASSERT_EQ(events.size(), 7u); // ceil(1860 / 300) pieces of equal length
  EXPECT_EQ(events.front().start_s, 1000);
  EXPECT_EQ(events.back().end_s, 1000 + 31 * 60);
  for (std::size_t i = 0; i < events.size(); ++i) {
    EXPECT_LE(events[i].duration_ms(), k_max_event_s * 1000) << i;
    EXPECT_GE(events[i].duration_ms(), k_max_event_s * 1000 / 2) << i; // no stub left at the end
    if (i > 0) {
      EXPECT_EQ(events[i].start_s, events[i - 1].end_s) << i; // consecutive: nothing lost between them
    }
    // The detail stays in the subevents: runs of at most 10 s covering the event.
    ASSERT_FALSE(events[i].subevents.empty());
    EXPECT_EQ(events[i].subevents.front().start_s, events[i].start_s);
    EXPECT_EQ(events[i].subevents.back().end_s, events[i].end_s);
    for (const auto& subevent : events[i].subevents)
      EXPECT_LE(subevent.end_s - subevent.start_s, 10);
  }
}

TEST(EventConsolidator, TheMaximumLengthIsARule) {
  ConsolidationRules rules;
  rules.max_event_s = 20;
  auto events = consolidate(seconds_at(every_second(0, 50)), rules, 2040, 100);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].end_s - events[0].start_s, 16);
  EXPECT_EQ(events[1].end_s - events[1].start_s, 17);
  EXPECT_EQ(events[2].end_s, 50);
  // Exactly the maximum stays one event.
  EXPECT_EQ(consolidate(seconds_at(every_second(0, 20)), rules, 2040, 100).size(), 1u);
}

TEST(EventConsolidator, MinimumDurationAppliesToTheCutEvents) {
  ConsolidationRules rules;
  rules.max_event_s = 20;
  rules.min_duration_ms = 18'000;
  // 50 s cut into 16, 17 and 17 s: all shorter than 18 s.
  EXPECT_TRUE(consolidate(seconds_at(every_second(0, 50)), rules, 2040, 100).empty());
}

TEST(EventConsolidator, UnconsolidatedEventsAreTheRawRunsOfAtMostTenSeconds) {
  ConsolidationRules rules;
  rules.unconsolidated = true;
  auto times = every_second(0, 25); // a busy stretch
  times.push_back(30);
  auto events = consolidate(seconds_at(times), rules, 2040, 100);
  ASSERT_EQ(events.size(), 4u);
  for (const auto& event : events) {
    EXPECT_LE(event.duration_ms(), 10'000);
    ASSERT_EQ(event.subevents.size(), 1u);
    EXPECT_EQ(event.subevents[0].start_s, event.start_s);
    EXPECT_EQ(event.subevents[0].end_s, event.end_s);
  }
  EXPECT_EQ(events[2].end_s, 25);
  EXPECT_EQ(events[3].start_s, 30);
}

TEST(EventConsolidator, PeakSecondsHaveTheMostMotionInTheRegion) {
  // Frame-wide motion peaks at 4, motion in the region at 2 (and 7 in the second subevent): the region decides.
  std::vector<SecondMotion> seconds = {{1, 10, 1}, {2, 10, 9}, {3, 10, 9}, {4, 900, 3}, {6, 10, 2}, {7, 10, 5}};
  auto events = consolidate(seconds, {}, 2040, 100);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].peak_s, 2); // the earliest of equal peaks
  ASSERT_EQ(events[0].subevents.size(), 2u);
  EXPECT_EQ(events[0].subevents[0].peak_s, 2);
  EXPECT_EQ(events[0].subevents[1].peak_s, 7);
}

TEST(EventConsolidator, DuplicateSecondsAreIgnored) {
  auto events = consolidate(seconds_at({5, 5, 6}), {}, 2040, 100);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].duration_ms(), 2000);
}

} // namespace
} // namespace argus::analytics
