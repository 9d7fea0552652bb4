// Appearance embeddings: the colour part's layout, how the parts are joined and quantised, the cosine, and on the
// demo footage that a person's embedding is stable and closer to itself in a shifted box than to other people.
#include <algorithm>
#include <cmath>
#include <numeric>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "detection/appearance.hpp"
#include "detection/nanodet_detector.hpp"
#include "detection_test_support.hpp"

namespace argus::detection {
namespace {

double norm(std::span<const float> values) {
  return std::sqrt(std::inner_product(values.begin(), values.end(), values.begin(), 0.0));
}

int squared_norm(std::span<const std::int8_t> values) {
  return std::inner_product(values.begin(), values.end(), values.begin(), 0);
}

// The bin of a band's histogram holding the most (0..11 hues, 12..15 grey levels).
int strongest_bin(const std::vector<float>& colour, int band) {
  const auto first = colour.begin() + band * 16;
  return static_cast<int>(std::max_element(first, first + 16) - first);
}

TEST(Appearance, ColourBandsFollowTheClothing) {
  // A "person": red shoulders (hue 0: between bins 11 and 0), green hips (hue 60 of 180: between bins 3 and 4), black
  // legs, on a white background.
  cv::Mat frame(200, 100, CV_8UC3, cv::Scalar(255, 255, 255));
  cv::rectangle(frame, cv::Rect(30, 40, 40, 60), cv::Scalar(0, 0, 220), cv::FILLED);
  cv::rectangle(frame, cv::Rect(30, 100, 40, 40), cv::Scalar(0, 200, 0), cv::FILLED);
  cv::rectangle(frame, cv::Rect(30, 140, 40, 60), cv::Scalar(10, 10, 10), cv::FILLED);
  const auto colour = colour_features(frame, {20, 10, 80, 200});
  ASSERT_EQ(colour.size(), static_cast<std::size_t>(k_colour_dims));
  EXPECT_NEAR(norm(colour), 1.0, 1e-5);
  EXPECT_TRUE(strongest_bin(colour, 0) == 0 || strongest_bin(colour, 0) == 11) << strongest_bin(colour, 0);
  EXPECT_TRUE(strongest_bin(colour, 1) == 3 || strongest_bin(colour, 1) == 4) << strongest_bin(colour, 1);
  EXPECT_EQ(strongest_bin(colour, 2), 12); // the darkest grey level
}

TEST(Appearance, ColourOfNothingIsZero) {
  const cv::Mat frame(100, 100, CV_8UC3, cv::Scalar(40, 80, 120));
  for (const auto& colour : {colour_features(frame, {200, 10, 300, 90}), colour_features(cv::Mat(), {0, 0, 10, 10}),
                             colour_features(cv::Mat(100, 100, CV_8UC1, cv::Scalar(9)), {0, 0, 50, 50})})
    EXPECT_EQ(norm(colour), 0.0);
}

// int8 rounding moves a 112-value vector of length 127 by at most sqrt(112) / 2 ≈ 5.
constexpr double k_rounding = 5.3;

TEST(Appearance, JoinsTheWeightedPartsAtUnitLength) {
  const std::vector<float> backbone(128, 0.5F);
  const std::vector<float> colour(k_colour_dims, 0.25F);
  const auto both = combine_appearance(backbone, colour);
  ASSERT_EQ(both.size(), static_cast<std::size_t>(k_embedding_dims));
  EXPECT_NEAR(std::sqrt(squared_norm(both)), 127.0, k_rounding);
  const std::span<const std::int8_t> backbone_part(both.data(), k_backbone_dims);
  EXPECT_NEAR(std::sqrt(squared_norm(backbone_part)), 127.0 * k_backbone_weight, k_rounding);

  const auto colour_only = combine_appearance({}, colour);
  ASSERT_EQ(colour_only.size(), static_cast<std::size_t>(k_embedding_dims));
  EXPECT_TRUE(std::all_of(colour_only.begin(), colour_only.begin() + k_backbone_dims, [](auto v) { return v == 0; }));
  EXPECT_NEAR(std::sqrt(squared_norm(colour_only)), 127.0, k_rounding) << "the colour part fills the length alone";
  EXPECT_NEAR(cosine_similarity(both, colour_only), std::sqrt(1 - k_backbone_weight * k_backbone_weight), 0.01);

  const auto backbone_only = combine_appearance(backbone, colour, 1.0F);
  EXPECT_TRUE(std::all_of(backbone_only.begin() + k_backbone_dims, backbone_only.end(), [](auto v) { return v == 0; }));
  EXPECT_EQ(squared_norm(combine_appearance({}, {})), 0);
}

TEST(Appearance, CosineSimilarity) {
  const std::vector<std::int8_t> a{127, 0, 0}, b{0, 127, 0}, c{-127, 0, 0}, d{90, 90, 0};
  EXPECT_FLOAT_EQ(cosine_similarity(a, a), 1.0F);
  EXPECT_FLOAT_EQ(cosine_similarity(a, b), 0.0F);
  EXPECT_FLOAT_EQ(cosine_similarity(a, c), -1.0F);
  EXPECT_NEAR(cosine_similarity(a, d), std::sqrt(0.5F), 1e-6);
  EXPECT_EQ(cosine_similarity(a, std::vector<std::int8_t>{127, 0}), 0.0F) << "lengths differ";
  EXPECT_EQ(cosine_similarity(a, std::vector<std::int8_t>{0, 0, 0}), 0.0F) << "no direction";
}

class FootageAppearanceTest : public ::testing::Test {
protected:
  void SetUp() override {
    ARGUS_REQUIRE(testing::nanodet_model_missing());
    frame_ = testing::read_frame(testing::footage("01-vtest_sub.mp4"), 12);
    ASSERT_FALSE(frame_.empty());
    NanoDetOptions options;
    options.input_height = 256;
    std::string error;
    detector_ = NanoDetDetector::load(testing::nanodet_model(), error, options);
    ASSERT_TRUE(detector_) << error;
    for (const Detection& detection : detector_->detect(frame_))
      if (detection.object_class == ObjectClass::person)
        people_.push_back(detection.box);
    ASSERT_GE(people_.size(), 4U);
  }

  std::vector<std::int8_t> embedding(const BoxPx& box) const {
    return appearance_embedding(frame_, box, detector_->features_at(box));
  }

  cv::Mat frame_;
  std::unique_ptr<NanoDetDetector> detector_;
  std::vector<BoxPx> people_;
};

TEST_F(FootageAppearanceTest, TheSameBoxGivesTheSameEmbedding) {
  EXPECT_EQ(embedding(people_[0]), embedding(people_[0]));
  EXPECT_NEAR(cosine_similarity(embedding(people_[0]), embedding(people_[0])), 1.0F, 1e-6);
}

TEST_F(FootageAppearanceTest, AShiftedBoxOfAPersonIsCloserThanOtherPeople) {
  for (std::size_t i = 0; i < people_.size(); ++i) {
    const BoxPx& box = people_[i];
    const float dx = 0.1F * box.width(), dy = 0.05F * box.height();
    const float shifted =
        cosine_similarity(embedding(box), embedding({box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy}));
    for (std::size_t j = 0; j < people_.size(); ++j) {
      if (j == i || iou(box, people_[j]) > 0) // overlapping boxes share pixels and features
        continue;
      EXPECT_GT(shifted, cosine_similarity(embedding(box), embedding(people_[j])))
          << "person " << i << " against person " << j;
    }
  }
}

} // namespace
} // namespace argus::detection
