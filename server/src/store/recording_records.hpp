#pragma once
// Rows of the recording side of the store: camera sources, storage directories and the recording index (init
// segments, chunk files, fragments). Times are UTC wall-clock milliseconds; file paths are relative to the data dir.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace argus::store {

//! The streams of a multi-imager camera's imager 1 ... 15 (media/stream_name.hpp names them main-imager{k} and
//! sub-imager{k}).
struct ImagerSourceRecord {
  std::int64_t imager_id = 1;
  std::optional<std::string> main_rtsp_url;
  std::optional<std::string> sub_rtsp_url;
  bool operator==(const ImagerSourceRecord&) const = default;
};

//! Where a camera's video comes from. URLs may hold credentials: never log them (media::redact_url) and never return
//! them to non-admins.
struct CameraSourceRecord {
  std::int64_t camera_id = 0;
  std::optional<std::string> main_rtsp_url; // imager 0
  std::optional<std::string> sub_rtsp_url;
  std::int64_t retention_days = 30;
  std::vector<ImagerSourceRecord> imagers; // its other imagers, by imager_id
};

struct StorageDirRecord {
  std::int64_t id = 1;
  std::string path;                      // relative to the data dir ("" = the data dir itself)
  std::int64_t recording_quota_bytes = 0; // 0 = unlimited
};

struct InitSegmentRecord {
  std::int64_t id = 0;
  std::int64_t camera_id = 0;
  std::string stream; // main | sub
  std::string codec;  // RFC 6381, e.g. avc1.64001f, hvc1.1.6.L93.B0
  std::int64_t width = 0;
  std::int64_t height = 0;
  bool browser_playable = true; // false for H.265
  std::string file_path;
  std::int64_t created_ms = 0;
};

struct ChunkRecord {
  std::int64_t id = 0;
  std::int64_t camera_id = 0;
  std::string stream;
  std::int64_t storage_dir_id = 1;
  std::string file_path;
  std::int64_t init_segment_id = 0;
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0; // end of the last indexed fragment
  std::int64_t size_bytes = 0; // bytes covered by indexed fragments
};

struct FragmentRecord {
  std::int64_t id = 0;
  std::int64_t chunk_id = 0;
  std::int64_t camera_id = 0;
  std::string stream;
  std::int64_t start_ms = 0;
  std::int64_t duration_ms = 0;
  std::int64_t offset_bytes = 0; // inside the chunk file
  std::int64_t size_bytes = 0;   // moof + mdat
  bool keyframe = true;
};

//! A continuous stretch of recording: fragments following each other with gaps of at most the caller's tolerance.
struct RecordedRange {
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
};

} // namespace argus::store
