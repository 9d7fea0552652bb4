#pragma once
// The motion grid of a camera (spec 03 §9: 60x34, fisheye 60x60, 4:3 cameras 60x48) and regions of interest in it.
#include <cstdint>
#include <string_view>

namespace argus::store {
struct CameraRecord;
}

namespace argus::analytics {

struct MotionGrid {
  int cols = 60;
  int rows = 34;

  int cells() const { return cols * rows; }
  bool operator==(const MotionGrid&) const = default;
};

inline constexpr MotionGrid k_default_grid{60, 34};
inline constexpr MotionGrid k_fisheye_grid{60, 60};
inline constexpr MotionGrid k_four_three_grid{60, 48};

//! The grid of a camera: 60x60 for type "fisheye", 60x48 when its configured video is narrower than 3:2 (4:3, 5:4),
//! else 60x34.
MotionGrid grid_for_camera(const store::CameraRecord& camera);

//! A rectangle of grid cells: x, y of the top-left cell, w x h cells.
struct Roi {
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;

  //! The whole grid.
  static Roi whole(const MotionGrid& grid) { return {0, 0, grid.cols, grid.rows}; }
  //! At least 1x1 and inside the grid.
  bool fits(const MotionGrid& grid) const {
    return w >= 1 && h >= 1 && x >= 0 && y >= 0 && x + w <= grid.cols && y + h <= grid.rows;
  }
  int cells() const { return w * h; }
  bool contains(int col, int row) const { return col >= x && col < x + w && row >= y && row < y + h; }
};

} // namespace argus::analytics
