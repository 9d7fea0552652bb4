#pragma once
// RTP timestamps (RFC 3550 §5.1: 32 bits, random start, wrapping) as continuous 64-bit values for arithmetic.
#include <cstdint>

namespace argus::media::rtsp {

//! RTP timestamps (32 bits, wrapping) made continuous 64-bit values: each is taken as the value nearest to the
//! previous one, so a step of less than 2^31 ticks either way is read as such.
class RtpTimestampUnwrapper {
public:
  //! The unwrapped value of `timestamp`; the next call unwraps relative to it.
  std::int64_t unwrap(std::uint32_t timestamp);
  //! The value nearest to the last unwrapped one, without moving it (RTCP sender reports); the raw value before any.
  std::int64_t nearest(std::uint32_t timestamp) const;
  //! Whether a timestamp was unwrapped yet.
  bool started() const { return started_; }

private:
  bool started_ = false;
  std::int64_t last_ = 0;
};

} // namespace argus::media::rtsp
