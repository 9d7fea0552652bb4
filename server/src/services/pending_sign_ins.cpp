#include "services/pending_sign_ins.hpp"

#include "services/token_codec.hpp"

namespace argus::services {

PendingSignIns::PendingSignIns(std::int64_t lifetime_ms, int max_failures, std::function<std::int64_t()> now_ms)
    : lifetime_ms_(lifetime_ms), max_failures_(max_failures), now_ms_(std::move(now_ms)) {}

std::string PendingSignIns::create(std::int64_t user_id, bool remember) {
  auto token = random_token_base64url(32);
  const auto now = now_ms_();
  std::lock_guard lock(mutex_);
  drop_expired(now);
  pending_[token_digest_hex(token)] = Pending{user_id, remember, now + lifetime_ms_, 0};
  return token;
}

std::optional<PendingSignIns::Pending> PendingSignIns::find(std::string_view token) {
  if (token.empty())
    return std::nullopt;
  std::lock_guard lock(mutex_);
  drop_expired(now_ms_());
  auto found = pending_.find(token_digest_hex(token));
  if (found == pending_.end())
    return std::nullopt;
  return found->second;
}

bool PendingSignIns::failed(std::string_view token) {
  std::lock_guard lock(mutex_);
  auto found = pending_.find(token_digest_hex(token));
  if (found == pending_.end())
    return false;
  if (max_failures_ == 0 || ++found->second.failures < max_failures_)
    return true;
  pending_.erase(found);
  return false;
}

void PendingSignIns::remove(std::string_view token) {
  std::lock_guard lock(mutex_);
  pending_.erase(token_digest_hex(token));
}

void PendingSignIns::drop_expired(std::int64_t now) {
  std::erase_if(pending_, [now](const auto& entry) { return entry.second.expires_ms <= now; });
}

} // namespace argus::services
