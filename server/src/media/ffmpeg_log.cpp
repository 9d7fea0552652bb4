#include "media/ffmpeg_log.hpp"

#include <chrono>
#include <cstdarg>
#include <mutex>
#include <utility>

extern "C" {
#include <libavutil/log.h>
}

#include <spdlog/spdlog.h>

namespace argus::media {
namespace {

constexpr std::int64_t k_repeat_window_ms = 10'000;
constexpr std::size_t k_max_tracked_messages = 1000;

thread_local std::string t_label;   // the camera stream of this thread, empty outside ingest threads
thread_local int t_print_prefix = 1; // av_log_format_line2 state: whether the next line starts a new message

std::int64_t steady_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

RepeatLimiter& limiter() {
  static RepeatLimiter instance(k_repeat_window_ms, [](spdlog::level::level_enum level, const std::string& line) {
    spdlog::log(level, "{}", line);
  });
  return instance;
}

void ffmpeg_log_callback(void* context, int av_level, const char* format, va_list args) {
  auto level = spdlog_level_for_ffmpeg(av_level);
  if (level == spdlog::level::off || !spdlog::default_logger_raw()->should_log(level)) {
    t_print_prefix = 1;
    return;
  }
  char text[1024];
  av_log_format_line2(context, av_level, format, args, text, sizeof text, &t_print_prefix);
  std::string_view message(text);
  while (!message.empty() && (message.back() == '\n' || message.back() == '\r'))
    message.remove_suffix(1);
  if (message.empty())
    return;
  const std::string& source = t_label.empty() ? std::string("ffmpeg") : t_label;
  auto line = source + ": ffmpeg " + std::string(message);
  limiter().log(source + '\x1f' + format, level, line);
}

} // namespace

spdlog::level::level_enum spdlog_level_for_ffmpeg(int av_level) {
  if (av_level <= AV_LOG_ERROR)
    return spdlog::level::warn;
  if (av_level <= AV_LOG_WARNING)
    return spdlog::level::info;
  if (av_level <= AV_LOG_INFO)
    return spdlog::level::debug;
  if (av_level <= AV_LOG_VERBOSE)
    return spdlog::level::trace;
  return spdlog::level::off;
}

void route_ffmpeg_logs() {
  static std::once_flag once;
  std::call_once(once, [] {
    av_log_set_level(AV_LOG_VERBOSE);
    av_log_set_callback(&ffmpeg_log_callback);
  });
}

FfmpegLogLabel::FfmpegLogLabel(std::string label) : previous_(std::exchange(t_label, std::move(label))) {}

FfmpegLogLabel::~FfmpegLogLabel() {
  t_label = std::move(previous_);
}

RepeatLimiter::RepeatLimiter(std::int64_t window_ms, Emit emit, std::function<std::int64_t()> now_ms)
    : window_ms_(window_ms), emit_(std::move(emit)), now_ms_(now_ms ? std::move(now_ms) : steady_ms) {}

void RepeatLimiter::log(const std::string& key, spdlog::level::level_enum level, const std::string& line) {
  std::lock_guard lock(mutex_);
  auto now = now_ms_();
  if (now - last_sweep_ms_ >= window_ms_)
    sweep(now);
  auto found = entries_.find(key);
  if (found != entries_.end() && now - found->second.window_start_ms < window_ms_) {
    ++found->second.suppressed;
    found->second.last_line = line;
    return;
  }
  if (found != entries_.end()) {
    report_suppressed(found->second, now);
  } else {
    if (entries_.size() >= k_max_tracked_messages)
      sweep(now + window_ms_); // too many distinct messages: report and forget them all
    found = entries_.emplace(key, Entry{}).first;
  }
  found->second = Entry{now, 0, level, {}};
  emit_(level, line);
}

void RepeatLimiter::report_suppressed(const Entry& entry, std::int64_t now_ms) {
  if (entry.suppressed == 0)
    return;
  auto seconds = (now_ms - entry.window_start_ms + 999) / 1000;
  emit_(entry.level, entry.last_line + " (repeated " + std::to_string(entry.suppressed) + " times in the last " +
                         std::to_string(seconds) + " s)");
}

void RepeatLimiter::sweep(std::int64_t now_ms) {
  last_sweep_ms_ = now_ms;
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (now_ms - it->second.window_start_ms >= window_ms_) {
      report_suppressed(it->second, std::min(now_ms, it->second.window_start_ms + window_ms_));
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

} // namespace argus::media
