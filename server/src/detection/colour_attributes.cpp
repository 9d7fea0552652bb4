#include "detection/colour_attributes.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace argus::detection {
namespace {

enum Colour { red, orange, yellow, green, blue, purple, pink, brown, black_gray, white_gray, count };

// Shares of a region's pixels: the leading colour is claimed from 25 %, a second one from 30 %.
constexpr double k_first_share = 0.25;
constexpr double k_second_share = 0.30;
constexpr double k_night_mean_saturation = 12.0;

// One HSV pixel (OpenCV: H 0-179 in 2° steps, S and V 0-255) to a colour choice.
Colour colour_of(int hue_half_degrees, int saturation, int value) {
  int hue = hue_half_degrees * 2;
  if (value < 50)
    return black_gray;
  if (saturation < 45)
    return value > 170 ? white_gray : black_gray;
  bool warm = hue < 45 || hue >= 340;
  if (warm && value < 130 && hue >= 10 && hue < 45)
    return brown;
  if (hue < 12 || hue >= 340)
    return saturation < 110 && value > 170 ? pink : red;
  if (hue < 42)
    return orange;
  if (hue < 70)
    return yellow;
  if (hue < 165)
    return green;
  if (hue < 255)
    return blue;
  if (hue < 290)
    return purple;
  return pink;
}

cv::Rect part_of(const cv::Rect& box, double x0, double y0, double x1, double y1) {
  return {box.x + static_cast<int>(box.width * x0), box.y + static_cast<int>(box.height * y0),
          static_cast<int>(box.width * (x1 - x0)), static_cast<int>(box.height * (y1 - y0))};
}

} // namespace

bool is_night_picture(const cv::Mat& bgr_frame) {
  if (bgr_frame.empty() || bgr_frame.type() != CV_8UC3)
    return false;
  cv::Mat small, hsv;
  cv::resize(bgr_frame, small, cv::Size(64, 36), 0, 0, cv::INTER_AREA);
  cv::cvtColor(small, hsv, cv::COLOR_BGR2HSV);
  return cv::mean(hsv)[1] < k_night_mean_saturation;
}

std::uint32_t dominant_colours(const cv::Mat& bgr_frame, const cv::Rect& region) {
  if (bgr_frame.empty() || bgr_frame.type() != CV_8UC3)
    return 0;
  cv::Rect inside = region & cv::Rect(0, 0, bgr_frame.cols, bgr_frame.rows);
  if (inside.area() <= 0)
    return 0;
  cv::Mat hsv;
  cv::cvtColor(bgr_frame(inside), hsv, cv::COLOR_BGR2HSV);
  std::array<int, count> pixels{};
  for (int y = 0; y < hsv.rows; ++y) {
    const auto* row = hsv.ptr<cv::Vec3b>(y);
    for (int x = 0; x < hsv.cols; ++x)
      ++pixels[colour_of(row[x][0], row[x][1], row[x][2])];
  }
  double total = inside.area();
  int first = 0, second = -1;
  for (int c = 1; c < count; ++c)
    if (pixels[c] > pixels[first])
      first = c;
  for (int c = 0; c < count; ++c)
    if (c != first && (second < 0 || pixels[c] > pixels[second]))
      second = c;
  std::uint32_t mask = 0;
  if (pixels[first] / total >= k_first_share)
    mask |= 1u << first;
  if (second >= 0 && pixels[second] / total >= k_second_share)
    mask |= 1u << second;
  return mask;
}

PersonColours person_colours(const cv::Mat& bgr_frame, const cv::Rect& person_box) {
  // The torso and the legs, away from the box's edges (background) and the head.
  return {dominant_colours(bgr_frame, part_of(person_box, 0.25, 0.2, 0.75, 0.5)),
          dominant_colours(bgr_frame, part_of(person_box, 0.25, 0.58, 0.75, 0.88))};
}

std::uint32_t vehicle_colour(const cv::Mat& bgr_frame, const cv::Rect& vehicle_box) {
  return dominant_colours(bgr_frame, part_of(vehicle_box, 0.15, 0.25, 0.85, 0.75));
}

std::string colour_names(std::uint32_t bitmask) {
  std::string names;
  for (std::size_t c = 0; c < kColourChoices.size(); ++c)
    if (bitmask & (1u << c)) {
      if (!names.empty())
        names += ',';
      names += kColourChoices[c];
    }
  return names;
}

} // namespace argus::detection
