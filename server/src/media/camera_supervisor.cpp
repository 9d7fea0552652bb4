#include "media/camera_supervisor.hpp"

#include <spdlog/spdlog.h>

#include "media/ffmpeg_log.hpp"
#include "media/packet_source.hpp"

namespace argus::media {

CameraSupervisor::CameraSupervisor(std::string name, SourceFactory factory, PacketSink& sink, StatusHandler on_status,
                                   SupervisorOptions options)
    : name_(std::move(name)), factory_(std::move(factory)), sink_(sink), on_status_(std::move(on_status)),
      options_(options) {}

CameraSupervisor::~CameraSupervisor() {
  stop();
}

void CameraSupervisor::start() {
  thread_ = std::thread([this] { run(); });
}

void CameraSupervisor::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    if (source_)
      source_->interrupt();
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void CameraSupervisor::report(bool active) {
  if (last_status_ == static_cast<int>(active))
    return;
  last_status_ = active;
  spdlog::info("{}: {}", name_, active ? "active" : "offline");
  if (on_status_)
    on_status_(active);
}

bool CameraSupervisor::wait(std::chrono::milliseconds delay) {
  std::unique_lock lock(mutex_);
  wake_.wait_for(lock, delay, [this] { return stopping_; });
  return !stopping_;
}

void CameraSupervisor::run() {
  FfmpegLogLabel log_label(name_); // FFmpeg lines from this thread name the camera stream
  auto backoff = options_.backoff_initial;
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
    auto started = std::chrono::steady_clock::now();
    bool sink_started = false;
    try {
      source->open();
      sink_.on_start(source->info());
      sink_started = true;
      while (auto packet = source->read()) {
        report(true);
        sink_.on_packet(std::move(*packet));
      }
      spdlog::warn("{}: stream ended", name_);
    } catch (const std::exception& e) {
      bool stopping;
      {
        std::lock_guard lock(mutex_);
        stopping = stopping_;
      }
      if (!stopping)
        spdlog::warn("{}: {}", name_, e.what());
    }
    if (sink_started) {
      try {
        sink_.on_stop();
      } catch (const std::exception& e) {
        spdlog::error("{}: closing the recording failed: {}", name_, e.what());
      }
    }
    {
      std::lock_guard lock(mutex_);
      source_.reset();
      if (stopping_)
        return;
    }
    report(false);
    if (std::chrono::steady_clock::now() - started >= options_.healthy_after)
      backoff = options_.backoff_initial;
    if (!wait(backoff))
      return;
    backoff = std::min(backoff * 2, options_.backoff_max);
  }
}

} // namespace argus::media
