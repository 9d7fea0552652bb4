#include "media/rtsp/video_depacketizer.hpp"

namespace argus::media::rtsp {

void append_nal_unit(std::vector<std::uint8_t>& access_unit, std::span<const std::uint8_t> nal) {
  auto size = static_cast<std::uint32_t>(nal.size());
  const std::uint8_t prefix[4] = {static_cast<std::uint8_t>(size >> 24), static_cast<std::uint8_t>(size >> 16),
                                  static_cast<std::uint8_t>(size >> 8), static_cast<std::uint8_t>(size)};
  access_unit.insert(access_unit.end(), prefix, prefix + 4);
  access_unit.insert(access_unit.end(), nal.begin(), nal.end());
}

} // namespace argus::media::rtsp
