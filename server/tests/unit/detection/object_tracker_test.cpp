// The object tracker on synthetic sightings: ids kept along a path, crossing objects of two classes, gaps, tentative
// tracks dropped, the best thumbnail point, moving versus standing, and bad input (older frames, empty boxes).
#include "detection/object_tracker.hpp"

#include <set>

#include <gtest/gtest.h>

namespace argus::detection {
namespace {

constexpr ObjectClass k_person = ObjectClass::person;
constexpr ObjectClass k_vehicle = ObjectClass::vehicle;

Detection person_at(float x, float y, float confidence = 0.8f) {
  return {{x, y, x + 40, y + 100}, confidence, 0, k_person};
}

TEST(ObjectTrackerTest, AWalkingPersonKeepsOneIdAcrossFramesAtAVaryingRate) {
  ObjectTracker tracker(100);
  std::int64_t id = 0;
  float x = 10;
  std::int64_t ts = 1'000'000;
  for (int frame = 0; frame < 40; ++frame) {
    ts += frame % 3 == 0 ? 500 : 200; // motion-gated: 2 to 5 frames a second
    x += frame % 3 == 0 ? 25 : 10;    // 50 px/s, faster than the box is wide per frame at times
    auto ids = tracker.update(ts, {person_at(x, 50)});
    ASSERT_EQ(ids.size(), 1u);
    if (frame == 0)
      id = ids[0];
    EXPECT_EQ(ids[0], id) << "frame " << frame;
  }
  EXPECT_EQ(id, 100);
  EXPECT_TRUE(tracker.take_finished(ts + 1'000).empty()); // not ended yet
  auto finished = tracker.take_finished(ts + 2'001);
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(finished[0].id, id);
  EXPECT_EQ(finished[0].points.size(), 40u);
  EXPECT_TRUE(finished[0].moved());
  EXPECT_TRUE(finished[0].confirmed);
  EXPECT_EQ(tracker.active_count(), 0u);
}

// 35 px a frame with a 40 px wide box: consecutive boxes overlap by IoU 0.07, below the match threshold; only the
// filter's predicted box (it has learnt the speed after a few frames) keeps the track.
TEST(ObjectTrackerTest, AFastObjectIsFollowedByItsPredictedBoxNotByRawOverlap) {
  ObjectTracker tracker(1);
  std::vector<std::int64_t> ids;
  for (int frame = 0; frame < 6; ++frame) // a slow start lets the filter learn the speed
    ids.push_back(tracker.update(frame * 200, {person_at(static_cast<float>(frame) * 15, 0)})[0]);
  for (int frame = 6; frame < 30; ++frame) {
    float x = 75 + static_cast<float>(frame - 5) * 35;
    ids.push_back(tracker.update(frame * 200, {person_at(x, 0)})[0]);
  }
  EXPECT_LT(iou(person_at(0, 0).box, person_at(35, 0).box), 0.2f);
  int changes = 0;
  for (std::size_t i = 1; i < ids.size(); ++i)
    changes += ids[i] != ids[i - 1];
  EXPECT_LE(changes, 1) << "at most one new track while the speed is learnt";
  EXPECT_EQ(ids.back(), ids[ids.size() - 10]);
}

TEST(ObjectTrackerTest, TwoPeopleCrossingAndACarKeepTheirOwnIds) {
  ObjectTracker tracker(1);
  std::int64_t left = 0, right = 0, car = 0;
  for (int frame = 0; frame < 30; ++frame) {
    std::int64_t ts = frame * 250;
    float step = static_cast<float>(frame) * 12;
    std::vector<Detection> sightings{person_at(20 + step, 60), person_at(380 - step, 70),
                                    {{200, 40, 320, 120}, 0.9f, 2, k_vehicle, VehicleType::car}};
    auto ids = tracker.update(ts, sightings);
    if (frame == 0) {
      left = ids[0], right = ids[1], car = ids[2];
      EXPECT_EQ(std::set<std::int64_t>({left, right, car}).size(), 3u);
    }
    EXPECT_EQ(ids[0], left) << "frame " << frame;
    EXPECT_EQ(ids[1], right) << "frame " << frame;
    EXPECT_EQ(ids[2], car) << "a vehicle never joins a person's track, frame " << frame;
  }
  auto finished = tracker.take_finished(0, true);
  ASSERT_EQ(finished.size(), 3u);
  for (const auto& track : finished)
    EXPECT_EQ(track.moved(), track.object_class == k_person) << track.id;
}

TEST(ObjectTrackerTest, AGapLongerThanTheLimitStartsANewTrackAndAOneFrameBlipIsNeverReported) {
  ObjectTracker tracker(7);
  auto first = tracker.update(0, {person_at(100, 100)})[0];
  EXPECT_EQ(tracker.update(500, {person_at(102, 100)})[0], first);
  for (std::int64_t ts = 1'000; ts <= 2'000; ts += 500) // frames without the person
    tracker.update(ts, {});
  EXPECT_EQ(tracker.update(2'400, {person_at(104, 100)})[0], first); // 1.9 s unseen: still the same
  for (std::int64_t ts = 2'900; ts <= 4'400; ts += 500)
    tracker.update(ts, {});
  EXPECT_NE(tracker.update(4'600, {person_at(106, 100)})[0], first); // 2.2 s unseen in frames 0.5 s apart: new
  auto finished = tracker.take_finished(10'000);
  ASSERT_EQ(finished.size(), 1u) << "the new track was seen once: tentative, not reported";
  EXPECT_EQ(finished[0].id, first);
  EXPECT_FALSE(finished[0].moved());
}

// A busy detector gives a camera a frame every 3 s: a track seen in the previous frame, or missed in one, goes on.
TEST(ObjectTrackerTest, FramesFarApartKeepTracksAcrossOneIntervalAndOneMissedFrame) {
  ObjectTracker tracker(1);
  auto first = tracker.update(0, {person_at(100, 100)})[0];
  EXPECT_EQ(tracker.update(3'000, {person_at(104, 100)})[0], first);
  tracker.update(6'000, {}); // missed once
  EXPECT_EQ(tracker.update(9'000, {person_at(108, 100)})[0], first);
  EXPECT_TRUE(tracker.take_finished(9'000).empty());
  tracker.update(12'000, {});
  tracker.update(15'000, {});
  auto finished = tracker.take_finished(17'000); // unseen 8 s, more than 2.5 intervals of 3 s
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(finished[0].id, first);
  EXPECT_EQ(finished[0].points.size(), 3u);
  EXPECT_TRUE(finished[0].confirmed);
}

TEST(ObjectTrackerTest, TheBestPointIsTheMostConfidentThenTheLargestAndSurvivesTheHistoryLimit) {
  ObjectTracker::Options options;
  options.max_points = 5;
  ObjectTracker tracker(1, options);
  tracker.update(0, {person_at(0, 0, 0.5f)});
  tracker.update(100, {person_at(2, 0, 0.95f)});
  for (int frame = 2; frame < 12; ++frame)
    tracker.update(frame * 100, {person_at(static_cast<float>(frame) * 2, 0, 0.6f)});
  auto finished = tracker.take_finished(0, true);
  ASSERT_EQ(finished.size(), 1u);
  const auto& track = finished[0];
  EXPECT_EQ(track.points.size(), 5u);
  EXPECT_FLOAT_EQ(track.points[track.best_point].confidence, 0.95f);
  EXPECT_EQ(track.points[track.best_point].ts_ms, 100);
}

TEST(ObjectTrackerTest, OlderFramesAndEmptyBoxesAreIgnored) {
  ObjectTracker tracker(1);
  tracker.update(1'000, {person_at(0, 0)});
  auto older = tracker.update(900, {person_at(0, 0)});
  EXPECT_EQ(older, std::vector<std::int64_t>{0});
  auto empty = tracker.update(1'100, {{{10, 10, 10, 50}, 0.9f, 0, k_person}});
  EXPECT_EQ(empty, std::vector<std::int64_t>{0});
  EXPECT_EQ(tracker.active_count(), 1u);
  EXPECT_FLOAT_EQ(iou({0, 0, 10, 10}, {5, 0, 15, 10}), 1.0f / 3.0f);
  EXPECT_FLOAT_EQ(iou({0, 0, 0, 10}, {0, 0, 10, 10}), 0.0f);
}

} // namespace
} // namespace argus::detection
