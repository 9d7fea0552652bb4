#pragma once
// Helpers for the media tests: temp dirs, clips made with the ffmpeg CLI from opencv-doc's vtest.avi, a database with
// one camera, and decoding an fMP4 file with libavformat/libavcodec.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "media/media_types.hpp"

#include "support/media_decode.hpp"

namespace argus::store {
class SqliteDatabase;
}

namespace argus::media::testing {

struct TempDir {
  TempDir();
  ~TempDir();
  std::filesystem::path path;
};

//! A clip of `seconds` at 25 fps (GOP 50 = 2 s), `width` x width*9/16, made once per test run and cached; codec "h264"
//! or "h265"; container by extension (mp4, h264 (Annex-B: parameter sets before every keyframe), mkv). Empty when
//! ffmpeg or the footage is missing.
std::filesystem::path clip(const std::string& codec, const std::string& extension, int seconds = 6, int b_frames = 0,
                           int width = 640);

//! Like clip("h264", "mp4", seconds) with an AAC-LC 16 kHz mono audio track (a 440 Hz tone), as a camera with a
//! microphone records it. Empty when ffmpeg or the footage is missing.
std::filesystem::path clip_with_audio(int seconds = 6);

//! A database at dir/argus.db holding one camera with id camera_id (and its organization and network).
std::unique_ptr<store::SqliteDatabase> database_with_camera(const std::filesystem::path& dir,
                                                            std::int64_t camera_id = 1);

//! Every packet of a file through IngestSource (not paced), plus its StreamInfo.
std::vector<EncodedPacket> read_all_packets(const std::filesystem::path& path, StreamInfo* info = nullptr);

using argus::testing::DecodeResult;
//! Demuxes and decodes a whole file (error detection on: any corruption counts as an error).
inline DecodeResult decode_file(const std::filesystem::path& path) { return argus::testing::decode_media_file(path); }

//! Writes bytes to a file (overwriting).
void write_bytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes);
//! Reads a whole file.
std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path);

} // namespace argus::media::testing
