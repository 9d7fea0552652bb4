#include "media/rtsp/interleaved_reader.hpp"

#include <algorithm>
#include <cstring>

namespace argus::media::rtsp {
namespace {

constexpr std::size_t k_frame_header = 4;                       // '$', channel, 16-bit length
constexpr std::size_t k_largest_frame = k_frame_header + 65535; // the length field's limit

} // namespace

InterleavedReader::InterleavedReader(std::size_t capacity, ResponseLimits limits)
    : buffer_(std::max(capacity, k_largest_frame + 1)), limits_(limits) {}

std::span<std::uint8_t> InterleavedReader::writable() {
  if (read_ == write_) {
    read_ = write_ = 0;
  } else if (buffer_.size() - write_ < k_largest_frame && read_ > 0) {
    // Only the incomplete item is left: move it to the front (rarely: once per ~half a buffer of data).
    std::memmove(buffer_.data(), buffer_.data() + read_, write_ - read_);
    write_ -= read_;
    read_ = 0;
  }
  payload_ = {};
  return {buffer_.data() + write_, buffer_.size() - write_};
}

void InterleavedReader::commit(std::size_t bytes) {
  write_ += std::min(bytes, buffer_.size() - write_);
}

InterleavedReader::Item InterleavedReader::next() {
  auto available = write_ - read_;
  if (available == 0)
    return Item::need_more;
  const auto* at = buffer_.data() + read_;
  if (at[0] == '$') {
    if (available < k_frame_header)
      return Item::need_more;
    std::size_t length = (std::size_t{at[2]} << 8) | at[3];
    if (available < k_frame_header + length)
      return Item::need_more;
    channel_ = at[1];
    payload_ = {at + k_frame_header, length};
    read_ += k_frame_header + length;
    return Item::frame;
  }
  auto parsed = parse_rtsp_response({reinterpret_cast<const char*>(at), available}, limits_);
  switch (parsed.result) {
  case ResponseParse::incomplete:
    // A response can only be this large when it breaks the limits: the buffer is bigger than any that keeps them.
    return Item::need_more;
  case ResponseParse::complete:
    response_ = std::move(parsed.response);
    read_ += parsed.consumed;
    return Item::response;
  case ResponseParse::not_rtsp:
    return Item::not_rtsp;
  case ResponseParse::malformed:
    too_large_ = false;
    return Item::malformed;
  case ResponseParse::too_large:
    too_large_ = true;
    return Item::malformed;
  }
  return Item::malformed;
}

std::size_t InterleavedReader::skip_to_frame() {
  if (read_ == write_)
    return 0;
  const auto* start = buffer_.data() + read_;
  const auto* dollar = static_cast<const std::uint8_t*>(std::memchr(start + 1, '$', write_ - read_ - 1));
  auto skipped = dollar ? static_cast<std::size_t>(dollar - start) : write_ - read_;
  read_ += skipped;
  return skipped;
}

} // namespace argus::media::rtsp
