// YoloDetector and make_yolo_detector on two tiny untrained YOLO-shaped ONNX models (tools/models/make_test_yolo.py:
// each 32x32 cell of the 640x640 input is a candidate; white scores as a person, red as a car): a square drawn in a
// 1280x720 frame comes back as a box on that square in frame pixels, through the letterbox, in both layouts; the
// NanoDet model or garbage given as a YOLO model falls back to HOG.
#include "detection/yolo_detector.hpp"

#include <opencv2/imgproc.hpp>

#include <gtest/gtest.h>

#include "detection/make_detector.hpp"
#include "detection_test_support.hpp"

namespace argus::detection {
namespace {

// A 1280x720 frame letterboxed into 640x640 is halved and lands 140 px down: frame (320..384, 232..296) is the input
// cell (160..192, 256..288), column 5, row 8.
constexpr float k_x0 = 320, k_y0 = 232, k_side = 64;

cv::Mat frame_with_square(const cv::Scalar& bgr) {
  cv::Mat frame(720, 1280, CV_8UC3, cv::Scalar(0, 0, 0));
  cv::rectangle(frame, cv::Rect(static_cast<int>(k_x0), static_cast<int>(k_y0), static_cast<int>(k_side),
                                static_cast<int>(k_side)),
                bgr, cv::FILLED);
  return frame;
}

void expect_square(const Detection& detection) {
  EXPECT_NEAR(detection.box.x0, k_x0, 1.0);
  EXPECT_NEAR(detection.box.y0, k_y0, 1.0);
  EXPECT_NEAR(detection.box.x1, k_x0 + k_side, 1.0);
  EXPECT_NEAR(detection.box.y1, k_y0 + k_side, 1.0);
}

class YoloDetectorTest : public ::testing::TestWithParam<std::string> {};

TEST_P(YoloDetectorTest, ASquareInTheFrameComesBackAsItsBoxAndClass) {
  ARGUS_REQUIRE(testing::test_yolo_models_missing());
  std::string error;
  auto detector = YoloDetector::load(testing::test_yolo_model(GetParam()), error);
  ASSERT_TRUE(detector) << error;
  EXPECT_EQ(detector->name(), "yolo");
  EXPECT_TRUE(detector->detects_vehicles());
  EXPECT_TRUE(detector->features_at({0, 0, 10, 10}).empty());

  auto people = detector->detect(frame_with_square(cv::Scalar(255, 255, 255)));
  ASSERT_EQ(people.size(), 1u);
  EXPECT_EQ(people[0].object_class, ObjectClass::person);
  EXPECT_NEAR(people[0].confidence, 1.0, 0.01);
  expect_square(people[0]);

  auto cars = detector->detect(frame_with_square(cv::Scalar(0, 0, 255))); // red in BGR
  ASSERT_EQ(cars.size(), 1u);
  EXPECT_EQ(cars[0].object_class, ObjectClass::vehicle);
  EXPECT_EQ(cars[0].vehicle_type, VehicleType::car);
  expect_square(cars[0]);

  EXPECT_TRUE(detector->detect(cv::Mat(720, 1280, CV_8UC3, cv::Scalar(0, 0, 0))).empty());
  EXPECT_TRUE(detector->detect(cv::Mat()).empty());
  EXPECT_TRUE(detector->detect(cv::Mat(10, 10, CV_8UC1, cv::Scalar(255))).empty());
}

INSTANTIATE_TEST_SUITE_P(Layouts, YoloDetectorTest, ::testing::Values("v8", "v5"));

TEST(YoloDetectorLoad, OtherModelsAndMissingFilesAreRefusedWithAReasonAndFallBackToHog) {
  std::string error;
  EXPECT_FALSE(YoloDetector::load("/nonexistent/yolo.onnx", error));
  EXPECT_NE(error.find("no model file"), std::string::npos) << error;
  EXPECT_EQ(make_yolo_detector("/nonexistent/yolo.onnx")->name(), "hog");
  YoloOptions odd;
  odd.input_width = 100;
  ARGUS_REQUIRE(testing::test_yolo_models_missing());
  EXPECT_FALSE(YoloDetector::load(testing::test_yolo_model("v8"), error, odd));
  EXPECT_NE(error.find("multiple of 32"), std::string::npos) << error;
  YoloOptions other_size; // the test models are fixed at 640x640
  other_size.input_width = 320;
  other_size.input_height = 320;
  EXPECT_FALSE(YoloDetector::load(testing::test_yolo_model("v8"), error, other_size));
  EXPECT_EQ(make_yolo_detector(testing::test_yolo_model("v5"))->name(), "yolo");
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  EXPECT_FALSE(YoloDetector::load(testing::nanodet_model(), error)) << "NanoDet's outputs are not YOLO's";
  EXPECT_NE(error.find("does not give a YOLO output"), std::string::npos) << error;
  EXPECT_EQ(make_yolo_detector(testing::nanodet_model())->name(), "hog");
}

} // namespace
} // namespace argus::detection
