#include "clock_code.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace argus::camsim {
namespace {

constexpr std::uint64_t k_time_mask = (std::uint64_t{1} << k_clock_code_time_bits) - 1;
// A reference row whose white and black means are closer than this (of 255) is not a code.
constexpr int k_min_contrast = 48;

struct Cell {
  int x0, y0, x1, y1;
};

Cell cell_at(int column, int row, int width, int height) {
  return {column * width / k_clock_code_columns, row * height / k_clock_code_grid_rows,
          (column + 1) * width / k_clock_code_columns, (row + 1) * height / k_clock_code_grid_rows};
}

// Mean luma of the cell's central half in each direction (edges blur under compression and scaling).
int cell_mean(const std::uint8_t* luma, int stride, const Cell& cell) {
  int w = cell.x1 - cell.x0;
  int h = cell.y1 - cell.y0;
  int x0 = cell.x0 + w / 4;
  int x1 = std::max(x0 + 1, cell.x1 - w / 4);
  int y0 = cell.y0 + h / 4;
  int y1 = std::max(y0 + 1, cell.y1 - h / 4);
  long sum = 0;
  for (int y = y0; y < y1; ++y) {
    const std::uint8_t* row = luma + static_cast<long>(y) * stride;
    for (int x = x0; x < x1; ++x)
      sum += row[x];
  }
  return static_cast<int>(sum / (static_cast<long>(x1 - x0) * (y1 - y0)));
}

std::array<std::uint8_t, 6> payload_bytes(std::uint64_t capture_ms_low40, std::uint8_t sequence) {
  std::array<std::uint8_t, 6> bytes{};
  for (int i = 0; i < 5; ++i)
    bytes[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(capture_ms_low40 >> (8 * (4 - i)));
  bytes[5] = sequence;
  return bytes;
}

} // namespace

std::uint16_t clock_code_crc16(const std::uint8_t* bytes, int count) {
  std::uint16_t crc = 0xFFFF;
  for (int i = 0; i < count; ++i) {
    crc = static_cast<std::uint16_t>(crc ^ (bytes[i] << 8));
    for (int bit = 0; bit < 8; ++bit)
      crc = static_cast<std::uint16_t>((crc & 0x8000) ? (crc << 1) ^ 0x1021 : crc << 1);
  }
  return crc;
}

std::uint64_t clock_code_word(std::uint64_t capture_ms, std::uint8_t sequence) {
  auto bytes = payload_bytes(capture_ms & k_time_mask, sequence);
  std::uint16_t crc = clock_code_crc16(bytes.data(), static_cast<int>(bytes.size()));
  return ((capture_ms & k_time_mask) << 24) | (std::uint64_t{sequence} << 16) | crc;
}

int clock_code_band_height(int frame_height) {
  return k_clock_code_rows * frame_height / k_clock_code_grid_rows;
}

void draw_clock_code(std::uint8_t* luma, int stride, int width, int height, std::uint64_t capture_ms,
                     std::uint8_t sequence) {
  std::uint64_t word = clock_code_word(capture_ms, sequence);
  for (int row = 0; row < k_clock_code_rows; ++row) {
    for (int column = 0; column < k_clock_code_columns; ++column) {
      bool white = row == 0 ? column % 2 == 0 : ((word >> (63 - ((row - 1) * k_clock_code_columns + column))) & 1) != 0;
      Cell cell = cell_at(column, row, width, height);
      for (int y = cell.y0; y < cell.y1; ++y) {
        std::uint8_t* line = luma + static_cast<long>(y) * stride;
        for (int x = cell.x0; x < cell.x1; ++x)
          line[x] = white ? k_clock_code_white : k_clock_code_black;
      }
    }
  }
}

std::optional<ClockCodeReading> read_clock_code(const std::uint8_t* luma, int stride, int width, int height) {
  if (width < k_clock_code_columns || height < k_clock_code_grid_rows)
    return std::nullopt;
  std::array<int, k_clock_code_columns> reference{};
  int white_sum = 0;
  int black_sum = 0;
  for (int column = 0; column < k_clock_code_columns; ++column) {
    reference[static_cast<std::size_t>(column)] = cell_mean(luma, stride, cell_at(column, 0, width, height));
    (column % 2 == 0 ? white_sum : black_sum) += reference[static_cast<std::size_t>(column)];
  }
  int white = white_sum / (k_clock_code_columns / 2);
  int black = black_sum / (k_clock_code_columns / 2);
  if (white - black < k_min_contrast)
    return std::nullopt;
  // Four times the distance to the threshold, so that "clear" (at least a quarter of the contrast away from the
  // threshold) needs no division.
  auto clear = [&](int mean) { return std::abs(4 * mean - 2 * (white + black)) >= white - black; };
  for (int column = 0; column < k_clock_code_columns; ++column) {
    int mean = reference[static_cast<std::size_t>(column)];
    if (!clear(mean) || (2 * mean > white + black) != (column % 2 == 0))
      return std::nullopt;
  }
  std::uint64_t word = 0;
  for (int row = 1; row < k_clock_code_rows; ++row) {
    for (int column = 0; column < k_clock_code_columns; ++column) {
      int mean = cell_mean(luma, stride, cell_at(column, row, width, height));
      if (!clear(mean))
        return std::nullopt;
      word = (word << 1) | (2 * mean > white + black ? 1 : 0);
    }
  }
  ClockCodeReading reading;
  reading.capture_ms_low40 = word >> 24;
  reading.sequence = static_cast<std::uint8_t>(word >> 16);
  auto bytes = payload_bytes(reading.capture_ms_low40, reading.sequence);
  if (clock_code_crc16(bytes.data(), static_cast<int>(bytes.size())) != static_cast<std::uint16_t>(word))
    return std::nullopt;
  return reading;
}

std::uint64_t unwrap_clock_code_time(std::uint64_t capture_ms_low40, std::uint64_t now_ms) {
  constexpr std::uint64_t period = k_time_mask + 1;
  std::uint64_t candidate = (now_ms & ~k_time_mask) | (capture_ms_low40 & k_time_mask);
  if (candidate > now_ms + period / 2 && candidate >= period)
    candidate -= period;
  else if (candidate + period / 2 < now_ms)
    candidate += period;
  return candidate;
}

} // namespace argus::camsim
