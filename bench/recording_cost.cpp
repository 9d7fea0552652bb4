// Recording cost (issue 18): what argusd costs to record 1080p 4 Mbit/s H.264 cameras, beside one
// `ffmpeg -rtsp_transport tcp -i URL -c copy -f segment` per camera (the way Frigate records) on the same camsim
// streams in the same run (recording/side_by_side.hpp). Prints, for N = 20 and for the most cameras this machine
// sustains: % of a core per stream for argusd and for ffmpeg, their ratio, and argusd's resident memory per camera.
//
// "Sustains": argusd writes what the cameras send (≥ 95 % of the footage's bytes over the window) for every camera.
// On a loaded machine the ffmpegs may fall behind (realtime_ffmpeg < 1): the ratio is therefore per recorded byte. The ramp doubles N from --ramp-from until a step is not sustained (or --ramp-limit is passed); the
// largest sustained step is the maximum. --max-cameras N measures that N instead of ramping.
//
// Usage: argus_bench_recording [--cameras N] (default 20; 0: skip) [--max-cameras N | --ramp-from N --ramp-limit N]
//        [--warmup S] [--window S] [--footage-dir DIR] (default: build/footage-1080p, made by the build)
//        [--compare-argusd PATH]  another argusd recording the same cameras at the same time (an A/B of two builds:
//                                 printed as argusd_b_*; the machine's load then weighs on both alike)
//        [--in-process N,N...] [--seconds S]  the recording path alone in this process (recording/in_process.hpp)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include <libavformat/avformat.h>
}

#include "recording/in_process.hpp"
#include "recording/side_by_side.hpp"

namespace {

namespace fs = std::filesystem;
using argus::bench::SideBySideResult;

constexpr int k_camsim_max_cameras = 256; // camsim --cameras accepts 1..256 (tools/camsim/main.cpp)

std::optional<fs::path> first_main_clip(const fs::path& footage_dir) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(footage_dir, error)) {
    auto name = entry.path().filename().string();
    if (name.size() > 9 && name.ends_with("_main.mp4"))
      return entry.path();
  }
  return std::nullopt;
}

// Bits per second of a clip: its size over its duration (what camsim sends, give or take the container's bytes).
double bitrate_bps(const fs::path& clip) {
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, clip.c_str(), nullptr, nullptr) < 0)
    return 0;
  double seconds = static_cast<double>(format->duration) / AV_TIME_BASE;
  avformat_close_input(&format);
  return seconds > 0 ? static_cast<double>(fs::file_size(clip)) * 8 / seconds : 0;
}

void print(const char* label, const SideBySideResult& r) {
  if (!r.started) {
    std::printf("recording_cost %s cameras=%d failed: %s\n", label, r.cameras, r.problem.c_str());
    return;
  }
  // A recorder that falls behind (on a loaded machine the ffmpegs do first) spends less CPU because it records less:
  // the ratio compares CPU per recorded byte, i.e. each side's figure at full real time.
  const auto& ffmpeg = r.ffmpeg;
  std::printf("recording_cost %s cameras=%d ffmpeg_core_pct_per_stream=%.3f ffmpeg_realtime=%.2f "
              "ffmpeg_rss_mb_per_process=%.2f",
              label, r.cameras, ffmpeg.core_percent_per_stream, ffmpeg.realtime, ffmpeg.rss_bytes_per_camera / (1 << 20));
  for (std::size_t i = 0; i < r.argusd.size(); ++i) {
    const auto& argusd = r.argusd[i];
    auto name = i == 0 ? std::string("argusd") : "argusd_" + std::string(1, static_cast<char>('a' + i));
    double ratio = ffmpeg.core_percent_per_recorded_stream() > 0
                       ? argusd.core_percent_per_recorded_stream() / ffmpeg.core_percent_per_recorded_stream()
                       : 0;
    std::printf(" %s_core_pct_per_stream=%.3f %s_realtime=%.2f %s_ratio=%.2f %s_rss_mb_per_camera=%.2f", name.c_str(),
                argusd.core_percent_per_stream, name.c_str(), argusd.realtime, name.c_str(), ratio, name.c_str(),
                argusd.rss_bytes_per_camera / (1 << 20));
  }
  std::printf(" sustained=%s\n", r.sustained() ? "yes" : "no");
  std::fflush(stdout);
}

