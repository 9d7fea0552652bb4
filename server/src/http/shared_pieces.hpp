#pragma once
// Bytes sent as they lie in memory, without first copying them into one buffer: pieces in order, kept alive by an
// owner (live media: a part's moof + mdat header and the packets of its samples). WebSocket messages and response
// bodies go out as one gather write of the pieces.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace argus::http {

struct SharedPieces {
  std::shared_ptr<const void> owner;                 // keeps every piece alive
  std::vector<std::span<const std::uint8_t>> pieces; // in order

  //! Total bytes.
  std::size_t size() const {
    std::size_t total = 0;
    for (auto piece : pieces)
      total += piece.size();
    return total;
  }
  //! One shared buffer as the only piece.
  static SharedPieces of(std::shared_ptr<const std::vector<std::uint8_t>> bytes) {
    SharedPieces out;
    if (bytes)
      out.pieces.emplace_back(*bytes);
    out.owner = std::move(bytes);
    return out;
  }
};

} // namespace argus::http
