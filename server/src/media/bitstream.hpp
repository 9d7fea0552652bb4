#pragma once
// H.264/H.265 bitstream helpers: Annex-B ↔ length-prefixed conversion and avcC/hvcC construction from parameter sets.
// Pure functions on bytes (no FFmpeg), shared by ingest and tests.
#include <cstdint>
#include <span>
#include <vector>

#include "media/media_types.hpp"

namespace argus::media {

//! True when data starts with an Annex-B start code (00 00 01 or 00 00 00 01).
bool is_annex_b(std::span<const std::uint8_t> data);
//! The NAL units of an Annex-B buffer, without start codes.
std::vector<std::span<const std::uint8_t>> split_annex_b(std::span<const std::uint8_t> data);
//! Annex-B → 4-byte length-prefixed NAL units.
std::vector<std::uint8_t> annex_b_to_length_prefixed(std::span<const std::uint8_t> data);
//! Builds an avcC record from Annex-B SPS/PPS; empty when there is no SPS or PPS.
std::vector<std::uint8_t> avcc_from_annex_b(std::span<const std::uint8_t> parameter_sets);
//! Builds an hvcC record from Annex-B VPS/SPS/PPS; empty when one is missing.
std::vector<std::uint8_t> hvcc_from_annex_b(std::span<const std::uint8_t> parameter_sets);
//! The NAL units of a 4-byte length-prefixed access unit (up to the first truncated one).
std::vector<std::span<const std::uint8_t>> split_length_prefixed(std::span<const std::uint8_t> length_prefixed);
//! The parameter set NAL units (H.264 SPS/PPS; H.265 VPS/SPS/PPS) an access unit carries in-band, in order.
std::vector<std::span<const std::uint8_t>> parameter_sets_in_access_unit(VideoCodec codec,
                                                                         std::span<const std::uint8_t> length_prefixed);
//! The avcC/hvcC record built from an access unit's in-band parameter sets; empty when one is missing.
std::vector<std::uint8_t> config_from_access_unit(VideoCodec codec, std::span<const std::uint8_t> length_prefixed);
//! The parameter set NAL units listed in an avcC/hvcC record, in record order (empty when it is malformed).
std::vector<std::span<const std::uint8_t>> parameter_sets_in_config(VideoCodec codec,
                                                                    std::span<const std::uint8_t> config);
//! True when a length-prefixed H.264/H.265 access unit holds an IDR/IRAP NAL unit.
bool contains_keyframe(VideoCodec codec, std::span<const std::uint8_t> length_prefixed);

} // namespace argus::media
