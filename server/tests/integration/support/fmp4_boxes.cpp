#include "support/fmp4_boxes.hpp"

namespace argus::testing {

std::string box_type(const std::string& bytes) {
  return bytes.size() >= 8 ? bytes.substr(4, 4) : std::string{};
}

std::uint64_t read_big_endian(const std::string& bytes, std::size_t at, int count) {
  std::uint64_t value = 0;
  for (int i = 0; i < count; ++i)
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
  return value;
}

std::int64_t fragment_tfdt_90k(const std::string& fragment) {
  auto at = fragment.find("tfdt");
  if (at == std::string::npos || at + 16 > fragment.size())
    return -1;
  bool version1 = fragment[at + 4] == 1;
  return static_cast<std::int64_t>(read_big_endian(fragment, at + 8, version1 ? 8 : 4));
}

} // namespace argus::testing
