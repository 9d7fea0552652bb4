#pragma once
// Plain media types shared by ingest, fragmenter, recorder and (next) the live hub. No FFmpeg types here.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace argus::media {

constexpr std::int64_t k_timescale = 90000; // every timestamp in media/ is in 90 kHz ticks (_90k)
// fMP4 track ids: fmp4_writer writes them, readers pick the video track by its id.
constexpr std::uint32_t k_video_track_id = 1;
constexpr std::uint32_t k_audio_track_id = 2; // only when the stream has audio

enum class VideoCodec { h264, h265 };

//! A camera's microphone as recorded: AAC (any object type; cameras send AAC-LC), never transcoded.
struct AudioTrack {
  int sample_rate = 0; // Hz; the track's MP4 timescale
  int channels = 0;
  std::vector<std::uint8_t> audio_specific_config; // ISO 14496-3 AudioSpecificConfig (the esds DecoderSpecificInfo)

  //! RFC 6381 codec string, e.g. mp4a.40.2 (AAC-LC): the object type from the AudioSpecificConfig.
  std::string codec_string() const;
};

//! What an ingest source delivers; extradata is always avcC (H.264) or hvcC (H.265) — Annex-B parameter sets are
//! converted at the ingest boundary.
struct StreamInfo {
  VideoCodec codec = VideoCodec::h264;
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> extradata;
  std::optional<AudioTrack> audio =
      std::nullopt; // the source's first AAC stream, if any (docs/design/recording.md "Audio")

  //! RFC 6381 codecs for HLS/MSE: the video's (avc1.64001f, hvc1.1.6.L93.B0), then the audio's when there is
  //! audio ("avc1.64001f,mp4a.40.2").
  std::string codec_string() const;
  //! The video codec alone.
  std::string video_codec_string() const;
  //! False for H.265 (most browsers cannot decode it).
  bool browser_playable() const { return codec == VideoCodec::h264; }
};

enum class MediaTrack { video, audio };

//! One access unit. Video data is AVCC/HVCC (4-byte big-endian length-prefixed NAL units), audio data one raw AAC
//! frame. Timestamps are on the source's wall-clock anchored timeline (audio on the same anchor as video): dts_90k / 90
//! is UTC milliseconds, never decreasing within a track.
struct EncodedPacket {
  MediaTrack track = MediaTrack::video;
  std::int64_t pts_90k = 0;
  std::int64_t dts_90k = 0;
  std::int64_t duration_90k = 0; // 0 when unknown
  bool keyframe = false;
  bool clock_reset = false; // the source's clock jumped here: timestamps were re-anchored (a new recording run)
  std::vector<std::uint8_t> data;
};

//! A packet as the recorder shares it: ingest's buffer wrapped once, then referenced (never copied) by the frames
//! transport, the fragmenter's open GOP, the live parts and the GOP fragment written to the chunk file.
using SharedPacket = std::shared_ptr<const EncodedPacket>;

//! Converts 90 kHz ticks of the wall-clock anchored timeline to UTC milliseconds.
constexpr std::int64_t ticks_to_ms(std::int64_t ticks_90k) {
  return ticks_90k / 90;
}

} // namespace argus::media
