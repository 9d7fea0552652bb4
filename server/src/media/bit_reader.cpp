#include "media/bit_reader.hpp"

namespace argus::media {

std::uint32_t BitReader::bits(int count) {
  std::uint32_t value = 0;
  for (int i = 0; i < count; ++i) {
    if (position_ >= bytes_.size() * 8) {
      failed_ = true;
      return 0;
    }
    value = (value << 1) | ((bytes_[position_ / 8] >> (7 - position_ % 8)) & 1u);
    ++position_;
  }
  return value;
}

std::uint32_t BitReader::ue() {
  int zeros = 0;
  while (!failed_ && bits(1) == 0) {
    if (++zeros > 31) {
      failed_ = true;
      return 0;
    }
  }
  return zeros == 0 ? 0 : ((1u << zeros) - 1 + bits(zeros));
}

} // namespace argus::media
