#include "services/two_factor_challenges.hpp"

#include "services/token_codec.hpp"

namespace argus::services {

TwoFactorChallenges::TwoFactorChallenges(std::function<std::int64_t()> now_ms) : now_ms_(std::move(now_ms)) {}

std::string TwoFactorChallenges::create(std::int64_t user_id, bool remember) {
  auto token = random_token_base64url(32);
  const auto now = now_ms_();
  std::lock_guard lock(mutex_);
  drop_expired(now);
  challenges_[token_digest_hex(token)] = Challenge{user_id, remember, now + k_lifetime_ms, 0};
  return token;
}

std::optional<TwoFactorChallenges::Challenge> TwoFactorChallenges::find(std::string_view token) {
  if (token.empty())
    return std::nullopt;
  std::lock_guard lock(mutex_);
  drop_expired(now_ms_());
  auto found = challenges_.find(token_digest_hex(token));
  if (found == challenges_.end())
    return std::nullopt;
  return found->second;
}

bool TwoFactorChallenges::wrong_code(std::string_view token) {
  std::lock_guard lock(mutex_);
  auto found = challenges_.find(token_digest_hex(token));
  if (found == challenges_.end())
    return false;
  if (++found->second.wrong_codes < k_max_wrong_codes)
    return true;
  challenges_.erase(found);
  return false;
}

void TwoFactorChallenges::remove(std::string_view token) {
  std::lock_guard lock(mutex_);
  challenges_.erase(token_digest_hex(token));
}

std::string TwoFactorChallenges::cookie_header(std::string_view token, bool secure) {
  return std::string(k_cookie_name) + "=" + std::string(token) + "; Path=/; HttpOnly; SameSite=Strict; Max-Age=" +
         std::to_string(k_lifetime_ms / 1000) + (secure ? "; Secure" : "");
}

std::string TwoFactorChallenges::clear_cookie_header(bool secure) {
  return std::string(k_cookie_name) + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" + (secure ? "; Secure" : "");
}

void TwoFactorChallenges::drop_expired(std::int64_t now) {
  for (auto it = challenges_.begin(); it != challenges_.end();) {
    if (it->second.expires_ms <= now)
      it = challenges_.erase(it);
    else
      ++it;
  }
}

} // namespace argus::services
