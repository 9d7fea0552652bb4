#pragma once
// The audio half of IngestSource (internal to ingest_source.cpp, hence the forward-declared FFmpeg types): picks the
// source's first AAC stream and puts its packets on the video's wall-clock anchored timeline. Other audio codecs
// (G.711, Opus, ...) are not recorded: one log line says so. docs/design/recording.md "Audio".
#include <cstdint>
#include <optional>
#include <string>

#include "media/audio_timeline.hpp"
#include "media/media_types.hpp"

struct AVFormatContext;
struct AVPacket;

namespace argus::media {

class IngestAudio {
public:
  //! Picks the first AAC stream with a usable AudioSpecificConfig and sample rate; nullopt when there is none.
  //! source_name (no credentials) is for the log line about audio that is not recorded.
  std::optional<AudioTrack> select(const AVFormatContext& format, const std::string& source_name);
  //! The selected stream's index, -1 when there is none.
  int stream_index() const { return stream_index_; }
  //! The packet (of the selected stream) as an audio EncodedPacket on the anchored timeline: video_offset_90k is what
  //! the rebaser added to the latest video packet's source timestamp, so that audio keeps the video's anchor; frames
  //! are placed by AudioTimeline (gapless, resynchronised only forward). nullopt for an empty packet.
  std::optional<EncodedPacket> packet(const AVPacket& av_packet, std::int64_t video_offset_90k);

private:
  int stream_index_ = -1;
  int time_base_num_ = 1;
  int time_base_den_ = 90000;
  int sample_rate_ = 0;
  AudioTimeline timeline_{0};
};

} // namespace argus::media
