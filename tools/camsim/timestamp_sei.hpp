#pragma once
// The SEI NAL unit camsim puts before every keyframe's first slice so that a player can measure latency:
// user_data_unregistered (payload type 5) with k_timestamp_sei_uuid followed by the send time as 8 bytes big-endian,
// microseconds since the Unix epoch. Emulation prevention bytes are inserted as H.264/H.265 require. H.264: NAL type 6;
// H.265: prefix SEI, NAL type 39 (2-byte header); the payload is the same.
#include <array>
#include <cstdint>
#include <vector>

namespace argus::camsim {

enum class ClipCodec; // footage_clip.hpp

//! a7c3f0d2-5e1b-4c8a-9f6e-2b4d8c1e7a90
inline constexpr std::array<std::uint8_t, 16> k_timestamp_sei_uuid = {0xa7, 0xc3, 0xf0, 0xd2, 0x5e, 0x1b, 0x4c, 0x8a,
                                                                      0x9f, 0x6e, 0x2b, 0x4d, 0x8c, 0x1e, 0x7a, 0x90};

//! The complete NAL unit with its 4-byte Annex-B start code.
std::vector<std::uint8_t> make_timestamp_sei(std::uint64_t unix_time_us, ClipCodec codec);

} // namespace argus::camsim
