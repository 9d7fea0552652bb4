#include "media/fragment_bytes.hpp"

namespace argus::media {

std::size_t FragmentBytes::payload_size() const {
  std::size_t size = 0;
  for (const auto& sample : samples)
    size += sample->data.size();
  return size;
}

std::vector<std::uint8_t> FragmentBytes::contiguous() const {
  std::vector<std::uint8_t> out;
  append_to(out);
  return out;
}

void FragmentBytes::append_to(std::vector<std::uint8_t>& out) const {
  out.reserve(out.size() + size());
  for_each_piece([&out](std::span<const std::uint8_t> piece) { out.insert(out.end(), piece.begin(), piece.end()); });
}

} // namespace argus::media
