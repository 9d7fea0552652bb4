#include "detection/appearance.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace argus::detection {
namespace {

constexpr int k_hue_bins = 12;
constexpr int k_grey_bins = 4;
constexpr int k_bins_per_band = k_hue_bins + k_grey_bins;
constexpr int k_bands = 3;
static_assert(k_bands * k_bins_per_band == k_colour_dims);
// The bands span the box from 15 % to 95 % of its height: the head and feet are left out.
constexpr float k_bands_top = 0.15F;
constexpr float k_bands_bottom = 0.95F;
// Below these (OpenCV's 0–255 scales) a pixel has no usable hue: it counts in a grey level by its brightness.
constexpr int k_min_value = 50;
constexpr int k_min_saturation = 50;
// Pixels weigh exp(-dx² / 2σ²) by their horizontal distance dx from the box's centre line (box widths): the person
// is in the middle, the background at the sides.
constexpr float k_centre_sigma = 0.2F;

void add_pixel(const std::uint8_t* hsv, float weight, float* histogram) {
  const int hue = hsv[0], saturation = hsv[1], value = hsv[2];
  if (value < k_min_value || saturation < k_min_saturation) {
    histogram[k_hue_bins + value * k_grey_bins / 256] += weight;
  } else { // OpenCV's hue is 0..179: 15 per bin, split linearly between the two nearest bin centres
    const float position = static_cast<float>(hue) / 15.0F - 0.5F;
    const int lower = static_cast<int>(std::floor(position));
    const float upper_share = position - static_cast<float>(lower);
    histogram[(lower + k_hue_bins) % k_hue_bins] += weight * (1 - upper_share);
    histogram[(lower + 1 + k_hue_bins) % k_hue_bins] += weight * upper_share;
  }
}

void normalize(std::span<float> values) {
  double norm = 0;
  for (float value : values)
    norm += static_cast<double>(value) * value;
  if (norm <= 0)
    return;
  const auto scale = static_cast<float>(1.0 / std::sqrt(norm));
  for (float& value : values)
    value *= scale;
}

} // namespace

std::vector<float> colour_features(const cv::Mat& bgr_frame, const BoxPx& box) {
  std::vector<float> features(k_colour_dims, 0.0F);
  if (bgr_frame.empty() || bgr_frame.type() != CV_8UC3)
    return features;
  const cv::Rect region =
      cv::Rect(cv::Point(static_cast<int>(std::floor(box.x0)), static_cast<int>(std::floor(box.y0))),
               cv::Point(static_cast<int>(std::ceil(box.x1)), static_cast<int>(std::ceil(box.y1)))) &
      cv::Rect(0, 0, bgr_frame.cols, bgr_frame.rows);
  if (region.empty())
    return features;
  cv::Mat hsv;
  cv::cvtColor(bgr_frame(region), hsv, cv::COLOR_BGR2HSV);
  std::vector<float> column_weight(static_cast<std::size_t>(region.width));
  for (int col = 0; col < region.width; ++col) {
    const float dx = (static_cast<float>(col) + 0.5F) / static_cast<float>(region.width) - 0.5F;
    column_weight[static_cast<std::size_t>(col)] = std::exp(-dx * dx / (2 * k_centre_sigma * k_centre_sigma));
  }
  for (int band = 0; band < k_bands; ++band) {
    float* histogram = features.data() + band * k_bins_per_band;
    auto row_at = [&](int boundary) {
      const float fraction = k_bands_top + (k_bands_bottom - k_bands_top) * static_cast<float>(boundary) / k_bands;
      return static_cast<int>(fraction * static_cast<float>(region.height));
    };
    const int row0 = row_at(band);
    const int row1 = std::max(row0 + 1, row_at(band + 1));
    for (int row = row0; row < std::min(row1, region.height); ++row) {
      const auto* pixel = hsv.ptr<std::uint8_t>(row);
      for (int col = 0; col < region.width; ++col, pixel += 3)
        add_pixel(pixel, column_weight[static_cast<std::size_t>(col)], histogram);
    }
    // Square roots of the shares (the Hellinger kernel): a cosine of histograms that a dominant bin does not swamp.
    float total = 0;
    for (int bin = 0; bin < k_bins_per_band; ++bin)
      total += histogram[bin];
    if (total > 0)
      for (int bin = 0; bin < k_bins_per_band; ++bin)
        histogram[bin] = std::sqrt(histogram[bin] / total);
  }
  normalize(features);
  return features;
}

std::vector<std::int8_t> combine_appearance(std::span<const float> backbone, std::span<const float> colour,
                                            float backbone_weight) {
  std::vector<float> joined(k_embedding_dims, 0.0F);
  const std::span<float> backbone_part(joined.data(), k_backbone_dims);
  const std::span<float> colour_part(joined.data() + k_backbone_dims, k_colour_dims);
  // NanoDet's 128 channels in adjacent pairs: on the demo footage as good as all 128, at 40 % less index memory.
  for (std::size_t i = 0; i < backbone.size(); ++i)
    backbone_part[i * k_backbone_dims / backbone.size()] += backbone[i];
  std::copy_n(colour.begin(), std::min<std::size_t>(colour.size(), k_colour_dims), colour_part.begin());
  normalize(backbone_part);
  normalize(colour_part);
  const float weight = std::clamp(backbone_weight, 0.0F, 1.0F);
  for (float& value : backbone_part)
    value *= weight;
  for (float& value : colour_part)
    value *= std::sqrt(1 - weight * weight);
  normalize(joined);
  std::vector<std::int8_t> embedding(k_embedding_dims);
  std::transform(joined.begin(), joined.end(), embedding.begin(), [](float value) {
    return static_cast<std::int8_t>(std::clamp(std::lround(value * 127.0F), -127L, 127L));
  });
  return embedding;
}

std::vector<std::int8_t> appearance_embedding(const cv::Mat& bgr_frame, const BoxPx& box,
                                              std::span<const float> backbone_features) {
  return combine_appearance(backbone_features, colour_features(bgr_frame, box));
}

float cosine_similarity(std::span<const std::int8_t> a, std::span<const std::int8_t> b) {
  if (a.size() != b.size())
    return 0;
  std::int64_t dot = 0, norm_a = 0, norm_b = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    dot += a[i] * b[i];
    norm_a += a[i] * a[i];
    norm_b += b[i] * b[i];
  }
  if (norm_a == 0 || norm_b == 0)
    return 0;
  return static_cast<float>(static_cast<double>(dot) /
                            std::sqrt(static_cast<double>(norm_a) * static_cast<double>(norm_b)));
}

} // namespace argus::detection
