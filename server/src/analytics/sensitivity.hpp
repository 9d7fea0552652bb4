#pragma once
// Search sensitivity (1..100, spec default 100 = most sensitive) → the cell level a cell needs to count as moving.
// The threshold grows geometrically from k_min_level (about 3 % of a cell's pixels changed, what the analyzer records)
// at 100 to 128 (50 % of the cell changed) at 1: threshold(s) = round(8 * 16^((100 - s) / 99)).
// E.g. 100 → 8 (3 %), 75 → 16 (6 %), 50 → 32 (13 %), 25 → 65 (25 %), 1 → 128 (50 %). docs/design/motion.md.
#include <cstdint>

namespace argus::analytics {

//! Smallest level the analyzer records (a cell with 2 of its 64 analysis pixels changed).
inline constexpr std::uint8_t k_min_level = 8;
inline constexpr int k_min_sensitivity = 1;
inline constexpr int k_max_sensitivity = 100;

//! The level threshold of a sensitivity (clamped to 1..100).
std::uint8_t level_threshold(int sensitivity);

} // namespace argus::analytics
