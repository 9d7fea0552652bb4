#pragma once
// Background-subtraction motion detection on a downscaled luma plane: cols x rows cells of cell_side x cell_side
// analysis pixels. Per pixel a running-average background (8.8 fixed point; fast where the scene is still, slow where
// it changed, so a person standing still fades in over ~25 s at 5 fps while light changes are followed in ~3 s); the
// frame's median difference to the background is subtracted first (auto-exposure, clouds). A pixel changed when it
// differs by more than pixel_threshold; a cell's level is its changed fraction × 255, recorded from k_min_level.
// The first settle_frames frames only build the background; a frame where most pixels changed (lights switched, camera
// moved) resets the model. Pure computation, no I/O: tests feed synthetic planes.
#include <cstdint>
#include <optional>
#include <vector>

#include "analytics/cell_levels.hpp"

namespace argus::analytics {

struct DetectorOptions {
  int cell_side = 8;                  // analysis pixels per cell side (64 per cell)
  int settle_frames = 10;             // 2 s at 5 fps
  int pixel_threshold = 20;           // gray levels above the median difference
  int background_shift = 4;           // still pixels: background += diff / 16
  int foreground_shift = 7;           // changed pixels: background += diff / 128
  int settle_shift = 2;               // while settling: diff / 4 (converges in a few frames)
  double scene_change_fraction = 0.7; // this fraction of changed pixels resets the model
};

class MotionDetector {
public:
  explicit MotionDetector(MotionGrid grid, DetectorOptions options = {});

  //! Analysis plane size: grid.cols * cell_side by grid.rows * cell_side.
  int width() const { return width_; }
  int height() const { return height_; }
  const MotionGrid& grid() const { return grid_; }

  //! Feeds one frame (8-bit luma of width() x height(), rows stride bytes apart). Returns the cell levels, or nullopt
  //! while the background settles (first frames, after a reset or a scene change).
  std::optional<CellLevels> process(const std::uint8_t* luma, int stride);
  //! Forgets the background (e.g. after a gap in the video).
  void reset();

private:
  MotionGrid grid_;
  DetectorOptions options_;
  int width_;
  int height_;
  int frames_ = 0;                       // since the last reset
  std::vector<std::int32_t> background_; // gray << 8
  std::vector<std::uint8_t> changed_;    // per pixel of the current frame
  std::vector<std::uint32_t> histogram_;
};

} // namespace argus::analytics
