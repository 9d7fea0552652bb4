#pragma once
// Sign-ins between their steps (a second factor to prove, an organization to choose): the user has passed one step and
// a random token in an HttpOnly cookie names what they may do next. Only the token's digest is kept, in memory (a
// restart starts the sign-in over). Each pending sign-in names the user and the "remember me" choice, lives a fixed
// time and, when the step is a guess (a code), allows a number of failures. Thread-safe.
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace argus::services {

class PendingSignIns {
public:
  struct Pending {
    std::int64_t user_id = 0;
    bool remember = false;
    std::int64_t expires_ms = 0;
    int failures = 0;
  };

  //! max_failures: how many failed tries a pending sign-in allows (0: failures are not counted).
  PendingSignIns(std::int64_t lifetime_ms, int max_failures, std::function<std::int64_t()> now_ms);

  //! A new pending sign-in for the user; answers its token (for the cookie only).
  std::string create(std::int64_t user_id, bool remember);
  //! The live pending sign-in of a token; nullopt when unknown, expired or spent.
  std::optional<Pending> find(std::string_view token);
  //! Counts a failed try; answers false (and forgets the pending sign-in) when it was the last one allowed.
  bool failed(std::string_view token);
  //! Forgets the pending sign-in (signed in, or abandoned).
  void remove(std::string_view token);

private:
  void drop_expired(std::int64_t now); // mutex_ held

  std::int64_t lifetime_ms_;
  int max_failures_;
  std::function<std::int64_t()> now_ms_;
  std::mutex mutex_;
  std::map<std::string, Pending, std::less<>> pending_; // by token digest
};

} // namespace argus::services
