#include "services/login_throttle.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>
#include <utility>
#include <vector>

namespace argus::services {
namespace {

constexpr std::int64_t k_in_flight_retry_ms = 1'000; // refused only because of attempts still being checked
constexpr int k_max_doublings = 30;

std::string account_key(std::string_view email) {
  std::string key(email);
  std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
  return key;
}

// Addresses never contain a newline, so the key splits back into exactly one (account, address).
std::string pair_key(const std::string& account, const std::string& address) {
  return account + '\n' + address;
}

std::size_t failure_count(const auto& state) {
  if constexpr (requires { state.failures; })
    return static_cast<std::size_t>(state.failures);
  else
    return state.failure_times_ms.size();
}

std::int64_t doubled(std::int64_t first_ms, int doublings, std::int64_t max_ms) {
  doublings = std::min(doublings, k_max_doublings);
  return std::min(first_ms << doublings, max_ms);
}

} // namespace

LoginThrottle::Attempt::Attempt(LoginThrottle* throttle, std::string account, std::string address, bool allowed,
                                std::int64_t retry_after_ms)
    : throttle_(allowed ? throttle : nullptr), account_(std::move(account)), address_(std::move(address)),
      allowed_(allowed), retry_after_ms_(retry_after_ms) {}

LoginThrottle::Attempt::Attempt(Attempt&& other) noexcept
    : throttle_(std::exchange(other.throttle_, nullptr)), account_(std::move(other.account_)),
      address_(std::move(other.address_)), allowed_(other.allowed_), retry_after_ms_(other.retry_after_ms_) {}

LoginThrottle::Attempt::~Attempt() {
  if (throttle_)
    throttle_->settle(account_, address_, Outcome::abandoned);
}

void LoginThrottle::Attempt::succeeded() {
  if (auto* throttle = std::exchange(throttle_, nullptr))
    throttle->settle(account_, address_, Outcome::success);
}

void LoginThrottle::Attempt::failed() {
  if (auto* throttle = std::exchange(throttle_, nullptr))
    throttle->settle(account_, address_, Outcome::failure);
}

LoginThrottle::LoginThrottle(Clock now_ms, ThrottlePolicy policy) : now_ms_(std::move(now_ms)), policy_(policy) {}

LoginThrottle::Attempt LoginThrottle::begin(std::string_view email, std::string_view address_view,
                                            bool captcha_solved) {
  std::string account = account_key(email);
  std::string address(address_view);
  std::string key = pair_key(account, address);
  std::lock_guard lock(mutex_);
  std::int64_t now = now_ms_();
  std::int64_t retry_at_ms = now;

  // Credential stuffing: one address failing across accounts. Attempts still being checked count as failures.
  if (auto it = addresses_.find(address); it != addresses_.end()) {
    auto& state = it->second;
    if (recent(state, policy_.address_window_ms, now) + static_cast<std::size_t>(state.in_flight) >=
        policy_.address_failures_limit) {
      retry_at_ms = std::max(retry_at_ms, state.failure_times_ms.empty()
                                              ? now + k_in_flight_retry_ms
                                              : state.failure_times_ms.front() + policy_.address_window_ms);
    }
  }

  bool under_attack = false;
  if (auto it = accounts_.find(account); it != accounts_.end()) {
    auto& state = it->second;
    under_attack = recent(state, policy_.account_window_ms, now) + static_cast<std::size_t>(state.in_flight) >=
                   policy_.account_failures_cap;
  }

  if (auto it = pairs_.find(key); it != pairs_.end()) {
    auto& pair = it->second;
    if (pair.in_flight == 0 && now - pair.last_failure_ms >= policy_.pair_memory_ms) {
      pairs_.erase(it);
    } else if (int previous = pair.failures + pair.in_flight; previous > 0 && !(captcha_solved && !under_attack)) {
      // An attempt still being checked is taken for a failure that happens now.
      std::int64_t since_ms = pair.in_flight > 0 ? now : pair.last_failure_ms;
      retry_at_ms = std::max(retry_at_ms, since_ms + pair_delay_ms(previous, under_attack));
    }
  }

  if (retry_at_ms > now)
    return Attempt(this, std::move(account), std::move(address), false, retry_at_ms - now);

  if (!pairs_.count(key))
    bound(pairs_, now, policy_.pair_memory_ms);
  if (!accounts_.count(account))
    bound(accounts_, now, policy_.account_window_ms);
  if (!addresses_.count(address))
    bound(addresses_, now, policy_.address_window_ms);
  for (auto* state : {&pairs_[key].in_flight, &accounts_[account].in_flight, &addresses_[address].in_flight})
    ++*state;
  pairs_[key].last_activity_ms = accounts_[account].last_activity_ms = addresses_[address].last_activity_ms = now;
  return Attempt(this, std::move(account), std::move(address), true, 0);
}

void LoginThrottle::settle(const std::string& account, const std::string& address, Outcome outcome) {
  std::lock_guard lock(mutex_);
  std::int64_t now = now_ms_();
  // Tables may have dropped an entry under a flood (bound() keeps in-flight ones, so this is rare): recreate it.
  auto& pair = pairs_[pair_key(account, address)];
  auto& account_state = accounts_[account];
  auto& address_state = addresses_[address];
  for (auto* in_flight : {&pair.in_flight, &account_state.in_flight, &address_state.in_flight})
    *in_flight = std::max(0, *in_flight - 1);
  pair.last_activity_ms = account_state.last_activity_ms = address_state.last_activity_ms = now;

  if (outcome == Outcome::failure) {
    ++pair.failures;
    pair.last_failure_ms = now;
    auto record = [now](WindowState& state, std::size_t keep) {
      state.failure_times_ms.push_back(now);
      while (state.failure_times_ms.size() > keep)
        state.failure_times_ms.pop_front();
    };
    record(account_state, policy_.account_failures_cap);
    record(address_state, policy_.address_failures_limit);
  } else if (outcome == Outcome::success) {
    pair.failures = 0;
  }

  if (pair.failures == 0 && pair.in_flight == 0)
    pairs_.erase(pair_key(account, address));
  if (account_state.failure_times_ms.empty() && account_state.in_flight == 0)
    accounts_.erase(account);
  if (address_state.failure_times_ms.empty() && address_state.in_flight == 0)
    addresses_.erase(address);
}

std::int64_t LoginThrottle::pair_delay_ms(int previous_failures, bool under_attack) const {
  if (under_attack)
    return doubled(policy_.attacked_first_delay_ms, previous_failures - 1, policy_.max_delay_ms);
  if (previous_failures < policy_.free_failures_per_pair)
    return 0;
  return doubled(policy_.first_delay_ms, previous_failures - policy_.free_failures_per_pair, policy_.max_delay_ms);
}

std::size_t LoginThrottle::recent(WindowState& state, std::int64_t window_ms, std::int64_t now_ms) {
  auto& times = state.failure_times_ms;
  while (!times.empty() && times.front() <= now_ms - window_ms)
    times.pop_front();
  return times.size();
}

// Makes room for one more key: first drops the keys idle for longer than they matter; when a flood of keys is still
// too many, a quarter of them, those with the fewest failures first and the least recently active among equals (a
// flood of one-failure keys cannot push out the pairs that are being delayed). Keys with attempts in flight stay.
template <class Table> void LoginThrottle::bound(Table& table, std::int64_t now_ms, std::int64_t memory_ms) {
  if (table.size() < policy_.max_tracked_keys)
    return;
  std::erase_if(table, [&](const auto& entry) {
    return entry.second.in_flight == 0 && now_ms - entry.second.last_activity_ms >= memory_ms;
  });
  if (table.size() < policy_.max_tracked_keys)
    return;
  std::vector<std::tuple<std::size_t, std::int64_t, std::string>> idle; // failures, last activity, key
  for (const auto& [key, state] : table) {
    if (state.in_flight == 0)
      idle.emplace_back(failure_count(state), state.last_activity_ms, key);
  }
  std::size_t evict = std::min(idle.size(), std::max<std::size_t>(1, policy_.max_tracked_keys / 4));
  std::nth_element(idle.begin(), idle.begin() + static_cast<std::ptrdiff_t>(evict), idle.end());
  for (std::size_t i = 0; i < evict; ++i)
    table.erase(std::get<2>(idle[i]));
}

std::size_t LoginThrottle::tracked_pairs() const {
  std::lock_guard lock(mutex_);
  return pairs_.size();
}

std::size_t LoginThrottle::tracked_accounts() const {
  std::lock_guard lock(mutex_);
  return accounts_.size();
}

std::size_t LoginThrottle::tracked_addresses() const {
  std::lock_guard lock(mutex_);
  return addresses_.size();
}

} // namespace argus::services
