#include "media/rtsp/rtp_packet.hpp"

namespace argus::media::rtsp {

std::optional<RtpPacket> RtpPacket::parse(std::span<const std::uint8_t> data) {
  constexpr std::size_t k_fixed_header = 12;
  if (data.size() < k_fixed_header || (data[0] >> 6) != 2)
    return std::nullopt;
  RtpPacket out;
  bool padding = data[0] & 0x20;
  bool extension = data[0] & 0x10;
  std::size_t csrc_count = data[0] & 0x0f;
  out.marker = data[1] & 0x80;
  out.payload_type = data[1] & 0x7f;
  out.sequence = static_cast<std::uint16_t>((data[2] << 8) | data[3]);
  out.timestamp =
      (std::uint32_t{data[4]} << 24) | (std::uint32_t{data[5]} << 16) | (std::uint32_t{data[6]} << 8) | data[7];
  out.ssrc =
      (std::uint32_t{data[8]} << 24) | (std::uint32_t{data[9]} << 16) | (std::uint32_t{data[10]} << 8) | data[11];
  std::size_t start = k_fixed_header + 4 * csrc_count;
  if (extension) {
    if (data.size() < start + 4)
      return std::nullopt;
    start += 4 + 4 * ((std::size_t{data[start + 2]} << 8) | data[start + 3]);
  }
  std::size_t end = data.size();
  if (padding) {
    if (end == 0 || data[end - 1] == 0 || data[end - 1] > end)
      return std::nullopt;
    end -= data[end - 1];
  }
  if (start > end)
    return std::nullopt;
  out.payload = data.subspan(start, end - start);
  return out;
}

} // namespace argus::media::rtsp
