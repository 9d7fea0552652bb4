#pragma once
// Clothing and vehicle colours of a detected object (spec 03 §3 "Colour choices", "Attribute of an event") as the
// spec's bitmasks over its ten colours: bit i is kColourChoices[i]. A colour is claimed for a region when enough of
// its pixels fall in that colour's hue/saturation/value range; at night (IR, a greyscale picture) none is claimed.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace cv {
class Mat;
template <typename T> class Rect_;
using Rect = Rect_<int>;
} // namespace cv

namespace argus::detection {

inline constexpr std::array<std::string_view, 10> kColourChoices{"red",  "orange", "yellow",    "green",    "blue",
                                                                 "purple", "pink", "brown", "blackGray", "whiteGray"};

struct PersonColours {
  std::uint32_t top = 0;    // upper clothing
  std::uint32_t bottom = 0; // lower clothing
};

//! Whether a frame (BGR) is a night picture: its colour saturation is near zero (an IR camera's greyscale image).
bool is_night_picture(const cv::Mat& bgr_frame);

//! The colour bitmask of a region of a BGR frame (0 for an empty region or no dominant colour).
std::uint32_t dominant_colours(const cv::Mat& bgr_frame, const cv::Rect& region);

//! Upper and lower clothing colours of a person's box (frame pixels; clipped to the frame).
PersonColours person_colours(const cv::Mat& bgr_frame, const cv::Rect& person_box);

//! A vehicle's colour from the middle of its box (frame pixels; clipped to the frame).
std::uint32_t vehicle_colour(const cv::Mat& bgr_frame, const cv::Rect& vehicle_box);

//! The names of a bitmask's colours, comma separated ("red,blue"), for logs and tests.
std::string colour_names(std::uint32_t bitmask);

} // namespace argus::detection
