#pragma once
// The bytes of one fMP4 fragment (moof + mdat) without a copy of its media: the boxes up to the mdat payload are built
// here (a few hundred bytes), the samples' bytes stay in the shared packets ingest delivered. Writers send the pieces
// with one gather call (writev to the chunk file, a WebSocket message); contiguous() is for the rare reader that
// needs one buffer (snapshot decoding, motion analysis, tests). docs/design/recording.md "Cost".
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "media/media_types.hpp"

namespace argus::media {

struct FragmentBytes {
  std::vector<std::uint8_t> head;    // moof + the mdat box header
  std::vector<SharedPacket> samples; // the mdat payload in order: the video samples, then the audio samples

  //! The whole fragment's size.
  std::size_t size() const { return head.size() + payload_size(); }
  //! The mdat payload's size (the samples' bytes).
  std::size_t payload_size() const;
  //! Calls piece(span) for the head and then for each sample's bytes, in file order.
  template <class Piece> void for_each_piece(Piece&& piece) const {
    piece(std::span<const std::uint8_t>(head));
    for (const auto& sample : samples)
      piece(std::span<const std::uint8_t>(sample->data));
  }
  //! The fragment in one buffer (a copy).
  std::vector<std::uint8_t> contiguous() const;
  //! Appends the fragment to out (a copy).
  void append_to(std::vector<std::uint8_t>& out) const;
};

using SharedFragmentBytes = std::shared_ptr<const FragmentBytes>;

} // namespace argus::media
