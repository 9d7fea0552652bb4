#include "media/rtsp/h265_depacketizer.hpp"

namespace argus::media::rtsp {
namespace {

constexpr int k_aggregation = 48;
constexpr int k_fragmentation = 49;
constexpr std::size_t k_header = 2; // NAL unit header / payload header

} // namespace

VideoDepacketizer::Result H265Depacketizer::append(std::span<const std::uint8_t> payload,
                                                   std::vector<std::uint8_t>& access_unit) {
  if (payload.size() < k_header)
    return Result::skipped;
  int type = (payload[0] >> 1) & 0x3f;
  if (type < k_aggregation) {
    if (fragment_.open())
      return Result::broken;
    append_nal_unit(access_unit, payload);
    return Result::appended;
  }
  if (type == k_aggregation) {
    if (fragment_.open())
      return Result::broken;
    std::size_t at = k_header;
    while (at + 2 <= payload.size()) {
      std::size_t size = (std::size_t{payload[at]} << 8) | payload[at + 1];
      if (size < k_header || at + 2 + size > payload.size())
        return Result::broken;
      at += 2 + size;
    }
    if (at != payload.size())
      return Result::broken;
    for (at = k_header; at < payload.size();) {
      std::size_t size = (std::size_t{payload[at]} << 8) | payload[at + 1];
      append_nal_unit(access_unit, payload.subspan(at + 2, size));
      at += 2 + size;
    }
    return Result::appended;
  }
  if (type == k_fragmentation) {
    if (payload.size() < k_header + 1)
      return Result::broken;
    std::uint8_t fu = payload[2];
    bool start = fu & 0x80;
    bool end = fu & 0x40;
    if (start) {
      // The unit's header: the payload header with the FU's type in place of 49.
      const std::uint8_t header[2] = {static_cast<std::uint8_t>((payload[0] & 0x81) | ((fu & 0x3f) << 1)), payload[1]};
      if (!fragment_.start(access_unit, header))
        return Result::broken;
    }
    if (!fragment_.add(access_unit, payload.subspan(k_header + 1)))
      return Result::broken;
    if (end && !fragment_.end(access_unit))
      return Result::broken;
    return Result::appended;
  }
  return Result::skipped; // PACI (50), reserved
}

} // namespace argus::media::rtsp
