#include "media/rtsp/h264_depacketizer.hpp"

namespace argus::media::rtsp {
namespace {

constexpr int k_stap_a = 24;
constexpr int k_fu_a = 28;

} // namespace

VideoDepacketizer::Result H264Depacketizer::append(std::span<const std::uint8_t> payload,
                                                   std::vector<std::uint8_t>& access_unit) {
  if (payload.empty())
    return Result::skipped;
  int type = payload[0] & 0x1f;
  if (type >= 1 && type <= 23) {
    if (fragment_.open())
      return Result::broken; // a fragmented unit never ended
    append_nal_unit(access_unit, payload);
    return Result::appended;
  }
  if (type == k_stap_a) {
    if (fragment_.open())
      return Result::broken;
    // Check the whole aggregate before writing any of it: a truncated one is damage, not a shorter unit.
    std::size_t at = 1;
    while (at + 2 <= payload.size()) {
      std::size_t size = (std::size_t{payload[at]} << 8) | payload[at + 1];
      if (size == 0 || at + 2 + size > payload.size())
        return Result::broken;
      at += 2 + size;
    }
    if (at != payload.size())
      return Result::broken;
    for (at = 1; at < payload.size();) {
      std::size_t size = (std::size_t{payload[at]} << 8) | payload[at + 1];
      append_nal_unit(access_unit, payload.subspan(at + 2, size));
      at += 2 + size;
    }
    return Result::appended;
  }
  if (type == k_fu_a) {
    if (payload.size() < 2)
      return Result::broken;
    bool start = payload[1] & 0x80;
    bool end = payload[1] & 0x40;
    auto data = payload.subspan(2);
    if (start) {
      const std::uint8_t header = static_cast<std::uint8_t>((payload[0] & 0xe0) | (payload[1] & 0x1f));
      if (!fragment_.start(access_unit, {&header, 1}))
        return Result::broken;
    }
    if (!fragment_.add(access_unit, data))
      return Result::broken;
    if (end && !fragment_.end(access_unit))
      return Result::broken;
    return Result::appended;
  }
  return Result::skipped; // 0, STAP-B (25), MTAP16/24 (26, 27), FU-B (29), reserved (30, 31)
}

} // namespace argus::media::rtsp
