#pragma once
// The clock code: a frame's capture time burned into the picture as large black and white blocks that survive lossy
// compression and scaling, so that a player can be measured from the pixels it shows (docs/design/camsim.md, "Clock
// cameras"). The band is the top 3/18 of the frame, full width, 32 columns x 3 rows of cells (square at 16:9):
//   row 0  reference: white, black, white, ... (column 0 white) — tells a reader the levels and that a code is there;
//   rows 1-2  64 bits, most significant first, white = 1: capture time in ms since the Unix epoch (CLOCK_REALTIME),
//             low 40 bits | frame sequence number mod 256 (8 bits) | CRC-16/CCITT-FALSE of those 6 bytes (16 bits).
// The browser reader of bench/live_latency/clock_reader.mjs implements the same reading rules as read_clock_code().
#include <cstdint>
#include <optional>

namespace argus::camsim {

inline constexpr int k_clock_code_columns = 32;
inline constexpr int k_clock_code_rows = 3;       // reference row + 2 data rows
inline constexpr int k_clock_code_grid_rows = 18; // the band is the top k_clock_code_rows of this many rows
inline constexpr int k_clock_code_time_bits = 40;
inline constexpr std::uint8_t k_clock_code_black = 16; // limited-range luma
inline constexpr std::uint8_t k_clock_code_white = 235;

struct ClockCodeReading {
  std::uint64_t capture_ms_low40 = 0; // capture time mod 2^40 (see unwrap_clock_code_time)
  std::uint8_t sequence = 0;          // frame number mod 256
};

//! The 64 bits of rows 1-2: capture_ms mod 2^40, sequence, CRC-16.
std::uint64_t clock_code_word(std::uint64_t capture_ms, std::uint8_t sequence);

//! CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final xor).
std::uint16_t clock_code_crc16(const std::uint8_t* bytes, int count);

//! Height in pixels of the band for a frame of this height (the rows a drawer must keep free of other content).
int clock_code_band_height(int frame_height);

//! Draws the band into an 8-bit luma plane (the caller keeps the band's chroma neutral).
void draw_clock_code(std::uint8_t* luma, int stride, int width, int height, std::uint64_t capture_ms,
                     std::uint8_t sequence);

//! Reads the band from an 8-bit luma plane of any size; nullopt unless the reference row is clear, every data cell is
//! clearly black or white and the CRC matches.
std::optional<ClockCodeReading> read_clock_code(const std::uint8_t* luma, int stride, int width, int height);

//! The full capture time closest to now_ms whose low 40 bits are capture_ms_low40.
std::uint64_t unwrap_clock_code_time(std::uint64_t capture_ms_low40, std::uint64_t now_ms);

} // namespace argus::camsim
