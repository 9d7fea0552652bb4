#pragma once
// Which media of a DESCRIBE answer an RTSP recorder takes, and how: the first H.264/H.265 video (its parameter sets
// from sprop-parameter-sets / sprop-vps,sps,pps) and the first AAC audio (mpeg4-generic with an AudioSpecificConfig
// and AU headers). Decides what this reader refuses: no such video → SourceFailure unsupported_video; a video it
// cannot depacketize or timestamp correctly → RtspUnsupportedStream (the selector falls back to libavformat).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "media/media_types.hpp"
#include "media/rtsp/aac_depacketizer.hpp"
#include "media/sps_parser.hpp"

namespace argus::media::rtsp {

struct SessionDescription;

struct VideoSelection {
  VideoCodec codec = VideoCodec::h264;
  int payload_type = 0;
  int clock_rate = 90000;
  std::string control_url;
  std::vector<std::uint8_t> config;      // avcC/hvcC from the SDP; empty when it has no parameter sets
  std::optional<SequenceParameters> sps; // from the SDP's SPS
};

struct AudioSelection {
  AudioTrack track;
  AacDepacketizer::Config config;
  int payload_type = 0;
  int clock_rate = 0;
  std::string control_url;
};

struct TrackSelection {
  VideoSelection video;
  std::optional<AudioSelection> audio;
  std::string ignored_audio; // encodings of audio not recorded ("PCMU, MP4A-LATM"), for one log line
};

//! The tracks to set up; control URLs resolved against `base_url` (Content-Base, Content-Location or the request URL;
//! an absolute session-level control replaces it). Throws as said above.
TrackSelection select_tracks(const SessionDescription& sdp, const std::string& base_url);

//! Sample rate and channels of an ISO 14496-3 AudioSpecificConfig; nullopt when it is malformed.
std::optional<AudioTrack> audio_track_from_config(const std::vector<std::uint8_t>& audio_specific_config);

//! Throws RtspUnsupportedStream when the SPS says frames may be reordered.
void require_no_reordering(const std::optional<SequenceParameters>& sps);

} // namespace argus::media::rtsp
