#include "media/camera_supervisor.hpp"

#include <spdlog/spdlog.h>

#include "media/ffmpeg_log.hpp"
#include "media/packet_source.hpp"
#include "media/stall_watchdog.hpp"

namespace argus::media {
namespace {

std::int64_t system_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::int64_t steady_ns(std::chrono::steady_clock::time_point at) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(at.time_since_epoch()).count();
}

bool same(const StreamStatus& a, const StreamStatus& b) {
  return a.active == b.active && (a.active || (a.reason == b.reason && a.since_ms == b.since_ms));
}

} // namespace

CameraSupervisor::CameraSupervisor(std::string name, SourceFactory factory, PacketSink& sink, StatusHandler on_status,
                                   SupervisorOptions options)
    : name_(std::move(name)), factory_(std::move(factory)), sink_(sink), on_status_(std::move(on_status)),
      options_(std::move(options)) {
  if (!options_.wall_ms)
    options_.wall_ms = system_ms;
  if (!options_.watchdog)
    own_watchdog_ = std::make_unique<StallWatchdog>();
  watchdog_ = options_.watchdog ? options_.watchdog : own_watchdog_.get();
}

CameraSupervisor::~CameraSupervisor() {
  stop();
}

void CameraSupervisor::start() {
  watch_id_ = watchdog_->add([this](std::chrono::steady_clock::time_point now) { check_stall(now); });
  thread_ = std::thread([this] { run(); });
}

void CameraSupervisor::stop(OfflineReason reason) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_)
      stop_reason_ = reason;
    stopping_ = true;
    if (source_)
      source_->interrupt();
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
  if (watch_id_) {
    watchdog_->remove(watch_id_); // never with mutex_ held: a running check takes it
    watch_id_ = 0;
  }
}

void CameraSupervisor::arm(std::chrono::milliseconds timeout) {
  deadline_ns_ = steady_ns(std::chrono::steady_clock::now() + timeout);
}

void CameraSupervisor::check_stall(std::chrono::steady_clock::time_point now) {
  if (steady_ns(now) <= deadline_ns_.load(std::memory_order_relaxed))
    return;
  std::lock_guard lock(mutex_);
  if (source_ && !stalled_) {
    stalled_ = true;
    source_->interrupt();
  }
}

bool CameraSupervisor::stopping() {
  std::lock_guard lock(mutex_);
  return stopping_;
}

void CameraSupervisor::report(const StreamStatus& status) {
  if (last_reported_ && same(*last_reported_, status))
    return;
  last_reported_ = status;
  if (status.active)
    spdlog::info("{}: active", name_);
  else
    spdlog::info("{}: offline ({})", name_, offline_reason_name(status.reason));
  if (on_status_)
    on_status_(status);
}

bool CameraSupervisor::wait(std::chrono::milliseconds delay) {
  std::unique_lock lock(mutex_);
  wake_.wait_for(lock, delay, [this] { return stopping_; });
  return !stopping_;
}

std::chrono::milliseconds CameraSupervisor::retry_delay(OfflineReason reason, int failures) const {
  bool persistent = reason == OfflineReason::authentication_failed || reason == OfflineReason::unsupported_video;
  auto limit = persistent ? options_.backoff_max_persistent : options_.backoff_max;
  auto delay = options_.backoff_initial;
  for (int i = 1; i < failures && delay < limit; ++i)
    delay *= 2;
  return std::min(delay, limit);
}

StreamStatus CameraSupervisor::session(PacketSource& source, const StreamStatus& current, bool& delivered) {
  bool sink_started = false;
  std::int64_t last_packet_ms = 0;
  OfflineReason reason = OfflineReason::stream_error;
  opened_ = false;
  arm(options_.open_timeout);
  try {
    source.open();
    opened_ = true;
    arm(options_.stall_timeout);
    sink_.on_start(source.info());
    sink_started = true;
    while (auto packet = source.read()) {
      if (packet->track == MediaTrack::video) { // audio alone is no sign of a working camera
        arm(options_.stall_timeout);
        last_packet_ms = options_.wall_ms();
      }
      if (!delivered) {
        delivered = true;
        report({true});
      }
      sink_.on_packet(std::move(*packet));
    }
    spdlog::warn("{}: stream ended", name_);
  } catch (const SourceFailure& e) {
    reason = e.reason();
    if (!stopping())
      spdlog::warn("{}: {}", name_, e.what());
  } catch (const std::exception& e) {
    if (!stopping())
      spdlog::warn("{}: {}", name_, e.what());
  }
  deadline_ns_ = INT64_MAX;
  bool stalled = false;
  {
    std::lock_guard lock(mutex_);
    stalled = stalled_ && !stopping_;
    stalled_ = false;
    if (stopping_)
      reason = stop_reason_;
  }
  if (stalled) {
    reason = opened_ ? OfflineReason::no_video : OfflineReason::unreachable;
    spdlog::warn("{}: {}", name_, opened_ ? "no video for a while: reconnecting" : "connecting takes too long");
  }
  // When the outage began: with the last frame when frames stopped coming; unchanged while the reason stays the same.
  StreamStatus ended{false, reason, options_.wall_ms()};
  if (delivered && reason == OfflineReason::no_video)
    ended.since_ms = last_packet_ms;
  else if (!delivered && !current.active && current.reason == reason)
    ended.since_ms = current.since_ms;
  if (sink_started) {
    try {
      sink_.on_stop(ended);
    } catch (const std::exception& e) {
      spdlog::error("{}: closing the recording failed: {}", name_, e.what());
    }
  }
  return ended;
}

void CameraSupervisor::run() {
  FfmpegLogLabel log_label(name_); // FFmpeg lines from this thread name the camera stream
  StreamStatus status{false, OfflineReason::connecting, options_.wall_ms()}; // what the recorder reported at start
  int failures = 0; // consecutive attempts that delivered nothing
  while (true) {
    std::shared_ptr<PacketSource> source;
    {
      std::lock_guard lock(mutex_);
      if (stopping_)
        return;
      source = factory_();
      source_ = source;
    }
    ++attempts_;
    bool delivered = false;
    status = session(*source, status, delivered);
    {
      std::lock_guard lock(mutex_);
      source_.reset();
      if (stopping_)
        return;
    }
    report(status);
    failures = delivered ? 1 : failures + 1;
    if (!wait(retry_delay(status.reason, failures)))
      return;
  }
}

} // namespace argus::media
