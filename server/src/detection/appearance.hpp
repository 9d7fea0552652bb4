#pragma once
// Appearance embeddings for similarity search (issue 11): one int8 vector per track, compared by cosine. It joins the
// detector's own features of the box (Detector::features_at: NanoDet's head features, 128 values, folded to 64) with
// colour histograms of three horizontal bands of the box (shoulders, hips, legs: the clothing), each part weighted,
// then L2-normalised and quantised to int8 (x 127). Without detector features (HOG) the colour part alone fills the
// same length, the rest zero.
// docs/design/detection.md "Appearance and similarity" has the measurements behind the layout and the weight.
#include <cstdint>
#include <span>
#include <vector>

#include "detection/detection.hpp"

namespace cv {
class Mat;
}

namespace argus::detection {

inline constexpr int k_backbone_dims = 64; // the detector's features folded (NanoDet: adjacent channel pairs summed)
inline constexpr int k_colour_dims = 48;   // 3 bands x (12 hue bins + 4 grey levels)
inline constexpr int k_embedding_dims = k_backbone_dims + k_colour_dims;
// The backbone part's length in the unit-length embedding (the colour part's is sqrt(1 - w^2)): measured on the demo
// footage, 0.5–0.7 do equally well, backbone alone far worse, colour alone a little worse.
inline constexpr float k_backbone_weight = 0.6F;

//! The colour part of a box of a BGR frame: for three equal bands from 15 % to 95 % of its height, a histogram of
//! 12 hue bins (pixels of some saturation and brightness, split between the two nearest bins) and 4 grey levels (by
//! brightness), pixels weighted towards the box's vertical centre line, square-rooted; k_colour_dims values,
//! L2-normalised. All zero for a box outside the frame or a frame that is not CV_8UC3.
std::vector<float> colour_features(const cv::Mat& bgr_frame, const BoxPx& box);

//! The embedding from its two parts: `backbone` folded to k_backbone_dims (value i adds to slot
//! i * k_backbone_dims / size) and `colour` (its first k_colour_dims values), each L2-normalised, times backbone_weight
//! and sqrt(1 - backbone_weight^2), times 127 rounded: k_embedding_dims values. An empty part stays zero and the other
//! fills the length (all zero when both are).
std::vector<std::int8_t> combine_appearance(std::span<const float> backbone, std::span<const float> colour,
                                            float backbone_weight = k_backbone_weight);

//! The embedding of a box of a BGR frame from the detector's features of that box (features_at; may be empty).
std::vector<std::int8_t> appearance_embedding(const cv::Mat& bgr_frame, const BoxPx& box,
                                              std::span<const float> backbone_features);

//! The cosine of two embeddings, in [-1, 1]; 0 when their lengths differ or either is all zero.
float cosine_similarity(std::span<const std::int8_t> a, std::span<const std::int8_t> b);

} // namespace argus::detection
