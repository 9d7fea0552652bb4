#pragma once
// Test helper: demuxes and decodes a whole media file (e.g. an fMP4 init segment followed by fragments) with
// libavcodec's error detection on, so tests can assert that what argusd serves decodes cleanly.
#include <filesystem>
#include <string>

namespace argus::testing {

struct DecodeResult {
  int packets = 0;    // video packets demuxed
  int frames = 0;
  int errors = 0;     // send/receive failures and frames flagged with decode errors
  int width = 0;      // of the last decoded frame
  int height = 0;
  double duration_s = 0; // from the demuxer's timestamps
  std::string error;  // non-empty when the file could not be opened or has no video
};

//! Decodes every video frame of the file at path.
DecodeResult decode_media_file(const std::filesystem::path& path);

} // namespace argus::testing
