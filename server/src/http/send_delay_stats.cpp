#include "http/send_delay_stats.hpp"

#include <algorithm>
#include <cstdio>

namespace argus::http {

void SendDelayStats::record(std::chrono::steady_clock::duration delay) {
  auto us = std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::microseconds>(delay).count());
  auto step = std::min<std::int64_t>(us / k_step_us, static_cast<std::int64_t>(steps_.size()) - 1);
  ++steps_[static_cast<std::size_t>(step)];
  ++count_;
  max_us_ = std::max(max_us_, us);
}

double SendDelayStats::percentile_ms(double p) const {
  if (count_ == 0)
    return 0;
  auto rank = static_cast<std::uint64_t>(std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(count_ - 1)) + 1;
  std::uint64_t seen = 0;
  for (std::size_t step = 0; step < steps_.size(); ++step) {
    seen += steps_[step];
    if (seen >= rank)
      return std::min(static_cast<double>((static_cast<std::int64_t>(step) + 1) * k_step_us),
                      static_cast<double>(max_us_)) /
             1000.0;
  }
  return max_ms();
}

double SendDelayStats::max_ms() const {
  return static_cast<double>(max_us_) / 1000.0;
}

std::string SendDelayStats::summary() const {
  char text[128];
  std::snprintf(text, sizeof text, "%llu messages, p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                static_cast<unsigned long long>(count_), percentile_ms(50), percentile_ms(99), max_ms());
  return text;
}

} // namespace argus::http
