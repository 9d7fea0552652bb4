#include "media/rtsp/access_unit_assembler.hpp"

#include "media/bitstream.hpp"
#include "media/rtsp/rtp_packet.hpp"
#include "media/rtsp/video_depacketizer.hpp"

namespace argus::media::rtsp {

AccessUnitAssembler::AccessUnitAssembler(VideoCodec codec, VideoDepacketizer& depacketizer, std::size_t max_bytes)
    : codec_(codec), depacketizer_(depacketizer), max_bytes_(max_bytes) {}

void AccessUnitAssembler::push(const RtpPacket& packet, std::vector<AccessUnit>& completed) {
  bool gap = false;
  if (started_ && packet.sequence != expected_sequence_) {
    if (static_cast<std::uint16_t>(packet.sequence - expected_sequence_) >= 0x8000)
      return; // a duplicate or late packet: its place has passed
    gap = true;
    if (in_progress_)
      damaged_ = true; // it may have lost its end
    depacketizer_.reset();
  }
  started_ = true;
  expected_sequence_ = static_cast<std::uint16_t>(packet.sequence + 1);
  if (in_progress_ && packet.timestamp != timestamp_)
    finish(completed); // the previous one ended without a marker
  if (!in_progress_ && finished_any_ && packet.timestamp == finished_timestamp_) {
    ++late_packets_;
    return;
  }
  if (!in_progress_) {
    in_progress_ = true;
    timestamp_ = packet.timestamp;
    damaged_ = gap; // it may have lost its start
    buffer_.clear();
  }
  if (!damaged_) {
    if (depacketizer_.append(packet.payload, buffer_) == VideoDepacketizer::Result::broken) {
      damaged_ = true;
      depacketizer_.reset();
    } else if (buffer_.size() > max_bytes_) {
      damaged_ = true;
      oversize_ = true;
      depacketizer_.reset();
      buffer_.clear();
    }
  }
  if (packet.marker)
    finish(completed);
}

void AccessUnitAssembler::finish(std::vector<AccessUnit>& completed) {
  if (depacketizer_.fragment_open()) {
    damaged_ = true;
    depacketizer_.reset();
  }
  bool keyframe = !damaged_ && !buffer_.empty() && contains_keyframe(codec_, buffer_);
  if (oversize_) {
    ++oversized_;
    waiting_for_keyframe_ = true; // the frames after it refer to it
  }
  if (damaged_ || (waiting_for_keyframe_ && !keyframe)) {
    ++dropped_;
  } else if (!buffer_.empty()) {
    waiting_for_keyframe_ = false;
    completed.push_back({std::vector<std::uint8_t>(buffer_.begin(), buffer_.end()), timestamp_, keyframe});
  }
  in_progress_ = false;
  damaged_ = false;
  oversize_ = false;
  finished_any_ = true;
  finished_timestamp_ = timestamp_;
}

} // namespace argus::media::rtsp
