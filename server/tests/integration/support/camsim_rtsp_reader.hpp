#pragma once
// Reading camsim's RTSP streams in tests, like the ingest does (libavformat over RTSP/TCP): packets of the video stream
// with their timestamps, keyframe flags, in-band SPS size and camsim's timestamp SEI, and what a URL carries (audio
// stream and packet counts). Used by camsim_test.cpp and camsim_audio_test.cpp.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include <libavcodec/codec_id.h>
struct AVCodecParameters;
struct AVFormatContext;
}

namespace argus::testing {

//! One packet of the video stream.
struct CamsimPacket {
  std::int64_t pts_us = 0;
  bool keyframe = false;
  bool has_timestamp_sei = false;
  int sps_width = 0; // from an in-band H.264 SPS in the packet, 0 without one
  int sps_height = 0;
};

//! One RTSP client: opens the URL like the ingest does (TCP interleaved) and reads packets of the video stream.
class RtspReader {
public:
  RtspReader() = default;
  RtspReader(const RtspReader&) = delete;
  RtspReader& operator=(const RtspReader&) = delete;
  ~RtspReader();
  //! Returns 0 or an AVERROR.
  int open(const std::string& url);
  const AVCodecParameters& codec() const;
  //! Reads for `duration` or until an error; returns the last av_read_frame result (0 when time ran out, also while
  //! waiting for a packet that does not come).
  int read_for(std::chrono::milliseconds duration, std::vector<CamsimPacket>& packets);

private:
  static int interrupted(void* self);

  AVFormatContext* context_ = nullptr;
  int stream_ = -1;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max(); // of read_for
};

//! The video stream of a URL read for a while.
struct StreamCheck {
  int width = 0;
  int height = 0;
  AVCodecID codec = AV_CODEC_ID_NONE;
  std::vector<CamsimPacket> packets;
  int open_rc = 0;
};

//! Opens url (TCP interleaved) and reads its video packets for duration.
StreamCheck read_stream(const std::string& url, std::chrono::milliseconds duration);

//! Asserts a camsim camera stream: codec and size, ≥ 30 packets, strictly increasing PTS without jumps (the clip's
//! loop point must not show), keyframes at most 2.5 s apart, each with camsim's timestamp SEI.
void expect_camera_stream(const StreamCheck& check, int width, int height, AVCodecID codec = AV_CODEC_ID_H264);

//! What an RTSP URL carries, read for a while like the ingest does (TCP): its audio stream and packet counts.
struct AudioVideoCheck {
  int open_rc = 0;
  int streams = 0;
  AVCodecID audio_codec = AV_CODEC_ID_NONE;
  int sample_rate = 0;
  int channels = 0;
  int audio_config_bytes = 0;
  int video_packets = 0;
  int audio_packets = 0;
  double video_first_s = -1; // pts of the first packet of each, on libavformat's common RTSP clock
  double audio_first_s = -1;
};

AudioVideoCheck read_audio_and_video(const std::string& url, std::chrono::milliseconds duration);

} // namespace argus::testing
