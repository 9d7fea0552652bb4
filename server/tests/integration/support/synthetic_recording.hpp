#pragma once
// Recordings written straight into a running argusd's data directory by the media library itself (ffmpeg CLI clip →
// IngestSource → Fragmenter → RecordingStore, the recorder's own path) at a chosen time in the past, so that tests of
// recorded video (history, exports) do not depend on camsim timing.
//
//   auto clip = make_test_clip(scratch_dir);                  // 6 s 320x240 25 fps, GOP 2 s
//   store::SqliteDatabase database(server().data_dir() / "argus.db");
//   auto ms = record_clip(database, server().data_dir(), clip, start_ms, 3, camera_id);  // 18 s from start_ms
#include <cstdint>
#include <filesystem>
#include <string>

namespace argus::store {
class Database;
}

namespace argus::testing {

constexpr int k_test_clip_s = 6;

//! A 6 s 320x240 25 fps H.264 clip in dir (lavfi test source, no footage needed); empty when ffmpeg/libx264 is missing.
std::filesystem::path make_test_clip(const std::filesystem::path& dir, const std::string& size = "320x240");

//! Records `loops` plays of the clip as camera_id's stream, starting at start_ms, the way the recorder does; returns
//! the recorded duration in ms (IngestSource may drop the packets read while probing).
std::int64_t record_clip(store::Database& database, const std::filesystem::path& data_dir,
                         const std::filesystem::path& clip, std::int64_t start_ms, int loops, std::int64_t camera_id,
                         const std::string& stream = "main");

//! Milliseconds since the Unix epoch.
std::int64_t wall_clock_ms();

} // namespace argus::testing
