#include "media/audio_timeline.hpp"

namespace argus::media {
namespace {

// Source timestamps further than this ahead of where the previous samples end mean lost audio: resynchronise there.
constexpr std::int64_t k_resync_tolerance_90k = 9000; // 100 ms

std::int64_t samples_to_90k(std::int64_t samples, int sample_rate) {
  return (samples * 90000 + sample_rate / 2) / sample_rate; // rounded to nearest, as av_rescale does
}

} // namespace

std::optional<EncodedPacket> AudioTimeline::packet(std::optional<std::int64_t> anchored_90k, std::int64_t frame_samples,
                                                   std::span<const std::uint8_t> frame) {
  if (sample_rate_ <= 0)
    return std::nullopt;
  auto expected_90k = origin_90k_ + samples_to_90k(samples_since_origin_, sample_rate_);
  if (anchored_90k) {
    // Only forward: a source behind the frames (several frames per RTP packet share its timestamp; a clock set back)
    // keeps them back to back, since a frame placed earlier would overlap the ones already delivered.
    if (!started_ || *anchored_90k - expected_90k > k_resync_tolerance_90k) {
      origin_90k_ = *anchored_90k;
      samples_since_origin_ = 0;
      expected_90k = origin_90k_;
      started_ = true;
    }
  } else if (!started_) {
    return std::nullopt; // nothing to place it by yet
  }
  samples_since_origin_ += frame_samples;
  EncodedPacket out;
  out.track = MediaTrack::audio;
  out.keyframe = true;
  out.dts_90k = expected_90k;
  out.pts_90k = expected_90k;
  out.duration_90k = origin_90k_ + samples_to_90k(samples_since_origin_, sample_rate_) - expected_90k;
  out.data.assign(frame.begin(), frame.end());
  return out;
}

} // namespace argus::media
