// NanoDet's output decoding on hand-made tensors: distances from distributions, cell centres, strides, thresholds,
// per-class NMS and the class filter.
#include <gtest/gtest.h>

#include "detection/nanodet_decoder.hpp"

namespace argus::detection {
namespace {

constexpr int k_bins = 11; // reg_max 10

// One stride level of an input_size x input_size network, every score 0 and every distribution flat.
struct FakeLevel {
  FakeLevel(int input_size, int stride_px) : grid(input_size / stride_px), stride(stride_px) {
    scores.assign(static_cast<std::size_t>(grid * grid * k_coco_class_count), 0.0F);
    distances.assign(static_cast<std::size_t>(grid * grid * 4 * k_bins), 0.0F);
  }

  // At cell (x, y): `score` for `coco_class` and distances peaked at whole bins (left, top, right, bottom).
  void put(int x, int y, int coco_class, float score, std::array<int, 4> bins) {
    const int cell = y * grid + x;
    scores[static_cast<std::size_t>(cell * k_coco_class_count + coco_class)] = score;
    for (int side = 0; side < 4; ++side)
      distances[static_cast<std::size_t>((cell * 4 + side) * k_bins + bins[static_cast<std::size_t>(side)])] = 50.0F;
  }

  NanoDetLevel level() const { return {scores.data(), distances.data(), grid, grid, stride}; }

  int grid;
  int stride;
  std::vector<float> scores;
  std::vector<float> distances;
};

TEST(NanoDetDecoder, ABoxIsTheCellCentreMinusAndPlusTheExpectedDistancesTimesTheStride) {
  FakeLevel level(64, 8);
  level.put(3, 2, 0, 0.9F, {1, 2, 3, 4}); // centre (28, 20)
  const NanoDetLevel levels[] = {level.level()};
  const auto detections = decode_nanodet(levels, 64, 64, DecodeOptions{});
  ASSERT_EQ(detections.size(), 1U);
  EXPECT_NEAR(detections[0].box.x0, 28 - 8, 1e-3);
  EXPECT_NEAR(detections[0].box.y0, 20 - 16, 1e-3);
  EXPECT_NEAR(detections[0].box.x1, 28 + 24, 1e-3);
  EXPECT_NEAR(detections[0].box.y1, 20 + 32, 1e-3);
  EXPECT_FLOAT_EQ(detections[0].confidence, 0.9F);
  EXPECT_EQ(detections[0].object_class, ObjectClass::person);
}

TEST(NanoDetDecoder, AFlatDistributionIsItsMeanBinAndBoxesAreClippedToTheInput) {
  FakeLevel level(64, 32);
  level.scores[2] = 0.8F; // cell (0, 0), car; distributions flat: 5 bins x 32 px on every side of (16, 16)
  const NanoDetLevel levels[] = {level.level()};
  const auto detections = decode_nanodet(levels, 64, 64, DecodeOptions{});
  ASSERT_EQ(detections.size(), 1U);
  EXPECT_FLOAT_EQ(detections[0].box.x0, 0);
  EXPECT_FLOAT_EQ(detections[0].box.y0, 0);
  EXPECT_NEAR(detections[0].box.x1, 64, 1e-3);
  EXPECT_EQ(detections[0].object_class, ObjectClass::vehicle);
  EXPECT_EQ(detections[0].vehicle_type, VehicleType::car);
}

TEST(NanoDetDecoder, OverlapsOfOneClassMergeAcrossLevelsButOtherClassesSurvive) {
  FakeLevel fine(64, 8);
  FakeLevel coarse(64, 16);
  fine.put(3, 3, 0, 0.7F, {2, 4, 2, 4});   // person around (28, 28)
  coarse.put(1, 1, 0, 0.9F, {1, 2, 1, 2}); // the same person from the next level: (24, 24) ± (16, 32)
  fine.put(3, 3, 1, 0.6F, {2, 2, 2, 2});   // a bicycle under them
  fine.put(0, 7, 0, 0.5F, {1, 1, 1, 1});   // a small person elsewhere: kept
  const NanoDetLevel levels[] = {fine.level(), coarse.level()};
  const auto detections = decode_nanodet(levels, 64, 64, DecodeOptions{});
  ASSERT_EQ(detections.size(), 3U);
  EXPECT_FLOAT_EQ(detections[0].confidence, 0.9F); // best first; the 0.7 duplicate is gone
  EXPECT_EQ(detections[1].vehicle_type, VehicleType::bike);
  EXPECT_FLOAT_EQ(detections[2].confidence, 0.5F);
}

TEST(NanoDetDecoder, ScoresUnderTheThresholdNaNsAndClassesWithoutAKindAreDropped) {
  FakeLevel level(64, 8);
  level.put(1, 1, 0, 0.3F, {1, 1, 1, 1});  // under 0.45
  level.put(5, 5, 16, 0.9F, {1, 1, 1, 1}); // a dog
  level.put(6, 1, 0, std::numeric_limits<float>::quiet_NaN(), {1, 1, 1, 1});
  const NanoDetLevel levels[] = {level.level()};
  EXPECT_TRUE(decode_nanodet(levels, 64, 64, DecodeOptions{}).empty());

  DecodeOptions every_class;
  every_class.people_and_vehicles_only = false;
  const auto detections = decode_nanodet(levels, 64, 64, every_class);
  ASSERT_EQ(detections.size(), 1U);
  EXPECT_EQ(detections[0].coco_class, 16);
}

TEST(NanoDetDecoder, NoLevelsNoDetections) {
  EXPECT_TRUE(decode_nanodet({}, 416, 416, DecodeOptions{}).empty());
}

} // namespace
} // namespace argus::detection
