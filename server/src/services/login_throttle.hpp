#pragma once
// Sign-in throttling (docs/design/sessions.md). Failures are counted per (account, client address) with a few free
// ones and then growing delays, per account across addresses (over a cap the free failures go: the account is under
// attack) and per address across accounts (credential stuffing). An address with no failure on an account is never
// refused for it by the account's state, so nobody can lock an owner out. Checking and counting happen in one critical
// section: an attempt reserves its place before the password check and settles after it, so attempts that arrive
// together are counted as if they came one after the other. Kept in memory, bounded under address floods.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "services/clock.hpp"

namespace argus::services {

struct ThrottlePolicy {
  int free_failures_per_pair = 3;                // failures of one (account, address) answered without delay
  std::int64_t first_delay_ms = 1'000;           // then 1 s, 2 s, 4 s, ... before the next attempt
  std::int64_t max_delay_ms = 10 * 60'000;       // the delay stops growing here
  std::int64_t pair_memory_ms = 60 * 60'000;     // a pair without failures for this long is forgotten
  std::size_t account_failures_cap = 10;         // failures of one account, all addresses, within the window ...
  std::int64_t account_window_ms = 60'000;       // ... mark it as under attack
  std::int64_t attacked_first_delay_ms = 10'000; // under attack: no free failures, delays start here
  std::size_t address_failures_limit = 20;       // failures from one address, all accounts, within the window
  std::int64_t address_window_ms = 15 * 60'000;  // ... refuse that address
  std::size_t max_tracked_keys = 100'000;        // per table (pairs, accounts, addresses): bounded memory
};

class LoginThrottle {
public:
  //! One sign-in attempt: refused (with the time to wait), or allowed and holding its place until settled. An allowed
  //! attempt that is never settled (an exception during the check) is released without counting.
  class Attempt {
  public:
    Attempt(Attempt&& other) noexcept;
    Attempt& operator=(Attempt&&) = delete;
    Attempt(const Attempt&) = delete;
    ~Attempt();

    //! True when the password may be checked.
    bool allowed() const { return allowed_; }
    //! For a refused attempt: milliseconds until this account may be tried again from this address (at least 1).
    std::int64_t retry_after_ms() const { return retry_after_ms_; }
    //! The password was right: forgets this address's failures on the account.
    void succeeded();
    //! The password was wrong (or the account unknown): counts the failure everywhere.
    void failed();

  private:
    friend class LoginThrottle;
    Attempt(LoginThrottle* throttle, std::string account, std::string address, bool allowed,
            std::int64_t retry_after_ms);

    LoginThrottle* throttle_; // null once settled
    std::string account_;
    std::string address_;
    bool allowed_;
    std::int64_t retry_after_ms_;
  };

  explicit LoginThrottle(Clock now_ms, ThrottlePolicy policy = {});

  //! Decides whether a sign-in to the account (e-mail, any case) from the client address may go ahead, and if so
  //! reserves it. With a solved captcha (proof of work) the (account, address) delay is skipped, unless the account
  //! is under attack; the address limit always applies.
  Attempt begin(std::string_view email, std::string_view address, bool captcha_solved = false);

  //! Keys held per table (tests of the memory bound).
  std::size_t tracked_pairs() const;
  std::size_t tracked_accounts() const;
  std::size_t tracked_addresses() const;

private:
  enum class Outcome { success, failure, abandoned };

  struct PairState {
    int failures = 0;
    std::int64_t last_failure_ms = 0;
    int in_flight = 0;
    std::int64_t last_activity_ms = 0;
  };
  struct WindowState {
    std::deque<std::int64_t> failure_times_ms; // newest at the back, at most the limit's worth
    int in_flight = 0;
    std::int64_t last_activity_ms = 0;
  };

  void settle(const std::string& account, const std::string& address, Outcome outcome);
  std::int64_t pair_delay_ms(int previous_failures, bool under_attack) const;
  static std::size_t recent(WindowState& state, std::int64_t window_ms, std::int64_t now_ms);
  template <class Table> void bound(Table& table, std::int64_t now_ms, std::int64_t memory_ms);

  Clock now_ms_;
  ThrottlePolicy policy_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, PairState> pairs_; // account + '\n' + address
  std::unordered_map<std::string, WindowState> accounts_;
  std::unordered_map<std::string, WindowState> addresses_;
};

} // namespace argus::services
