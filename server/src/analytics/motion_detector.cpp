#include "analytics/motion_detector.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "analytics/sensitivity.hpp"

namespace argus::analytics {

MotionDetector::MotionDetector(MotionGrid grid, DetectorOptions options)
    : grid_(grid), options_(options), width_(grid.cols * options.cell_side), height_(grid.rows * options.cell_side),
      background_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0),
      changed_(background_.size(), 0), histogram_(511, 0) {}

void MotionDetector::reset() {
  frames_ = 0;
}

std::optional<CellLevels> MotionDetector::process(const std::uint8_t* luma, int stride) {
  const auto pixels = background_.size();
  if (frames_ == 0) {
    for (int y = 0; y < height_; ++y) {
      const auto* row = luma + static_cast<std::ptrdiff_t>(y) * stride;
      auto* background = background_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_);
      for (int x = 0; x < width_; ++x)
        background[x] = static_cast<std::int32_t>(row[x]) << 8;
    }
    ++frames_;
    return std::nullopt;
  }

  // Median difference to the background: a global brightness change moves it, a moving object does not.
  std::fill(histogram_.begin(), histogram_.end(), 0u);
  for (int y = 0; y < height_; ++y) {
    const auto* row = luma + static_cast<std::ptrdiff_t>(y) * stride;
    const auto* background = background_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_);
    for (int x = 0; x < width_; ++x)
      ++histogram_[static_cast<std::size_t>(row[x] - (background[x] >> 8) + 255)];
  }
  int offset = 0;
  std::size_t seen = 0;
  for (std::size_t bin = 0; bin < histogram_.size(); ++bin) {
    seen += histogram_[bin];
    if (seen * 2 >= pixels) {
      offset = static_cast<int>(bin) - 255;
      break;
    }
  }

  bool settling = frames_ < options_.settle_frames;
  std::size_t changed_count = 0;
  for (int y = 0; y < height_; ++y) {
    const auto* row = luma + static_cast<std::ptrdiff_t>(y) * stride;
    auto index = static_cast<std::size_t>(y) * static_cast<std::size_t>(width_);
    for (int x = 0; x < width_; ++x, ++index) {
      std::int32_t value = static_cast<std::int32_t>(row[x]) << 8;
      std::int32_t diff = value - background_[index];
      bool changed = std::abs((diff >> 8) - offset) > options_.pixel_threshold;
      changed_[index] = changed ? 1 : 0;
      changed_count += changed ? 1 : 0;
      int shift = settling ? options_.settle_shift : changed ? options_.foreground_shift : options_.background_shift;
      background_[index] += diff >> shift;
    }
  }
  ++frames_;
  if (static_cast<double>(changed_count) > options_.scene_change_fraction * static_cast<double>(pixels)) {
    frames_ = 0; // the next frame rebuilds the background
    return std::nullopt;
  }
  if (settling)
    return std::nullopt;

  CellLevels levels(grid_);
  const int side = options_.cell_side;
  const int per_cell = side * side;
  for (int row = 0; row < grid_.rows; ++row) {
    for (int col = 0; col < grid_.cols; ++col) {
      int count = 0;
      for (int y = row * side; y < (row + 1) * side; ++y) {
        const auto* changed = changed_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                              static_cast<std::size_t>(col * side);
        for (int x = 0; x < side; ++x)
          count += changed[x];
      }
      auto level = static_cast<int>(std::lround(255.0 * count / per_cell));
      if (level >= k_min_level)
        levels.levels[static_cast<std::size_t>(row * grid_.cols + col)] = static_cast<std::uint8_t>(level);
    }
  }
  return levels;
}

} // namespace argus::analytics
