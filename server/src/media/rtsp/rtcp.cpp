#include "media/rtsp/rtcp.hpp"

namespace argus::media::rtsp {
namespace {

std::uint32_t read_u32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

void put_u32(std::uint8_t* p, std::uint32_t value) {
  p[0] = static_cast<std::uint8_t>(value >> 24);
  p[1] = static_cast<std::uint8_t>(value >> 16);
  p[2] = static_cast<std::uint8_t>(value >> 8);
  p[3] = static_cast<std::uint8_t>(value);
}

} // namespace

std::optional<SenderReport> find_sender_report(std::span<const std::uint8_t> compound) {
  std::size_t at = 0;
  while (at + 4 <= compound.size()) {
    const auto* p = compound.data() + at;
    if ((p[0] >> 6) != 2)
      return std::nullopt;
    std::size_t size = 4 * (((std::size_t{p[2]} << 8) | p[3]) + 1);
    if (at + size > compound.size())
      return std::nullopt;
    if (p[1] == 200 && size >= 28) {
      SenderReport report;
      report.ssrc = read_u32(p + 4);
      report.ntp = (std::uint64_t{read_u32(p + 8)} << 32) | read_u32(p + 12);
      report.rtp_timestamp = read_u32(p + 16);
      return report;
    }
    at += size;
  }
  return std::nullopt;
}

std::size_t write_receiver_report(std::span<std::uint8_t> out, std::uint32_t own_ssrc,
                                  const std::optional<ReportBlock>& block, std::string_view cname) {
  std::size_t rr_size = 8 + (block ? 24 : 0);
  cname = cname.substr(0, 255);
  // SDES: header, SSRC, CNAME item (type, length, text), end (a zero byte), padded to 32 bits.
  std::size_t sdes_size = (8 + 2 + cname.size() + 1 + 3) / 4 * 4;
  if (out.size() < rr_size + sdes_size)
    return 0;
  auto* p = out.data();
  p[0] = static_cast<std::uint8_t>(0x80 | (block ? 1 : 0));
  p[1] = 201;
  p[2] = 0;
  p[3] = static_cast<std::uint8_t>(rr_size / 4 - 1);
  put_u32(p + 4, own_ssrc);
  if (block) {
    put_u32(p + 8, block->source_ssrc);
    put_u32(p + 12, (std::uint32_t{block->fraction_lost} << 24) | (block->cumulative_lost & 0xffffff));
    put_u32(p + 16, block->extended_highest_sequence);
    put_u32(p + 20, block->jitter);
    put_u32(p + 24, block->last_sender_report);
    put_u32(p + 28, block->delay_since_last_sender_report);
  }
  auto* s = p + rr_size;
  s[0] = 0x81;
  s[1] = 202;
  s[2] = 0;
  s[3] = static_cast<std::uint8_t>(sdes_size / 4 - 1);
  put_u32(s + 4, own_ssrc);
  s[8] = 1; // CNAME
  s[9] = static_cast<std::uint8_t>(cname.size());
  std::size_t at = 10;
  for (char c : cname)
    s[at++] = static_cast<std::uint8_t>(c);
  while (at < sdes_size)
    s[at++] = 0;
  return rr_size + sdes_size;
}

} // namespace argus::media::rtsp
