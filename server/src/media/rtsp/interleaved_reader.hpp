#pragma once
// The receive side of an RTSP connection carrying RTP over TCP (RFC 2326 §10.12): one buffer that socket reads fill
// and that yields, in order, `$`-framed interleaved packets (channel + payload, no copy) and RTSP responses (answers
// to requests sent while streaming, e.g. keep-alives). Read and write offsets move through the buffer; the unread
// tail (at most one incomplete item) is moved to the front only when the free space gets short, so a packet costs
// neither an allocation nor a move of the whole buffer.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "media/rtsp/rtsp_response.hpp"

namespace argus::media::rtsp {

class InterleavedReader {
public:
  enum class Item {
    need_more, // no complete item buffered
    frame,     // channel() and payload() are set
    response,  // take_response()
    not_rtsp,  // the next bytes are neither `$` nor an RTSP response (skip_to_frame() may resynchronise)
    malformed, // an RTSP response that does not parse, or exceeds the limits
  };

  //! capacity must exceed the largest item: a 65,539-byte frame, a response within `limits`.
  explicit InterleavedReader(std::size_t capacity = 128 * 1024, ResponseLimits limits = {});

  //! Where to receive the next bytes (never empty).
  std::span<std::uint8_t> writable();
  //! `bytes` were written at the start of writable().
  void commit(std::size_t bytes);
  //! The next complete item; payload() stays valid until the next writable().
  Item next();
  int channel() const { return channel_; }
  std::span<const std::uint8_t> payload() const { return payload_; }
  //! The response of the last Item::response.
  RtspResponse take_response() { return std::move(response_); }
  //! Why the last Item::malformed: too large (true) or unparsable.
  bool too_large() const { return too_large_; }
  //! Drops bytes up to the next `$` (after Item::not_rtsp); returns how many were dropped.
  std::size_t skip_to_frame();
  //! Bytes received and not yet consumed.
  std::size_t buffered() const { return write_ - read_; }

private:
  std::vector<std::uint8_t> buffer_;
  ResponseLimits limits_;
  std::size_t read_ = 0;
  std::size_t write_ = 0;
  int channel_ = -1;
  std::span<const std::uint8_t> payload_;
  RtspResponse response_;
  bool too_large_ = false;
};

} // namespace argus::media::rtsp
