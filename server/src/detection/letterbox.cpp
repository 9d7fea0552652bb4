#include "detection/letterbox.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace argus::detection {

Letterbox letterbox(const cv::Mat& frame, int input_width, int input_height) {
  Letterbox out;
  out.scale = std::min(static_cast<float>(input_width) / static_cast<float>(frame.cols),
                       static_cast<float>(input_height) / static_cast<float>(frame.rows));
  const int width = std::clamp(static_cast<int>(std::lround(frame.cols * out.scale)), 1, input_width);
  const int height = std::clamp(static_cast<int>(std::lround(frame.rows * out.scale)), 1, input_height);
  out.offset_x = static_cast<float>((input_width - width) / 2);
  out.offset_y = static_cast<float>((input_height - height) / 2);
  out.image = cv::Mat::zeros(input_height, input_width, frame.type());
  cv::Mat target = out.image(cv::Rect(static_cast<int>(out.offset_x), static_cast<int>(out.offset_y), width, height));
  // Bilinear sampling aliases when shrinking a lot (1080p → 416); area averaging does not.
  const int interpolation = out.scale < 0.5F ? cv::INTER_AREA : cv::INTER_LINEAR;
  cv::resize(frame, target, target.size(), 0, 0, interpolation);
  return out;
}

BoxPx Letterbox::to_frame(const BoxPx& input_box, int frame_width, int frame_height) const {
  auto x = [&](float value) { return std::clamp((value - offset_x) / scale, 0.0F, static_cast<float>(frame_width)); };
  auto y = [&](float value) { return std::clamp((value - offset_y) / scale, 0.0F, static_cast<float>(frame_height)); };
  return {x(input_box.x0), y(input_box.y0), x(input_box.x1), y(input_box.y1)};
}

} // namespace argus::detection
