#include "media/rtsp/rtp_timestamp_unwrapper.hpp"

namespace argus::media::rtsp {

std::int64_t RtpTimestampUnwrapper::unwrap(std::uint32_t timestamp) {
  last_ = nearest(timestamp);
  started_ = true;
  return last_;
}

std::int64_t RtpTimestampUnwrapper::nearest(std::uint32_t timestamp) const {
  if (!started_)
    return timestamp;
  auto delta = static_cast<std::int32_t>(timestamp - static_cast<std::uint32_t>(last_));
  return last_ + delta;
}

} // namespace argus::media::rtsp
