#pragma once
// MSB-first bit reader over bytes, with Exp-Golomb codes (H.264/H.265 parameter sets) and plain fields (AAC's
// AudioSpecificConfig, RFC 3640 AU headers). Reading past the end sets failed() and yields zeros, so a parser reads
// a whole structure and checks once.
#include <cstddef>
#include <cstdint>
#include <span>

namespace argus::media {

class BitReader {
public:
  explicit BitReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

  //! The next `count` (≤ 32) bits as an unsigned number.
  std::uint32_t bits(int count);
  bool flag() { return bits(1) != 0; }
  void skip(int count) { bits(count); }
  //! Unsigned Exp-Golomb (ue(v)).
  std::uint32_t ue();
  //! Signed Exp-Golomb (se(v)), skipped.
  void se() { ue(); }
  bool failed() const { return failed_; }

private:
  std::span<const std::uint8_t> bytes_;
  std::size_t position_ = 0;
  bool failed_ = false;
};

} // namespace argus::media
