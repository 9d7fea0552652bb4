#pragma once
// Search sensitivity (1..100, spec default 100 = most sensitive) decides what counts as motion (docs/design/motion.md):
// - the level a cell needs to count as moving grows geometrically from k_min_level (about 3 % of a cell's pixels
//   changed, what the analyzer records) at 100 to 128 (50 % of the cell changed) at 1:
//   threshold(s) = round(8 * 16^((100 - s) / 99)); e.g. 100 → 8, 75 → 16, 50 → 32, 25 → 65, 1 → 128;
// - the share of the region's cells that must move in a second grows linearly from any cell at 100 to 20 % at 1:
//   share(s) = 20 % * (100 - s) / 99; e.g. 75 → 5 %, 50 → 10 %, 25 → 15 %, 1 → 20 %.
// Swaying trees or a crowd keep a whole frame moving at any level; the share is what lets a lower sensitivity ignore
// small motion there (and a region drawn around where motion matters keeps small objects findable).
#include <cstdint>

namespace argus::analytics {

//! Smallest level the analyzer records (a cell with 2 of its 64 analysis pixels changed).
inline constexpr std::uint8_t k_min_level = 8;
inline constexpr int k_min_sensitivity = 1;
inline constexpr int k_max_sensitivity = 100;

//! The level threshold of a sensitivity (clamped to 1..100).
std::uint8_t level_threshold(int sensitivity);

//! The cells of a region of roi_cells that must move in a second for it to count, at a sensitivity (at least 1).
int min_region_cells(int sensitivity, int roi_cells);

} // namespace argus::analytics
