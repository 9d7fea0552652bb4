#pragma once
// Plain media types shared by ingest, fragmenter, recorder and (next) the live hub. No FFmpeg types here.
#include <cstdint>
#include <string>
#include <vector>

namespace argus::media {

constexpr std::int64_t k_timescale = 90000; // every timestamp in media/ is in 90 kHz ticks (_90k)

enum class VideoCodec { h264, h265 };

//! What an ingest source delivers; extradata is always avcC (H.264) or hvcC (H.265) — Annex-B parameter sets are
//! converted at the ingest boundary.
struct StreamInfo {
  VideoCodec codec = VideoCodec::h264;
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> extradata;

  //! RFC 6381 codec string for HLS/MSE, e.g. avc1.64001f or hvc1.1.6.L93.B0.
  std::string codec_string() const;
  //! False for H.265 (most browsers cannot decode it).
  bool browser_playable() const { return codec == VideoCodec::h264; }
};

//! One access unit. data is AVCC/HVCC (4-byte big-endian length-prefixed NAL units). Timestamps are on the source's
//! wall-clock anchored timeline: dts_90k / 90 is UTC milliseconds, never decreasing.
struct EncodedPacket {
  std::int64_t pts_90k = 0;
  std::int64_t dts_90k = 0;
  std::int64_t duration_90k = 0; // 0 when unknown
  bool keyframe = false;
  bool clock_reset = false; // the source's clock jumped here: timestamps were re-anchored (a new recording run)
  std::vector<std::uint8_t> data;
};

//! Converts 90 kHz ticks of the wall-clock anchored timeline to UTC milliseconds.
constexpr std::int64_t ticks_to_ms(std::int64_t ticks_90k) {
  return ticks_90k / 90;
}

} // namespace argus::media
