#include "services/two_factor_challenges.hpp"

#include "services/sign_in_cookies.hpp"

namespace argus::services {

std::string TwoFactorChallenges::cookie_header(std::string_view token, bool secure) {
  return sign_in_step_cookie(k_cookie_name, token, k_lifetime_ms / 1000, secure);
}

std::string TwoFactorChallenges::clear_cookie_header(bool secure) {
  return cleared_sign_in_step_cookie(k_cookie_name, secure);
}

} // namespace argus::services
