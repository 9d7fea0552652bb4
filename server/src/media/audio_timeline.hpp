#pragma once
// Where each audio frame goes on the video's wall-clock anchored timeline (docs/design/recording.md "Audio"), for
// every ingest source: frames follow each other without gaps or overlap; a source time more than a tolerance ahead of
// where they end (lost audio) restarts them at that time, a source time behind them (RTP AAC packets carrying several
// frames with one timestamp, a clock set back) does not move them.
#include <cstdint>
#include <optional>
#include <span>

#include "media/media_types.hpp"

namespace argus::media {

class AudioTimeline {
public:
  explicit AudioTimeline(int sample_rate) : sample_rate_(sample_rate) {}

  //! The audio packet of the next frame (`frame_samples` samples, raw AAC `frame`) whose source time, on the anchored
  //! timeline, is anchored_90k (nullopt: unknown, it follows the previous frame). nullopt when it cannot be placed
  //! (no time and none before).
  std::optional<EncodedPacket> packet(std::optional<std::int64_t> anchored_90k, std::int64_t frame_samples,
                                      std::span<const std::uint8_t> frame);

private:
  int sample_rate_;
  bool started_ = false;
  std::int64_t origin_90k_ = 0; // dts of the first sample since the last resync
  std::int64_t samples_since_origin_ = 0;
};

} // namespace argus::media
