#include "objects/similarity_percent.hpp"

#include <algorithm>
#include <cmath>

namespace argus::objects {

double similarity_percent(float cosine) {
  double fraction = (std::clamp(static_cast<double>(cosine), -1.0, 1.0) + 1.0) / 2.0;
  return std::round(fraction * 1000.0) / 10.0;
}

float cosine_of_fraction(double fraction) {
  return static_cast<float>(std::clamp(fraction, 0.0, 1.0) * 2.0 - 1.0);
}

} // namespace argus::objects
