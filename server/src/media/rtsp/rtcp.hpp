#pragma once
// The RTCP (RFC 3550 §6) a receiving client needs: the sender reports in a compound packet (NTP ↔ RTP time, to put
// audio and video on one clock) and the receiver report it sends back (some cameras stop streaming without them).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace argus::media::rtsp {

struct SenderReport {
  std::uint32_t ssrc = 0;
  std::uint64_t ntp = 0; // 32.32 fixed point seconds since 1900
  std::uint32_t rtp_timestamp = 0;
};

//! The first sender report (PT 200) of a compound RTCP packet, or nullopt.
std::optional<SenderReport> find_sender_report(std::span<const std::uint8_t> compound);

struct ReportBlock {
  std::uint32_t source_ssrc = 0;
  std::uint8_t fraction_lost = 0;
  std::uint32_t cumulative_lost = 0; // 24 bits
  std::uint32_t extended_highest_sequence = 0;
  std::uint32_t jitter = 0;
  std::uint32_t last_sender_report = 0;             // middle 32 bits of the last SR's NTP time, 0 when none
  std::uint32_t delay_since_last_sender_report = 0; // 1/65536 s
};

//! Writes a compound RTCP packet — receiver report (PT 201) with `block` when given, then SDES with a CNAME — into
//! `out`; returns its size, 0 when `out` is too small (64 bytes are enough for a CNAME of up to 20 bytes).
std::size_t write_receiver_report(std::span<std::uint8_t> out, std::uint32_t own_ssrc,
                                  const std::optional<ReportBlock>& block, std::string_view cname);

} // namespace argus::media::rtsp
