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

struct AudioDecodeResult {
  std::string codec;   // e.g. "aac"; empty when the file has no audio stream
  std::string profile; // e.g. "LC"
  int sample_rate = 0;
  int channels = 0;
  int packets = 0; // audio packets demuxed
  int frames = 0;  // decoded
  int errors = 0;
  double start_s = 0;       // first audio packet's pts
  double video_start_s = 0; // first video packet's pts (0 without video)
  double duration_s = 0;    // from the audio packets' timestamps
  std::string error;        // non-empty when the file could not be opened
};

//! Demuxes the file and decodes its (first) audio stream, as ffprobe/ffplay would see it.
AudioDecodeResult decode_media_file_audio(const std::filesystem::path& path);

} // namespace argus::testing
