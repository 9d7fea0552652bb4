#pragma once
// What a receiver report says about one RTP source (RFC 3550 §6.4.1, appendix A.3): extended highest sequence
// number, packets lost in all and since the last report, and the last sender report's time and age. No jitter: over
// TCP it measures the connection, not the network path it is meant for.
#include <cstdint>

#include "media/rtsp/rtcp.hpp"

namespace argus::media::rtsp {

class RtpReceptionStats {
public:
  //! A packet with this SSRC and sequence number arrived.
  void on_packet(std::uint32_t ssrc, std::uint16_t sequence);
  //! A sender report arrived at `now_ms` (a steady clock).
  void on_sender_report(const SenderReport& report, std::int64_t now_ms);
  //! The report block for the next receiver report (nullopt before any packet); starts a new reporting interval.
  std::optional<ReportBlock> report(std::int64_t now_ms);

private:
  bool started_ = false;
  std::uint32_t ssrc_ = 0;
  std::uint32_t base_sequence_ = 0;
  std::uint32_t cycles_ = 0; // count of sequence number wraps, << 16
  std::uint16_t max_sequence_ = 0;
  std::uint32_t received_ = 0;
  std::uint32_t expected_prior_ = 0;
  std::uint32_t received_prior_ = 0;
  std::uint32_t last_sender_report_ = 0;
  std::int64_t last_sender_report_ms_ = 0;
};

} // namespace argus::media::rtsp