std::vector<int> comma_list(const std::string& text) {
  std::vector<int> values;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    values.push_back(std::atoi(item.c_str()));
  return values;
}

} // namespace

int main(int argc, char** argv) {
  auto bin_dir = fs::canonical("/proc/self/exe").parent_path();
  argus::bench::SideBySideOptions options;
  options.bin_dir = bin_dir;
  options.argusd_binaries = {bin_dir / "argusd"};
  options.footage_dir = bin_dir.parent_path() / "footage-1080p";
  int cameras = 20, max_cameras = 0, ramp_from = 40, ramp_limit = 640, seconds = 30;
  std::vector<int> in_process;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
    if (arg == "--cameras")
      cameras = std::atoi(next().c_str());
    else if (arg == "--max-cameras")
      max_cameras = std::atoi(next().c_str());
    else if (arg == "--ramp-from")
      ramp_from = std::atoi(next().c_str());
    else if (arg == "--ramp-limit")
      ramp_limit = std::atoi(next().c_str());
    else if (arg == "--warmup")
      options.warmup_s = std::atoi(next().c_str());
    else if (arg == "--window")
      options.window_s = std::atoi(next().c_str());
    else if (arg == "--compare-argusd")
      options.argusd_binaries.push_back(next());
    else if (arg == "--footage-dir")
      options.footage_dir = next();
    else if (arg == "--in-process")
      in_process = comma_list(next());
    else if (arg == "--seconds")
      seconds = std::atoi(next().c_str());
    else {
      std::fprintf(stderr, "argus_bench_recording: unknown argument %s (see bench/recording_cost.cpp)\n", arg.c_str());
      return 2;
    }
  }
  std::random_device random;
  options.work_dir = fs::temp_directory_path() / ("argus-bench-recording-" + std::to_string(random()));
  fs::create_directories(options.work_dir);
  if (!in_process.empty()) {
    argus::bench::run_in_process(in_process, seconds, options.work_dir);
    cameras = 0;
    ramp_limit = 0;
  }

  if (cameras > 0 || ramp_limit > 0) {
    auto clip = first_main_clip(options.footage_dir);
    if (!clip) {
      std::printf("recording_cost skipped: no *_main.mp4 in %s (the bench_footage target makes it)\n",
                  options.footage_dir.c_str());
      fs::remove_all(options.work_dir);
      return 0;
    }
    options.stream_bitrate_bps = bitrate_bps(*clip);
    std::printf("recording_cost footage=%s bitrate_kbps=%.0f warmup_s=%d window_s=%d\n", clip->filename().c_str(),
                options.stream_bitrate_bps / 1000, options.warmup_s, options.window_s);
    if (cameras > 0)
      print("fixed", argus::bench::run_side_by_side(cameras, options));
    if (max_cameras > 0) {
      print("max", argus::bench::run_side_by_side(max_cameras, options));
    } else if (ramp_limit > 0) {
      std::optional<SideBySideResult> best;
      // Doubling, with camsim's own limit as the last step.
      for (int n = std::min(ramp_from, k_camsim_max_cameras); n <= ramp_limit;
           n = n == k_camsim_max_cameras ? ramp_limit + 1 : std::min(n * 2, k_camsim_max_cameras)) {
        SideBySideResult result;
        try {
          result = argus::bench::run_side_by_side(n, options);
        } catch (const std::exception& e) {
          std::printf("recording_cost ramp cameras=%d failed: %s\n", n, e.what());
          break;
        }
        print("ramp", result);
        if (!result.sustained())
          break;
        best = result;
      }
      if (best)
        print("max", *best);
      else
        std::printf("recording_cost max: not even %d cameras sustained\n", ramp_from);
    }
  }
  fs::remove_all(options.work_dir);
  return 0;
}
