#pragma once
// One measurement of bench/recording_cost: camsim serves N cameras of the 1080p footage; a real argusd (no motion
// analysis, live hub on as always) records their main streams while one `ffmpeg -rtsp_transport tcp -i URL -c copy
// -f segment` per camera records the same streams, side by side. After every camera has written and a warm-up, CPU
// time of argusd and of the ffmpegs is read from /proc over the same window; argusd's resident memory is compared with
// its own before the cameras were added. camsim and the bench itself are not counted.
#include <cstdint>
#include <filesystem>
#include <string>

namespace argus::bench {

struct SideBySideOptions {
  std::filesystem::path bin_dir;     // argusd and camsim
  std::filesystem::path footage_dir; // NAME_main.mp4 / NAME_sub.mp4 for camsim
  std::filesystem::path work_dir;    // data directories and ffmpeg outputs (removed afterwards)
  double stream_bitrate_bps = 0;     // of the footage: what a camera that keeps up writes
  int warmup_s = 10;
  int window_s = 30;
};

struct SideBySideResult {
  int cameras = 0;
  double argusd_core_percent_per_stream = 0;
  double ffmpeg_core_percent_per_stream = 0;
  double argusd_rss_bytes_per_camera = 0; // VmRSS growth / cameras
  double ffmpeg_rss_bytes_per_camera = 0; // one ffmpeg process
  double argusd_realtime = 0;             // bytes written / bytes the cameras sent in the window (1 = keeps up)
  double ffmpeg_realtime = 0;
  bool started = false;                   // every camera was recording before the window
  std::string problem;                    // why not, when not

  //! Both recorders kept up with every camera (the machine sustains this many).
  bool sustained() const { return started && argusd_realtime >= 0.9 && ffmpeg_realtime >= 0.9; }
};

//! Runs one measurement with `cameras` cameras.
SideBySideResult run_side_by_side(int cameras, const SideBySideOptions& options);

} // namespace argus::bench
