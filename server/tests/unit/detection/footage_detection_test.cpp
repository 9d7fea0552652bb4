// Real frames of the demo footage (camsim's vtest clip: people walking across a car park, the 640x360 sub-stream that
// detection runs on). The labelled boxes are NanoDet's own on those frames, each checked by eye on the drawn picture
// (docs/design/detection.md): a regression guard, not an accuracy figure. NanoDet must find each of them (IoU >= 0.5)
// at its trained 416x416 input and at the 16:9 416x256 one, with upright, in-frame boxes all through the clip. The HOG
// fallback must find some of them.
#include <iostream>

#include <gtest/gtest.h>

#include "detection/hog_people_detector.hpp"
#include "detection/make_detector.hpp"
#include "detection_test_support.hpp"

namespace argus::detection {
namespace {

struct LabelledFrame {
  double seconds;
  std::vector<BoxPx> people; // the clearly visible walkers (people behind the sign or the pole are not listed)
};

const std::vector<LabelledFrame> k_labelled = {
    {6, {{511, 135, 543, 223}, {417, 111, 443, 176}, {389, 110, 417, 183}}},
    {12,
     {{426, 117, 450, 185},
      {312, 93, 333, 158},
      {489, 52, 509, 103},
      {468, 48, 488, 103},
      {541, 50, 564, 111},
      {576, 112, 603, 194}}},
    {18, {{416, 126, 445, 198}, {490, 123, 519, 197}, {300, 116, 334, 185}, {489, 49, 513, 109}, {169, 78, 191, 131}}},
};

std::filesystem::path sub_stream() {
  return testing::footage("01-vtest_sub.mp4");
}

// How many labelled people have a person detection over them with at least `min_iou`.
int found(const std::vector<BoxPx>& people, const std::vector<Detection>& detections, float min_iou) {
  int count = 0;
  for (const BoxPx& person : people) {
    count += std::any_of(detections.begin(), detections.end(), [&](const Detection& detection) {
      return detection.object_class == ObjectClass::person && iou(person, detection.box) >= min_iou;
    });
  }
  return count;
}

class FootageDetectionTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (!std::filesystem::exists(sub_stream()))
      GTEST_SKIP() << "no footage at " << sub_stream() << " (the footage target needs ffmpeg)";
  }
};

TEST_F(FootageDetectionTest, NanoDetFindsEveryLabelledPerson) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  for (const auto& [width, height] : {std::pair{416, 416}, std::pair{416, 256}}) {
    NanoDetOptions options;
    options.input_width = width;
    options.input_height = height;
    std::string error;
    auto detector = NanoDetDetector::load(testing::nanodet_model(), error, options);
    ASSERT_TRUE(detector) << error;
    for (const LabelledFrame& labelled : k_labelled) {
      SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + " at " + std::to_string(labelled.seconds));
      const cv::Mat frame = testing::read_frame(sub_stream(), labelled.seconds);
      ASSERT_FALSE(frame.empty());
      const auto detections = detector->detect(frame);
      EXPECT_EQ(found(labelled.people, detections, 0.5F), static_cast<int>(labelled.people.size()));
      // Half-hidden people and the odd cone may add a few, not dozens.
      EXPECT_LE(detections.size(), labelled.people.size() + 4);
    }
  }
}

TEST_F(FootageDetectionTest, NanoDetBoxesAreUprightAndInsideTheFrameThroughTheClip) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  auto detector = make_detector(testing::nanodet_model());
  ASSERT_EQ(detector->name(), "nanodet");
  int people = 0;
  for (double seconds = 0.5; seconds < 20; seconds += 1.5) {
    const cv::Mat frame = testing::read_frame(sub_stream(), seconds);
    ASSERT_FALSE(frame.empty()) << seconds;
    for (const Detection& detection : detector->detect(frame)) {
      SCOPED_TRACE(std::to_string(seconds) + " s");
      EXPECT_GE(detection.confidence, 0.45F);
      EXPECT_LE(detection.confidence, 1.0F);
      EXPECT_GE(detection.box.x0, 0);
      EXPECT_GE(detection.box.y0, 0);
      EXPECT_LE(detection.box.x1, frame.cols);
      EXPECT_LE(detection.box.y1, frame.rows);
      if (detection.object_class != ObjectClass::person)
        continue;
      ++people;
      // Walkers are taller than wide, and between a twentieth (far off, at the top) and a half of the frame high.
      EXPECT_GT(detection.box.height(), detection.box.width());
      EXPECT_GT(detection.box.height(), frame.rows * 0.05F);
      EXPECT_LT(detection.box.height(), frame.rows * 0.5F);
    }
  }
  EXPECT_GE(people, 40); // ~6 walkers in every one of the 13 frames
}

TEST_F(FootageDetectionTest, HogFindsSomeOfTheLabelledPeople) {
  HogPeopleDetector hog;
  int labelled_people = 0;
  int found_people = 0;
  for (const LabelledFrame& labelled : k_labelled) {
    const cv::Mat frame = testing::read_frame(sub_stream(), labelled.seconds);
    ASSERT_FALSE(frame.empty());
    labelled_people += static_cast<int>(labelled.people.size());
    found_people += found(labelled.people, hog.detect(frame), 0.4F);
  }
  // HOG misses people under its 128 px window and loosely frames the rest: a fallback, not a match for NanoDet.
  EXPECT_GE(found_people * 3, labelled_people) << found_people << " of " << labelled_people;
  std::cout << "HOG found " << found_people << " of " << labelled_people << " labelled people\n";
}

} // namespace
} // namespace argus::detection
