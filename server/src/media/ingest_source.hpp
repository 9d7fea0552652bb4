#pragma once
// PacketSource on libavformat: RTSP over TCP (or any URL/file FFmpeg opens), with socket timeouts and an interrupt
// callback (stop flag + per-call deadline) so that a dead or garbage-talking server never hangs the caller. An RTSP
// source whose SDP carries usable parameter sets starts without probing; anything else is probed. Drops packets until
// the first keyframe, converts Annex-B to length-prefixed samples and avcC/hvcC, fills missing timestamps and rebases
// them onto the wall-clock anchored timeline. The first AAC audio stream, if any, comes along (StreamInfo::audio,
// packets marked MediaTrack::audio on the video's anchor; ingest_audio.hpp). Failures throw SourceFailure with the
// reason the API shows (docs/design/recording.md "Camera status"); a stream without H.264/H.265 video fails before
// anything is delivered. FFmpeg types stay in the .cpp.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "media/packet_source.hpp"

namespace argus::media {

struct IngestOptions {
  std::chrono::milliseconds open_timeout{10'000}; // connect + describe + first keyframe
  //! Per video packet: longer without one is a stall (no_video).
  std::chrono::milliseconds read_timeout{kVideoStallTimeout};
  //! After an RTSP open fails in a way libavformat cannot explain, at most this long to find out why
  //! (rtsp_diagnosis.hpp).
  std::chrono::milliseconds diagnosis_timeout{3'000};
  bool realtime = false; // pace file input at its frame rate (tests and benchmarks); RTSP is paced by the camera
};

class IngestSource : public PacketSource {
public:
  IngestSource(std::string url, IngestOptions options = {},
               std::function<std::int64_t()> wall_ms = nullptr);
  ~IngestSource() override;

  void open() override;
  const StreamInfo& info() const override;
  std::optional<EncodedPacket> read() override;
  void interrupt() override;
  //! After open(): whether the stream had to be probed (avformat_find_stream_info) rather than started from the
  //! parameter sets of its SDP (docs/design/recording.md "Connecting").
  bool probed() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace argus::media
