#pragma once
// One thread that runs registered checks every tick (100 ms by default): camera supervisors use it to notice a source
// that stopped delivering (a hung camera) without a thread of their own each. A check must be quick and must not
// block; it typically compares a deadline with `now` and interrupts a source.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

namespace argus::media {

class StallWatchdog {
public:
  using Check = std::function<void(std::chrono::steady_clock::time_point now)>;

  static constexpr std::chrono::milliseconds k_default_tick{100};

  explicit StallWatchdog(std::chrono::milliseconds tick = k_default_tick);
  ~StallWatchdog();
  StallWatchdog(const StallWatchdog&) = delete;
  StallWatchdog& operator=(const StallWatchdog&) = delete;

  //! Runs `check` on every tick from now on; returns its id.
  std::uint64_t add(Check check);
  //! Stops running the check; once this returns, it is not running and will not run again.
  void remove(std::uint64_t id);

private:
  void run();

  std::chrono::milliseconds tick_;
  std::mutex mutex_; // held while checks run: remove() waits for a running pass
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t next_id_ = 1;
  std::map<std::uint64_t, Check> checks_;
  std::thread thread_;
};

} // namespace argus::media
