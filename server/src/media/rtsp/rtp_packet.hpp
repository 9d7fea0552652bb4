#pragma once
// An RTP packet's fixed header (RFC 3550 §5.1) read in place: CSRCs, the header extension and padding are skipped, the
// payload is a view into the packet.
#include <cstdint>
#include <optional>
#include <span>

namespace argus::media::rtsp {

struct RtpPacket {
  bool marker = false;
  int payload_type = 0;
  std::uint16_t sequence = 0;
  std::uint32_t timestamp = 0;
  std::uint32_t ssrc = 0;
  std::span<const std::uint8_t> payload;

  //! nullopt when it is not RTP version 2 or its lengths do not add up.
  static std::optional<RtpPacket> parse(std::span<const std::uint8_t> data);
};

} // namespace argus::media::rtsp
