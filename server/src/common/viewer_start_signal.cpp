#include "common/viewer_start_signal.hpp"

namespace argus::common {

void ViewerStartSignal::note_start() {
  const auto quiet_from = (Clock::now() + hold_).time_since_epoch().count();
  auto current = quiet_from_ticks_.load(std::memory_order_relaxed);
  while (current < quiet_from && !quiet_from_ticks_.compare_exchange_weak(current, quiet_from, std::memory_order_relaxed)) {
  }
}

ViewerStartSignal::Clock::time_point ViewerStartSignal::quiet_from() const {
  return Clock::time_point(Clock::duration(quiet_from_ticks_.load(std::memory_order_relaxed)));
}

} // namespace argus::common
