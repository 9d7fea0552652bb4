#pragma once
// Gathers the RTP packets of a video stream into access units: the depacketizer writes every packet's NAL units into
// one reused buffer; the access unit is complete on the marker bit (delivered at once: live viewers get it without
// waiting for the next frame) or when a packet with another timestamp arrives. A sequence number gap, a broken
// fragment or aggregate damages the access unit(s) it touches, which are dropped; one beyond max_bytes is dropped
// and so is everything after it until a keyframe. A completed access unit is copied once into a vector of its exact
// size (the one allocation per frame; the fragmenter keeps a GOP of them, so spare capacity would be kept too).
// A packet with the timestamp of an access unit already completed by its marker comes too late to be part of it
// (a sender setting the marker on a slice, not on the frame's last packet): it is dropped, never made a frame of
// its own with the same timestamp.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "media/media_types.hpp"

namespace argus::media::rtsp {

class VideoDepacketizer;
struct RtpPacket;

struct AccessUnit {
  std::vector<std::uint8_t> data; // 4-byte length-prefixed NAL units
  std::uint32_t rtp_timestamp = 0;
  bool keyframe = false;
};

class AccessUnitAssembler {
public:
  AccessUnitAssembler(VideoCodec codec, VideoDepacketizer& depacketizer, std::size_t max_bytes = 8 << 20);

  //! Takes the next packet of the stream; completed access units are appended to `completed`.
  void push(const RtpPacket& packet, std::vector<AccessUnit>& completed);
  //! True while an access unit has packets and no end yet (more of its packets are due).
  bool in_progress() const { return in_progress_; }
  //! Access units dropped so far (damaged, too large, waiting for a keyframe).
  std::uint64_t dropped() const { return dropped_; }
  //! Access units dropped for exceeding max_bytes.
  std::uint64_t oversized() const { return oversized_; }
  //! Packets dropped because their access unit had already been completed by its marker bit.
  std::uint64_t late_packets() const { return late_packets_; }

private:
  void finish(std::vector<AccessUnit>& completed);

  VideoCodec codec_;
  VideoDepacketizer& depacketizer_;
  std::size_t max_bytes_;
  std::vector<std::uint8_t> buffer_;
  bool started_ = false;
  std::uint16_t expected_sequence_ = 0;
  bool in_progress_ = false;
  std::uint32_t timestamp_ = 0;
  bool finished_any_ = false;
  std::uint32_t finished_timestamp_ = 0; // of the last access unit completed
  bool damaged_ = false;
  bool oversize_ = false;
  bool waiting_for_keyframe_ = false;
  std::uint64_t dropped_ = 0;
  std::uint64_t oversized_ = 0;
  std::uint64_t late_packets_ = 0;
};

} // namespace argus::media::rtsp
