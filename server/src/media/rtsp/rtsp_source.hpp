#pragma once
// PacketSource for rtsp:// cameras without FFmpeg: an RtspSession (RTSP over TCP, interleaved RTP) read in large
// buffered reads, RTP depacketized straight into length-prefixed access units (H.264, H.265) and raw AAC frames,
// timestamps from the RTP clock rebased onto the wall-clock anchored timeline exactly like IngestSource
// (TimestampRebaser; audio on the video's anchor through AudioClockMapper and AudioTimeline). Starts at the first
// keyframe. Failures throw SourceFailure with the API's reasons; a stream it cannot record correctly (reordered
// frames, found in the SDP's SPS or at run time) throws RtspUnsupportedStream, and the source selector records it
// through IngestSource instead. Design: docs/design/recording.md "Connecting" and "Cost".
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "media/packet_source.hpp"

namespace argus::media::rtsp {

struct RtspOptions {
  std::chrono::milliseconds open_timeout{10'000}; // connect + handshake + first keyframe
  //! Per video packet: longer without one is a stall (no_video).
  std::chrono::milliseconds read_timeout{kVideoStallTimeout};
  //! After a wake-up that left an access unit incomplete, wait this long before reading again, so that the rest of
  //! the frame's packets (sent in a burst) come in one read instead of one wake-up each. 0: off. 2 ms is the measured
  //! knee (docs/design/recording.md "Cost": 300 → 124 syscalls per camera-second over a paced link).
  std::chrono::microseconds gather{2'000};
  std::chrono::milliseconds receiver_report_interval{5'000};
  std::size_t max_access_unit_bytes = 8 << 20; // larger: dropped, and the frames after it until a keyframe
};

//! What an RtspSource did so far (cost figures and tests).
struct RtspCounters {
  std::uint64_t wakeups = 0;       // polls that returned with bytes
  std::uint64_t receive_calls = 0; // recv calls
  std::uint64_t rtp_packets = 0;
  std::uint64_t access_units = 0; // video packets delivered
  std::uint64_t dropped_access_units = 0;
};

class RtspSource : public PacketSource {
public:
  RtspSource(std::string url, RtspOptions options = {}, std::function<std::int64_t()> wall_ms = nullptr);
  ~RtspSource() override;

  void open() override;
  const StreamInfo& info() const override;
  std::optional<EncodedPacket> read() override;
  void interrupt() override;
  RtspCounters counters() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace argus::media::rtsp
