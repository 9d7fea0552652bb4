#pragma once
// Viewers first (docs/design/detection.md "Viewers first"): a user waiting for a portal page or a first live picture
// outranks background work. The HTTP server notes each portal page it serves and the live hub each live
// subscription; object detection waits while one is recent, at most a bounded time per frame, so that a stream of
// starts slows it but cannot stop it. On a box that also runs the browser (the demo, a small site) the cores then go
// to the page's start: Linux's autogroups would otherwise share them equally between argusd's niced workers and the
// browser's processes.
#include <atomic>
#include <chrono>
#include <cstdint>

namespace argus::common {

class ViewerStartSignal {
public:
  using Clock = std::chrono::steady_clock;

  explicit ViewerStartSignal(std::chrono::milliseconds hold = std::chrono::milliseconds(1500)) : hold_(hold) {}

  //! A viewer starts now: background work should wait until `hold` after the latest start.
  void note_start();
  //! When background work may run again: `hold` after the latest start (in the past when no viewer is starting).
  Clock::time_point quiet_from() const;

private:
  std::chrono::milliseconds hold_;
  std::atomic<Clock::rep> quiet_from_ticks_{0};
};

} // namespace argus::common
