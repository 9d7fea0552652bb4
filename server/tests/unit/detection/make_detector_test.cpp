// The fallback and bad input: a missing, empty, corrupt or non-NanoDet model gives the HOG people detector (never a
// crash, never null); empty, tiny, odd-sized and wrong-type frames give no detections or sane ones.
#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "detection/hog_people_detector.hpp"
#include "detection/make_detector.hpp"
#include "detection_test_support.hpp"

namespace argus::detection {
namespace {

namespace fs = std::filesystem;

class MakeDetectorTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("argus_detector_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& name, const std::string& bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
    return dir_ / name;
  }

  fs::path dir_;
};

TEST_F(MakeDetectorTest, NoPathOrAMissingFileGivesHog) {
  EXPECT_EQ(make_detector("")->name(), "hog");
  EXPECT_EQ(make_detector(dir_ / "nanodet.onnx")->name(), "hog");
  EXPECT_EQ(make_detector(dir_)->name(), "hog"); // a directory is not a model
}

TEST_F(MakeDetectorTest, ACorruptModelGivesHogWithTheReason) {
  std::string error;
  EXPECT_FALSE(NanoDetDetector::load(write("empty.onnx", ""), error));
  EXPECT_NE(error.find("OpenCV cannot run"), std::string::npos) << error;
  EXPECT_EQ(make_detector(write("garbage.onnx", std::string(4096, '\x7f')))->name(), "hog");

  ARGUS_REQUIRE(testing::nanodet_model_missing());
  std::ifstream model(testing::nanodet_model(), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(model)), std::istreambuf_iterator<char>());
  const fs::path truncated = write("truncated.onnx", bytes.substr(0, bytes.size() / 2));
  EXPECT_FALSE(NanoDetDetector::load(truncated, error));
  EXPECT_EQ(make_detector(truncated)->name(), "hog");
  EXPECT_EQ(make_detector(testing::nanodet_model())->name(), "nanodet");
}

TEST_F(MakeDetectorTest, AnInputSizeNotAMultipleOf32IsRefused) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  std::string error;
  NanoDetOptions options;
  options.input_height = 250;
  EXPECT_FALSE(NanoDetDetector::load(testing::nanodet_model(), error, options));
  EXPECT_NE(error.find("multiple of 32"), std::string::npos) << error;
}

// Every detector the same way: nothing for pictures it cannot use, boxes inside odd-sized frames.
void expect_bad_frames_handled(Detector& detector) {
  SCOPED_TRACE(std::string(detector.name()));
  EXPECT_TRUE(detector.detect(cv::Mat()).empty());
  EXPECT_TRUE(detector.detect(cv::Mat(1, 1, CV_8UC3, cv::Scalar(0, 0, 0))).empty());
  EXPECT_TRUE(detector.detect(cv::Mat(100, 100, CV_8UC1, cv::Scalar(128))).empty());     // grey: not BGR
  EXPECT_TRUE(detector.detect(cv::Mat(100, 100, CV_32FC3, cv::Scalar(0.5))).empty());    // float: not 8-bit
  EXPECT_TRUE(detector.detect(cv::Mat(480, 640, CV_8UC3, cv::Scalar(0, 0, 0))).empty()); // black

  // A 3x2000 sliver, a 1001x7 strip and a 333x517 crop of noise: no crash, boxes inside the frame.
  cv::RNG rng(7);
  for (const cv::Size size : {cv::Size(3, 2000), cv::Size(1001, 7), cv::Size(333, 517)}) {
    cv::Mat noise(size, CV_8UC3);
    rng.fill(noise, cv::RNG::UNIFORM, 0, 256);
    for (const Detection& detection : detector.detect(noise)) {
      EXPECT_GE(detection.box.x0, 0);
      EXPECT_GE(detection.box.y0, 0);
      EXPECT_LE(detection.box.x1, static_cast<float>(size.width));
      EXPECT_LE(detection.box.y1, static_cast<float>(size.height));
      EXPECT_GT(detection.box.area(), 0);
    }
  }
  // A region of a bigger frame (non-continuous rows) is as good as a copy.
  cv::Mat big(720, 1280, CV_8UC3, cv::Scalar(90, 120, 60));
  EXPECT_NO_THROW(detector.detect(big(cv::Rect(11, 13, 641, 359))));
}

TEST(DetectorBadFrames, HogHandlesThem) {
  HogPeopleDetector hog;
  expect_bad_frames_handled(hog);
}

TEST(DetectorBadFrames, NanoDetHandlesThem) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  auto detector = make_detector(testing::nanodet_model());
  ASSERT_EQ(detector->name(), "nanodet");
  expect_bad_frames_handled(*detector);
}

} // namespace
} // namespace argus::detection
