#pragma once
// One measurement of bench/recording_cost: camsim serves N cameras of the 1080p footage; a real argusd (no motion
// analysis, live hub on as always) records their main streams while one `ffmpeg -rtsp_transport tcp -i URL -c copy
// -f segment` per camera records the same streams, side by side. After every camera has written and a warm-up, CPU
// time of argusd and of the ffmpegs is read from /proc over the same window; argusd's resident memory is compared with
// its own before the cameras were added. camsim and the bench itself are not counted.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace argus::bench {

struct SideBySideOptions {
  std::filesystem::path bin_dir;     // camsim
  std::vector<std::filesystem::path> argusd_binaries; // each records every camera (more than one: an A/B comparison)
  std::filesystem::path footage_dir; // NAME_main.mp4 / NAME_sub.mp4 for camsim
  std::filesystem::path work_dir;    // data directories and ffmpeg outputs (removed afterwards)
  double stream_bitrate_bps = 0;     // of the footage: what a camera that keeps up writes
  int warmup_s = 10;
  int window_s = 30;
};

//! What recording the cameras cost one recorder (an argusd, or all the ffmpegs together) over the window.
struct RecorderFigures {
  double core_percent_per_stream = 0;
  double rss_bytes_per_camera = 0; // argusd: VmRSS growth / cameras; ffmpeg: VmRSS of one process
  double realtime = 0;             // bytes written / bytes the cameras sent in the window (1 = keeps up)

  //! CPU at full real time (a recorder that falls behind spends less because it records less).
  double core_percent_per_recorded_stream() const { return realtime > 0 ? core_percent_per_stream / realtime : 0; }
};

struct SideBySideResult {
  int cameras = 0;
  std::vector<RecorderFigures> argusd; // one per SideBySideOptions::argusd_binaries
  RecorderFigures ffmpeg;
  bool started = false; // every camera was recording before the window
  std::string problem;  // why not, when not

  //! The first argusd kept up with every camera (the machine sustains this many).
  bool sustained() const { return started && !argusd.empty() && argusd.front().realtime >= 0.95; }
};

//! Runs one measurement with `cameras` cameras.
SideBySideResult run_side_by_side(int cameras, const SideBySideOptions& options);

} // namespace argus::bench
