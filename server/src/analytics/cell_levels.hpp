#pragma once
// Per-cell motion levels of one grid and their compact encoding (the blobs of motion_seconds and motion_summaries).
// A level is the fraction of a cell's analysis pixels that changed, scaled to 0..255 (0 = no motion).
//
// Encoding: byte 0 format, byte 1 cols, byte 2 rows, then
//   format 1 (sparse): per moved cell, ascending, cell index (u16 little-endian) and level (u8) — 3 bytes a cell;
//   format 2 (dense):  a bitset of moved cells (ceil(cells / 8) bytes, cell i = bit i % 8 of byte i / 8), then one
//                      level byte per set bit in cell order.
// The encoder picks the shorter (sparse up to ~cells/16 moved cells: 3 + 3n bytes vs 3 + 255 + n for 60x34).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "analytics/motion_grid.hpp"

namespace argus::analytics {

struct CellLevels {
  MotionGrid grid;
  std::vector<std::uint8_t> levels; // one per cell, row-major (cell = row * cols + col)

  explicit CellLevels(MotionGrid g = k_default_grid) : grid(g), levels(static_cast<std::size_t>(g.cells()), 0) {}
  //! Cells with a level > 0.
  int moved() const;
  //! Cells with a level >= threshold.
  int moved_at(std::uint8_t threshold) const;
  //! The per-cell maximum with other (same grid; ignored otherwise).
  void merge_max(const CellLevels& other);
  //! Sets every level to 0.
  void clear();
};

//! The encoding described above.
std::vector<std::uint8_t> encode_cell_levels(const CellLevels& levels);
//! Decodes; nullopt when the bytes are malformed (bad format, grid, lengths, order or zero levels).
std::optional<CellLevels> decode_cell_levels(std::span<const std::uint8_t> bytes);

//! A region of interest as a per-cell mask, for counting motion in it without decoding into CellLevels.
class RoiMask {
public:
  RoiMask(const MotionGrid& grid, const Roi& roi);
  const MotionGrid& grid() const { return grid_; }
  int roi_cells() const { return roi_cells_; }
  bool contains(int cell) const { return inside_[static_cast<std::size_t>(cell)] != 0; }

private:
  MotionGrid grid_;
  int roi_cells_ = 0;
  std::vector<std::uint8_t> inside_;
};

//! What an encoded record holds at a level threshold.
struct CellCount {
  bool valid = false; // false: malformed, or encoded for another grid than the mask's
  int frame = 0;      // cells at or above the threshold
  int roi = 0;        // of those, inside the mask
};

//! Counts the cells of an encoded record at or above threshold, in the whole grid and in the mask.
CellCount count_cells(std::span<const std::uint8_t> bytes, const RoiMask& mask, std::uint8_t threshold);

} // namespace argus::analytics
