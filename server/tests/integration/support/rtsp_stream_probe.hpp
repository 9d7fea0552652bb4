#pragma once
// Test helper: opens an RTSP URL over TCP with libavformat, like argusd's fallback ingest, and reports the video's
// size and how many video packets about two seconds of reading brought.
#include <string>

namespace argus::testing {

struct RtspStreamProbe {
  int open_rc = 0; // 0, or the AVERROR of opening or reading the stream info
  int width = 0;
  int height = 0;
  int packets = 0;
};

RtspStreamProbe probe_rtsp_stream(const std::string& url);

} // namespace argus::testing
