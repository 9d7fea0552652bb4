#include "analytics/sensitivity.hpp"

#include <algorithm>
#include <cmath>

namespace argus::analytics {

std::uint8_t level_threshold(int sensitivity) {
  sensitivity = std::clamp(sensitivity, k_min_sensitivity, k_max_sensitivity);
  double exponent = static_cast<double>(k_max_sensitivity - sensitivity) / (k_max_sensitivity - k_min_sensitivity);
  auto level = std::lround(k_min_level * std::pow(16.0, exponent));
  return static_cast<std::uint8_t>(std::clamp<long>(level, k_min_level, 255));
}

} // namespace argus::analytics
