#pragma once
// A frame fitted into a network's input without distortion: scaled by one factor to fit, centred, the rest black
// (NanoDet's keep_ratio resize), and the way back from input pixels to frame pixels.
#include <opencv2/core/mat.hpp>

#include "detection/detection.hpp"

namespace argus::detection {

struct Letterbox {
  cv::Mat image;      // input_width x input_height, the frame's type
  float scale = 1;    // input pixels per frame pixel
  float offset_x = 0; // where the frame's left edge lands in the input
  float offset_y = 0;

  //! A box in input pixels mapped back to frame pixels, clipped to frame_width x frame_height.
  BoxPx to_frame(const BoxPx& input_box, int frame_width, int frame_height) const;
};

//! `frame` scaled to fit input_width x input_height (bilinear; area averaging when shrinking a lot), centred on black.
Letterbox letterbox(const cv::Mat& frame, int input_width, int input_height);

} // namespace argus::detection
