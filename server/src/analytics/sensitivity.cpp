#include "analytics/sensitivity.hpp"

#include <algorithm>
#include <cmath>

namespace argus::analytics {
namespace {

constexpr double k_max_region_share = 0.20; // at sensitivity 1

//! 0 at the highest sensitivity, 1 at the lowest.
double dullness(int sensitivity) {
  sensitivity = std::clamp(sensitivity, k_min_sensitivity, k_max_sensitivity);
  return static_cast<double>(k_max_sensitivity - sensitivity) / (k_max_sensitivity - k_min_sensitivity);
}

} // namespace

std::uint8_t level_threshold(int sensitivity) {
  auto level = std::lround(k_min_level * std::pow(16.0, dullness(sensitivity)));
  return static_cast<std::uint8_t>(std::clamp<long>(level, k_min_level, 255));
}

int min_region_cells(int sensitivity, int roi_cells) {
  auto share = k_max_region_share * dullness(sensitivity);
  // A tiny tolerance keeps exact products (e.g. 20 % of 2040 = 408) from rounding up past themselves.
  auto cells = static_cast<int>(std::ceil(share * roi_cells - 1e-9));
  return std::max(1, cells);
}

} // namespace argus::analytics
