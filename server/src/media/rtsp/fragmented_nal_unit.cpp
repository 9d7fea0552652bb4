#include "media/rtsp/fragmented_nal_unit.hpp"

namespace argus::media::rtsp {

bool FragmentedNalUnit::start(std::vector<std::uint8_t>& access_unit, std::span<const std::uint8_t> header) {
  if (open_)
    return false;
  open_ = true;
  prefix_at_ = access_unit.size();
  const std::uint8_t placeholder[4] = {};
  access_unit.insert(access_unit.end(), placeholder, placeholder + 4);
  access_unit.insert(access_unit.end(), header.begin(), header.end());
  return true;
}

bool FragmentedNalUnit::add(std::vector<std::uint8_t>& access_unit, std::span<const std::uint8_t> data) {
  if (!open_ || access_unit.size() < prefix_at_ + 4)
    return false;
  access_unit.insert(access_unit.end(), data.begin(), data.end());
  return true;
}

bool FragmentedNalUnit::end(std::vector<std::uint8_t>& access_unit) {
  if (!open_ || access_unit.size() < prefix_at_ + 4)
    return false;
  open_ = false;
  auto size = static_cast<std::uint32_t>(access_unit.size() - prefix_at_ - 4);
  access_unit[prefix_at_] = static_cast<std::uint8_t>(size >> 24);
  access_unit[prefix_at_ + 1] = static_cast<std::uint8_t>(size >> 16);
  access_unit[prefix_at_ + 2] = static_cast<std::uint8_t>(size >> 8);
  access_unit[prefix_at_ + 3] = static_cast<std::uint8_t>(size);
  return true;
}

} // namespace argus::media::rtsp
