#pragma once
// A footage clip (camsim's build/footage) as the GOP fragments the recorder would hand its StreamObserver: read with
// IngestSource, timestamps moved to start_ms, played `loops` times back to back, cut by the real Fragmenter. Shared by
// the analytics tests and bench/motion_search.cpp.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "media/fragmenter.hpp"
#include "media/media_types.hpp"

namespace argus::testing {

struct FootageClip {
  media::StreamInfo info;
  std::vector<media::Fragment> fragments;
  std::int64_t duration_ms = 0; // of all loops
};

//! Throws argus::Error when the file cannot be read.
FootageClip footage_clip(const std::filesystem::path& path, std::int64_t start_ms, int loops = 1);

} // namespace argus::testing
