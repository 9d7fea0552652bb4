#pragma once
// Counts failed sign-ins per account (lower-cased e-mail) and per remote address in a sliding window. Kept in memory:
// a restart forgets the counts, which only helps an attacker by one window.
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "services/clock.hpp"

namespace argus::services {

struct ThrottleLimits {
  std::size_t failures_per_account = 5;
  std::size_t failures_per_address = 20;
  std::int64_t window_ms = 15 * 60 * 1000;
};

class LoginThrottle {
public:
  LoginThrottle(Clock now_ms, ThrottleLimits limits = {});

  //! True when the account or the address has reached its failure limit within the window.
  bool is_blocked(std::string_view email, std::string_view address);
  //! Records one failed sign-in for the account and the address.
  void record_failure(std::string_view email, std::string_view address);
  //! Forgets the account's failures after a successful sign-in.
  void record_success(std::string_view email);

private:
  using Failures = std::unordered_map<std::string, std::deque<std::int64_t>>;
  std::size_t recent(Failures& failures, const std::string& key, std::int64_t now_ms);
  void add(Failures& failures, const std::string& key, std::size_t limit, std::int64_t now_ms);

  Clock now_ms_;
  ThrottleLimits limits_;
  std::mutex mutex_;
  Failures by_account_;
  Failures by_address_;
};

} // namespace argus::services
