#include "detection/detection.hpp"

#include <algorithm>

namespace argus::detection {

float iou(const BoxPx& a, const BoxPx& b) {
  const BoxPx overlap{std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
  const float shared = overlap.area();
  const float total = a.area() + b.area() - shared;
  return total > 0 ? shared / total : 0.0F;
}

} // namespace argus::detection
