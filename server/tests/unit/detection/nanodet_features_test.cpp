// Detector::features_at: NanoDet's head features of the last frame pooled over a box (128 values, unit length); none
// from HOG, before the first frame, after a bad frame, outside the frame or with NanoDetOptions::features off.
#include <cmath>
#include <numeric>

#include <gtest/gtest.h>

#include "detection/hog_people_detector.hpp"
#include "detection/nanodet_detector.hpp"
#include "detection_test_support.hpp"

namespace argus::detection {
namespace {

double norm(const std::vector<float>& values) {
  return std::sqrt(std::inner_product(values.begin(), values.end(), values.begin(), 0.0));
}

std::unique_ptr<NanoDetDetector> load_nanodet(bool features = true) {
  NanoDetOptions options;
  options.input_width = 416;
  options.input_height = 256;
  options.features = features;
  std::string error;
  auto detector = NanoDetDetector::load(testing::nanodet_model(), error, options);
  EXPECT_TRUE(detector) << error;
  return detector;
}

TEST(NanoDetFeatures, HogHasNone) {
  HogPeopleDetector hog;
  const cv::Mat frame(360, 640, CV_8UC3, cv::Scalar(90, 100, 110));
  hog.detect(frame);
  EXPECT_TRUE(hog.features_at({10, 10, 100, 200}).empty());
}

TEST(NanoDetFeatures, PooledOverEachDetectionOfTheLastFrame) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  const cv::Mat frame = testing::read_frame(testing::footage("01-vtest_sub.mp4"), 12);
  ASSERT_FALSE(frame.empty());
  auto detector = load_nanodet();
  ASSERT_TRUE(detector);
  EXPECT_TRUE(detector->features_at({100, 100, 200, 300}).empty()) << "before any frame";

  const auto detections = detector->detect(frame);
  ASSERT_GE(detections.size(), 4U);
  std::vector<std::vector<float>> features;
  for (const Detection& detection : detections) {
    features.push_back(detector->features_at(detection.box));
    ASSERT_EQ(features.back().size(), 128U);
    EXPECT_NEAR(norm(features.back()), 1.0, 1e-5);
  }
  EXPECT_EQ(detector->features_at(detections[0].box), features[0]) << "the same box gives the same features";
  EXPECT_NE(features[0], features[1]) << "two people differ";
  EXPECT_EQ(detector->features_at({0, 0, 2, 2}).size(), 128U) << "a box smaller than a cell takes the cell under it";
  EXPECT_TRUE(detector->features_at({700, 10, 800, 100}).empty()) << "outside the frame";
  EXPECT_TRUE(detector->features_at({50, 50, 50, 90}).empty()) << "no area";

  detector->detect(cv::Mat());
  EXPECT_TRUE(detector->features_at(detections[0].box).empty()) << "after a frame that could not be run";
}

TEST(NanoDetFeatures, NoneWhenTurnedOff) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  const cv::Mat frame = testing::read_frame(testing::footage("01-vtest_sub.mp4"), 12);
  ASSERT_FALSE(frame.empty());
  auto without = load_nanodet(false);
  auto with = load_nanodet(true);
  ASSERT_TRUE(without && with);
  const auto detections = without->detect(frame);
  ASSERT_FALSE(detections.empty());
  EXPECT_TRUE(without->features_at(detections[0].box).empty());
  const auto same = with->detect(frame); // fetching the features changes nothing in the detections
  ASSERT_EQ(same.size(), detections.size());
  for (std::size_t i = 0; i < same.size(); ++i) {
    EXPECT_EQ(same[i].confidence, detections[i].confidence);
    EXPECT_EQ(iou(same[i].box, detections[i].box), 1.0F);
  }
}

} // namespace
} // namespace argus::detection
