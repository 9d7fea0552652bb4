#include "services/login_throttle.hpp"

#include <algorithm>
#include <cctype>

namespace argus::services {
namespace {

// Past this many tracked keys a full sweep drops the ones whose failures left the window.
constexpr std::size_t k_sweep_threshold = 10'000;

std::string account_key(std::string_view email) {
  std::string key(email);
  std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
  return key;
}

} // namespace

LoginThrottle::LoginThrottle(Clock now_ms, ThrottleLimits limits) : now_ms_(std::move(now_ms)), limits_(limits) {}

bool LoginThrottle::is_blocked(std::string_view email, std::string_view address) {
  std::lock_guard lock(mutex_);
  std::int64_t now = now_ms_();
  return recent(by_account_, account_key(email), now) >= limits_.failures_per_account ||
         recent(by_address_, std::string(address), now) >= limits_.failures_per_address;
}

void LoginThrottle::record_failure(std::string_view email, std::string_view address) {
  std::lock_guard lock(mutex_);
  std::int64_t now = now_ms_();
  add(by_account_, account_key(email), limits_.failures_per_account, now);
  add(by_address_, std::string(address), limits_.failures_per_address, now);
}

void LoginThrottle::record_success(std::string_view email) {
  std::lock_guard lock(mutex_);
  by_account_.erase(account_key(email));
}

std::size_t LoginThrottle::recent(Failures& failures, const std::string& key, std::int64_t now_ms) {
  auto it = failures.find(key);
  if (it == failures.end())
    return 0;
  auto& times = it->second;
  while (!times.empty() && times.front() <= now_ms - limits_.window_ms)
    times.pop_front();
  if (times.empty()) {
    failures.erase(it);
    return 0;
  }
  return times.size();
}

void LoginThrottle::add(Failures& failures, const std::string& key, std::size_t limit, std::int64_t now_ms) {
  if (failures.size() > k_sweep_threshold) {
    for (auto it = failures.begin(); it != failures.end();) {
      it = (it->second.empty() || it->second.back() <= now_ms - limits_.window_ms) ? failures.erase(it) : std::next(it);
    }
  }
  auto& times = failures[key];
  times.push_back(now_ms);
  // Only the newest `limit` failures matter for the decision.
  while (times.size() > limit)
    times.pop_front();
}

} // namespace argus::services
