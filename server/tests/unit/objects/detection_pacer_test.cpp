#include "objects/detection_pacer.hpp"

#include <gtest/gtest.h>

namespace argus::objects {
namespace {

TEST(DetectionPacer, FirstFrameIsDueThenOneFramePerInterval) {
  DetectionPacer pacer(500, 2000);
  EXPECT_TRUE(pacer.due(10'000));
  pacer.accepted(10'000);
  EXPECT_FALSE(pacer.due(10'200));
  EXPECT_FALSE(pacer.due(10'499));
  EXPECT_TRUE(pacer.due(10'500));
}

TEST(DetectionPacer, EmptyDetectionsDoubleTheWaitUpToTheMaximum) {
  DetectionPacer pacer(500, 2000);
  pacer.detected(false);
  EXPECT_EQ(pacer.interval_ms(), 1000);
  pacer.detected(false);
  EXPECT_EQ(pacer.interval_ms(), 2000);
  pacer.detected(false);
  EXPECT_EQ(pacer.interval_ms(), 2000);
  pacer.accepted(10'000);
  EXPECT_FALSE(pacer.due(11'999));
  EXPECT_TRUE(pacer.due(12'000));
}

TEST(DetectionPacer, AnObjectBringsTheFullRateBack) {
  DetectionPacer pacer(500, 2000);
  pacer.detected(false);
  pacer.detected(false);
  pacer.detected(true);
  EXPECT_EQ(pacer.interval_ms(), 500);
  pacer.accepted(10'000);
  EXPECT_TRUE(pacer.due(10'500));
}

TEST(DetectionPacer, ObjectsStandingStillArePacedLikeAnEmptySceneUntilOneMoves) {
  DetectionPacer pacer(500, 2000);
  pacer.detected(true, true);
  EXPECT_EQ(pacer.interval_ms(), 1000);
  pacer.detected(true, true);
  pacer.detected(true, true);
  EXPECT_EQ(pacer.interval_ms(), 2000);
  pacer.detected(true, false);
  EXPECT_EQ(pacer.interval_ms(), 500);
}

TEST(DetectionPacer, AFrameFromBeforeTheLastIsDue) {
  DetectionPacer pacer(500, 2000);
  pacer.accepted(10'000);
  EXPECT_TRUE(pacer.due(9'000)); // the camera's clock went back
}

TEST(DetectionPacer, AMaximumBelowTheBaseKeepsTheBase) {
  DetectionPacer pacer(500, 100);
  pacer.detected(false);
  EXPECT_EQ(pacer.interval_ms(), 500);
}

} // namespace
} // namespace argus::objects
