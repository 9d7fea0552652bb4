#pragma once
// FFmpeg's own messages (av_log) through the server's spdlog logger: each line names the camera stream whose ingest
// thread emitted it, FFmpeg levels are mapped one step down (a bad camera's decoder complaints are not server errors),
// and repeats of one message are rate-limited so a broken camera cannot flood the log (docs/operations.md "Logs").
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include <spdlog/common.h>

namespace argus::media {

//! Installs the av_log callback (once per process; later calls do nothing).
void route_ffmpeg_logs();

//! Names the camera stream for FFmpeg messages emitted on this thread while it lives (the supervisor's thread).
class FfmpegLogLabel {
public:
  explicit FfmpegLogLabel(std::string label);
  ~FfmpegLogLabel();
  FfmpegLogLabel(const FfmpegLogLabel&) = delete;
  FfmpegLogLabel& operator=(const FfmpegLogLabel&) = delete;

private:
  std::string previous_;
};

//! Lets one line per (source, message format) through per window; counts the rest and reports the count
//! ("… repeated N times in the last 10 s") when that key next logs after its window, or on a later sweep.
//! Thread-safe. The clock is injectable for tests.
class RepeatLimiter {
public:
  using Emit = std::function<void(spdlog::level::level_enum, const std::string&)>;
  RepeatLimiter(std::int64_t window_ms, Emit emit, std::function<std::int64_t()> now_ms = nullptr);

  //! key identifies "the same message" (source + format string); line is what gets logged.
  void log(const std::string& key, spdlog::level::level_enum level, const std::string& line);

private:
  struct Entry {
    std::int64_t window_start_ms = 0;
    std::int64_t suppressed = 0;
    spdlog::level::level_enum level = spdlog::level::info;
    std::string last_line;
  };
  void report_suppressed(const Entry& entry, std::int64_t now_ms);
  void sweep(std::int64_t now_ms);

  std::int64_t window_ms_;
  Emit emit_;
  std::function<std::int64_t()> now_ms_;
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
  std::int64_t last_sweep_ms_ = 0;
};

//! The spdlog level an FFmpeg level (AV_LOG_*) is logged at; spdlog::level::off for FFmpeg debug/trace chatter.
spdlog::level::level_enum spdlog_level_for_ffmpeg(int av_level);

} // namespace argus::media
