#include "media/rtsp/rtp_reception_stats.hpp"

#include <algorithm>

namespace argus::media::rtsp {

void RtpReceptionStats::on_packet(std::uint32_t ssrc, std::uint16_t sequence) {
  if (!started_ || ssrc != ssrc_) {
    started_ = true;
    ssrc_ = ssrc;
    base_sequence_ = sequence;
    max_sequence_ = sequence;
    cycles_ = 0;
    received_ = 1;
    expected_prior_ = received_prior_ = 0;
    return;
  }
  ++received_;
  auto delta = static_cast<std::uint16_t>(sequence - max_sequence_);
  if (delta < 0x8000) {
    if (sequence < max_sequence_)
      cycles_ += 1u << 16;
    max_sequence_ = sequence;
  }
}

void RtpReceptionStats::on_sender_report(const SenderReport& report, std::int64_t now_ms) {
  last_sender_report_ = static_cast<std::uint32_t>(report.ntp >> 16);
  last_sender_report_ms_ = now_ms;
}

std::optional<ReportBlock> RtpReceptionStats::report(std::int64_t now_ms) {
  if (!started_)
    return std::nullopt;
  ReportBlock block;
  block.source_ssrc = ssrc_;
  std::uint32_t extended_max = cycles_ + max_sequence_;
  std::uint32_t expected = extended_max - base_sequence_ + 1;
  std::int64_t lost = static_cast<std::int64_t>(expected) - received_;
  block.cumulative_lost = static_cast<std::uint32_t>(std::clamp<std::int64_t>(lost, 0, 0x7fffff));
  std::uint32_t expected_interval = expected - expected_prior_;
  std::uint32_t received_interval = received_ - received_prior_;
  expected_prior_ = expected;
  received_prior_ = received_;
  if (expected_interval > received_interval && expected_interval > 0)
    block.fraction_lost = static_cast<std::uint8_t>(((expected_interval - received_interval) << 8) / expected_interval);
  block.extended_highest_sequence = extended_max;
  if (last_sender_report_ != 0) {
    block.last_sender_report = last_sender_report_;
    block.delay_since_last_sender_report = static_cast<std::uint32_t>((now_ms - last_sender_report_ms_) * 65536 / 1000);
  }
  return block;
}

} // namespace argus::media::rtsp
