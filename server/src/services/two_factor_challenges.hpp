#pragma once
// The sign-ins waiting for their second factor: after the password of a user with an authenticator, /login/login
// answers mode two_factor and sets a cookie with a random challenge token (services::PendingSignIns). The challenge
// lives 5 minutes and allows 5 wrong codes; then the sign-in starts again from the password. Thread-safe.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "services/pending_sign_ins.hpp"

namespace argus::services {

class TwoFactorChallenges : public PendingSignIns {
public:
  static constexpr const char* k_cookie_name = "argus_two_factor";
  static constexpr std::int64_t k_lifetime_ms = 5 * 60 * 1000;
  static constexpr int k_max_wrong_codes = 5;

  explicit TwoFactorChallenges(std::function<std::int64_t()> now_ms)
      : PendingSignIns(k_lifetime_ms, k_max_wrong_codes, std::move(now_ms)) {}

  //! Counts a wrong code; answers false (and forgets the challenge) when it was the last one allowed.
  bool wrong_code(std::string_view token) { return failed(token); }

  //! Set-Cookie values: the token (HttpOnly, SameSite=Strict, Path=/, 5 minutes) and its removal.
  static std::string cookie_header(std::string_view token, bool secure);
  static std::string clear_cookie_header(bool secure);
};

} // namespace argus::services
