#include "analytics/cell_levels.hpp"

#include <algorithm>

namespace argus::analytics {
namespace {

constexpr std::uint8_t k_sparse = 1;
constexpr std::uint8_t k_dense = 2;
constexpr std::size_t k_header_bytes = 3;

std::size_t bitset_bytes(const MotionGrid& grid) {
  return static_cast<std::size_t>(grid.cells() + 7) / 8;
}

// Calls visit(cell, level) for every encoded cell; false when the bytes are malformed. Templated so that the search's
// hot loop (count_cells) inlines the visitor.
template <typename Visit> bool for_each_cell(std::span<const std::uint8_t> bytes, MotionGrid& grid, Visit&& visit) {
  if (bytes.size() < k_header_bytes || bytes[1] == 0 || bytes[2] == 0)
    return false;
  grid = {bytes[1], bytes[2]};
  auto cells = grid.cells();
  auto body = bytes.subspan(k_header_bytes);
  if (bytes[0] == k_sparse) {
    if (body.size() % 3 != 0)
      return false;
    int previous = -1;
    for (std::size_t i = 0; i < body.size(); i += 3) {
      int cell = body[i] | (body[i + 1] << 8);
      std::uint8_t level = body[i + 2];
      if (cell <= previous || cell >= cells || level == 0)
        return false;
      previous = cell;
      visit(cell, level);
    }
    return true;
  }
  if (bytes[0] == k_dense) {
    auto bits = bitset_bytes(grid);
    if (body.size() < bits)
      return false;
    auto levels = body.subspan(bits);
    std::size_t next = 0;
    for (std::size_t byte = 0; byte < bits; ++byte) {
      unsigned value = body[byte];
      while (value != 0) {
        int bit = __builtin_ctz(value);
        value &= value - 1;
        int cell = static_cast<int>(byte * 8) + bit;
        if (cell >= cells || next >= levels.size() || levels[next] == 0)
          return false;
        visit(cell, levels[next++]);
      }
    }
    return next == levels.size();
  }
  return false;
}

} // namespace

int CellLevels::moved() const {
  return moved_at(1);
}

int CellLevels::moved_at(std::uint8_t threshold) const {
  return static_cast<int>(std::count_if(levels.begin(), levels.end(),
                                        [threshold](std::uint8_t level) { return level >= threshold && level > 0; }));
}

void CellLevels::merge_max(const CellLevels& other) {
  if (other.grid != grid)
    return;
  for (std::size_t i = 0; i < levels.size(); ++i)
    levels[i] = std::max(levels[i], other.levels[i]);
}

void CellLevels::clear() {
  std::fill(levels.begin(), levels.end(), std::uint8_t{0});
}

std::vector<std::uint8_t> encode_cell_levels(const CellLevels& levels) {
  auto moved = static_cast<std::size_t>(levels.moved());
  auto bits = bitset_bytes(levels.grid);
  bool sparse = 3 * moved <= bits + moved;
  std::vector<std::uint8_t> out{sparse ? k_sparse : k_dense, static_cast<std::uint8_t>(levels.grid.cols),
                                static_cast<std::uint8_t>(levels.grid.rows)};
  if (sparse) {
    out.reserve(k_header_bytes + 3 * moved);
    for (std::size_t cell = 0; cell < levels.levels.size(); ++cell) {
      if (levels.levels[cell] == 0)
        continue;
      out.push_back(static_cast<std::uint8_t>(cell & 0xff));
      out.push_back(static_cast<std::uint8_t>(cell >> 8));
      out.push_back(levels.levels[cell]);
    }
    return out;
  }
  out.resize(k_header_bytes + bits, 0);
  for (std::size_t cell = 0; cell < levels.levels.size(); ++cell) {
    if (levels.levels[cell] != 0)
      out[k_header_bytes + cell / 8] |= static_cast<std::uint8_t>(1u << (cell % 8));
  }
  for (auto level : levels.levels) {
    if (level != 0)
      out.push_back(level);
  }
  return out;
}

std::optional<CellLevels> decode_cell_levels(std::span<const std::uint8_t> bytes) {
  MotionGrid grid;
  std::vector<std::pair<int, std::uint8_t>> cells;
  if (!for_each_cell(bytes, grid, [&cells](int cell, std::uint8_t level) { cells.emplace_back(cell, level); }))
    return std::nullopt;
  CellLevels out(grid);
  for (auto [cell, level] : cells)
    out.levels[static_cast<std::size_t>(cell)] = level;
  return out;
}

RoiMask::RoiMask(const MotionGrid& grid, const Roi& roi)
    : grid_(grid), roi_cells_(0), inside_(static_cast<std::size_t>(grid.cells()), 0) {
  for (int row = 0; row < grid.rows; ++row) {
    for (int col = 0; col < grid.cols; ++col) {
      if (roi.contains(col, row)) {
        inside_[static_cast<std::size_t>(row * grid.cols + col)] = 1;
        ++roi_cells_;
      }
    }
  }
}

CellCount count_cells(std::span<const std::uint8_t> bytes, const RoiMask& mask, std::uint8_t threshold) {
  CellCount count;
  MotionGrid grid;
  // The grid is checked before any cell is visited (the header comes first), so the mask index is always valid.
  if (bytes.size() < k_header_bytes || MotionGrid{bytes[1], bytes[2]} != mask.grid())
    return count;
  count.valid = for_each_cell(bytes, grid, [&](int cell, std::uint8_t level) {
    if (level >= threshold) {
      ++count.frame;
      count.roi += mask.contains(cell) ? 1 : 0;
    }
  });
  if (!count.valid)
    count = {};
  return count;
}

} // namespace argus::analytics
