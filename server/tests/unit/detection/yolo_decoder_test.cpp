// decode_yolo on hand-made outputs in both export layouts: boxes from centre and size, objectness x class score,
// per-class NMS, classes without a spec kind dropped, clipping to the input, and shapes that are not YOLO's refused.
#include "detection/yolo_decoder.hpp"

#include <opencv2/core/mat.hpp>

#include <gtest/gtest.h>

namespace argus::detection {
namespace {

struct Candidate {
  float cx, cy, w, h;
  float objectness; // v5 only
  int coco_class;
  float score;
};

// [1, N, 85] (v5) or [1, 84, N] (v8 transposed) holding the candidates.
cv::Mat output_of(const std::vector<Candidate>& candidates, bool v5) {
  const int n = static_cast<int>(candidates.size());
  const int width = v5 ? 85 : 84;
  const int sizes_v5[] = {1, n, width};
  const int sizes_v8[] = {1, width, n};
  cv::Mat out(3, v5 ? sizes_v5 : sizes_v8, CV_32F, cv::Scalar(0));
  float* data = out.ptr<float>();
  auto at = [&](int row, int index) -> float& { return v5 ? data[row * width + index] : data[index * n + row]; };
  for (int row = 0; row < n; ++row) {
    const Candidate& c = candidates[static_cast<std::size_t>(row)];
    at(row, 0) = c.cx;
    at(row, 1) = c.cy;
    at(row, 2) = c.w;
    at(row, 3) = c.h;
    if (v5)
      at(row, 4) = c.objectness;
    at(row, (v5 ? 5 : 4) + c.coco_class) = c.score;
  }
  return out;
}

TEST(YoloDecoder, V8BoxesComeFromCentreAndSizeWithKindsAndPerClassNms) {
  const auto out = output_of({{100, 100, 40, 80, 0, 0, 0.9F},   // a person
                              {102, 101, 40, 80, 0, 0, 0.7F},   // the same person again: suppressed
                              {100, 100, 60, 40, 0, 2, 0.8F},   // a car in the same place: its own class survives
                              {300, 300, 50, 50, 0, 16, 0.95F}, // a dog: no spec kind, dropped
                              {500, 500, 20, 20, 0, 0, 0.3F}},  // below the threshold
                             false);
  const auto found = decode_yolo(out, 640, 640, {});
  ASSERT_TRUE(found);
  ASSERT_EQ(found->size(), 2u);
  EXPECT_EQ((*found)[0].coco_class, 0);
  EXPECT_EQ((*found)[0].object_class, ObjectClass::person);
  EXPECT_FLOAT_EQ((*found)[0].confidence, 0.9F);
  EXPECT_FLOAT_EQ((*found)[0].box.x0, 80);
  EXPECT_FLOAT_EQ((*found)[0].box.y0, 60);
  EXPECT_FLOAT_EQ((*found)[0].box.x1, 120);
  EXPECT_FLOAT_EQ((*found)[0].box.y1, 140);
  EXPECT_EQ((*found)[1].object_class, ObjectClass::vehicle);
  EXPECT_EQ((*found)[1].vehicle_type, VehicleType::car);
}

TEST(YoloDecoder, V5ScoresAreObjectnessTimesClassScore) {
  const auto out = output_of({{100, 100, 40, 80, 0.9F, 0, 0.9F},   // 0.81: kept
                              {300, 300, 40, 80, 0.5F, 0, 0.8F},   // 0.40: below 0.45
                              {500, 300, 40, 40, 0.2F, 7, 1.0F}},  // objectness below the threshold
                             true);
  const auto found = decode_yolo(out, 640, 640, {});
  ASSERT_TRUE(found);
  ASSERT_EQ(found->size(), 1u);
  EXPECT_NEAR((*found)[0].confidence, 0.81F, 1e-5);
}

TEST(YoloDecoder, BoxesAreClippedToTheInput) {
  const auto found = decode_yolo(output_of({{10, 630, 40, 40, 0, 0, 0.9F}}, false), 640, 640, {});
  ASSERT_TRUE(found);
  ASSERT_EQ(found->size(), 1u);
  EXPECT_FLOAT_EQ((*found)[0].box.x0, 0);
  EXPECT_FLOAT_EQ((*found)[0].box.y1, 640);
}

TEST(YoloDecoder, OtherShapesAreNotYolo) {
  const int nanodet_like[] = {1, 1600, 80};
  const int four_d[] = {1, 84, 20, 20};
  EXPECT_FALSE(decode_yolo(cv::Mat(3, nanodet_like, CV_32F, cv::Scalar(0)), 640, 640, {}));
  EXPECT_FALSE(decode_yolo(cv::Mat(4, four_d, CV_32F, cv::Scalar(0)), 640, 640, {}));
  EXPECT_FALSE(decode_yolo(cv::Mat(), 640, 640, {}));
  const int doubles[] = {1, 84, 10};
  EXPECT_FALSE(decode_yolo(cv::Mat(3, doubles, CV_64F, cv::Scalar(0)), 640, 640, {}));
}

} // namespace
} // namespace argus::detection
