#pragma once
// Reads what ingest needs from an H.264 or H.265 sequence parameter set without decoding anything: the displayed
// picture size (coded size minus cropping) and whether frames can be reordered (B-frames). Lets an RTSP source whose
// SDP carries the parameter sets start without probing (docs/design/recording.md "Connecting"). Pure function on
// bytes, no FFmpeg.
#include <cstdint>
#include <optional>
#include <span>

#include "media/media_types.hpp"

namespace argus::media {

struct SequenceParameters {
  int width = 0;
  int height = 0;
  //! Frames a decoder may have to hold back for reordering (0: decode order is presentation order); nullopt when the
  //! SPS does not say (H.264 without VUI bitstream_restriction).
  std::optional<int> max_reorder_frames;
};

//! Parses one SPS NAL unit (with its NAL header, emulation prevention bytes included, no start code). nullopt when it
//! is not an SPS of that codec or is truncated or malformed.
std::optional<SequenceParameters> parse_sps(VideoCodec codec, std::span<const std::uint8_t> nal);

} // namespace argus::media
