#include "services/report_limiter.hpp"

#include <algorithm>

namespace argus::services {

ReportLimiter::ReportLimiter(Clock now_ms, std::int64_t interval_ms, std::size_t max_keys)
    : now_ms_(std::move(now_ms)), interval_ms_(interval_ms), max_keys_(std::max<std::size_t>(1, max_keys)) {}

std::int64_t ReportLimiter::acquire(std::string_view key) {
  auto now = now_ms_();
  std::lock_guard lock(mutex_);
  auto it = last_ms_.find(std::string(key));
  if (it != last_ms_.end()) {
    auto wait_ms = it->second + interval_ms_ - now;
    if (wait_ms > 0)
      return wait_ms;
    it->second = now;
    return 0;
  }
  if (last_ms_.size() >= max_keys_) {
    std::erase_if(last_ms_, [&](const auto& entry) { return entry.second + interval_ms_ <= now; });
    if (last_ms_.size() >= max_keys_)
      return interval_ms_; // every slot is a live session's: wait rather than grow
  }
  last_ms_.emplace(std::string(key), now);
  return 0;
}

std::size_t ReportLimiter::tracked_keys() const {
  std::lock_guard lock(mutex_);
  return last_ms_.size();
}

} // namespace argus::services
