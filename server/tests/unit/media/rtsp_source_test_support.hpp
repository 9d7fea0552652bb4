#pragma once
// What the RtspSource tests share (rtsp_source_test.cpp, rtsp_source_failures_test.cpp): short timeouts, the SDP of a
// packetized clip, and the reason (and time) an open or the first reads fail with.
#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "media/rtsp/rtsp_source.hpp"
#include "support/rtsp_test_server.hpp"

namespace argus::media::rtsp::test {

using argus::testing::RtpFootage;

inline RtspOptions quick_options() {
  RtspOptions options;
  options.open_timeout = std::chrono::seconds(2);
  options.read_timeout = std::chrono::seconds(1);
  return options;
}

inline std::string video_sdp(const RtpFootage& footage) {
  std::string sdp = "m=video 0 RTP/AVP 96\r\na=rtpmap:96 " + footage.encoding + "/90000\r\na=fmtp:96 " +
                    footage.video_fmtp + "\r\na=control:trackID=1\r\n";
  if (!footage.audio_fmtp.empty())
    sdp += "m=audio 0 RTP/AVP 97\r\na=rtpmap:97 MPEG4-GENERIC/" + std::to_string(footage.audio_rate) +
           "/1\r\na=fmtp:97 " + footage.audio_fmtp + "\r\na=control:trackID=2\r\n";
  return sdp;
}

// The reason open() (or the first reads) fail with, and how long it took.
inline std::pair<std::optional<OfflineReason>, double> failure_of(const std::string& url,
                                                                  RtspOptions options = quick_options(),
                                                                  int reads = 0) {
  auto start = std::chrono::steady_clock::now();
  std::optional<OfflineReason> reason;
  try {
    RtspSource source(url, options);
    source.open();
    for (int i = 0; i < reads; ++i)
      source.read();
  } catch (const SourceFailure& e) {
    reason = e.reason();
  }
  return {reason, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

} // namespace argus::media::rtsp::test
