#include "media/stall_watchdog.hpp"

namespace argus::media {

StallWatchdog::StallWatchdog(std::chrono::milliseconds tick) : tick_(tick) {
  thread_ = std::thread([this] { run(); });
}

StallWatchdog::~StallWatchdog() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::uint64_t StallWatchdog::add(Check check) {
  std::lock_guard lock(mutex_);
  auto id = next_id_++;
  checks_.emplace(id, std::move(check));
  return id;
}

void StallWatchdog::remove(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  checks_.erase(id);
}

void StallWatchdog::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, tick_, [this] { return stopping_; });
    auto now = std::chrono::steady_clock::now();
    for (auto& [id, check] : checks_)
      check(now);
  }
}

} // namespace argus::media
