#pragma once
// The sign-ins waiting for their second factor: after the password of a user with an authenticator, /login/login
// answers mode two_factor and sets a cookie with a random challenge token (only its digest is kept, in memory). The
// challenge names the user and the "remember me" choice, lives 5 minutes and allows 5 wrong codes; then the sign-in
// starts again from the password. Thread-safe.
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace argus::services {

class TwoFactorChallenges {
public:
  static constexpr const char* k_cookie_name = "argus_two_factor";
  static constexpr std::int64_t k_lifetime_ms = 5 * 60 * 1000;
  static constexpr int k_max_wrong_codes = 5;

  struct Challenge {
    std::int64_t user_id = 0;
    bool remember = false;
    std::int64_t expires_ms = 0;
    int wrong_codes = 0;
  };

  explicit TwoFactorChallenges(std::function<std::int64_t()> now_ms);

  //! A new challenge for the user; answers its token (for the cookie only).
  std::string create(std::int64_t user_id, bool remember);
  //! The live challenge of a token; nullopt when unknown, expired or spent.
  std::optional<Challenge> find(std::string_view token);
  //! Counts a wrong code; answers false (and forgets the challenge) when it was the last one allowed.
  bool wrong_code(std::string_view token);
  //! Forgets the challenge (signed in, or abandoned).
  void remove(std::string_view token);

  //! Set-Cookie values: the token (HttpOnly, SameSite=Strict, Path=/, 5 minutes) and its removal.
  static std::string cookie_header(std::string_view token, bool secure);
  static std::string clear_cookie_header(bool secure);

private:
  void drop_expired(std::int64_t now); // mutex_ held

  std::function<std::int64_t()> now_ms_;
  std::mutex mutex_;
  std::map<std::string, Challenge, std::less<>> challenges_; // by token digest
};

} // namespace argus::services
