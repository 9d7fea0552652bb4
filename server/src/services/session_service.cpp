#include "services/session_service.hpp"

#include <algorithm>
#include <vector>

#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "services/token_codec.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr std::size_t k_token_bytes = 32;

} // namespace

SessionService::SessionService(store::Database& database, Clock now_ms)
    : database_(database), now_ms_(std::move(now_ms)) {
  std::int64_t now = now_ms_();
  for (auto& record : database_.all_sessions()) {
    if (is_expired(record, now)) {
      database_.delete_session(record.token_hash);
      continue;
    }
    std::string key = record.token_hash;
    std::int64_t last_seen_ms = record.last_seen_ms;
    sessions_.emplace(std::move(key), Entry{std::move(record), last_seen_ms});
  }
}

NewSession SessionService::create(std::int64_t user_id, std::int64_t organization_id, std::int64_t idle_timeout_minutes,
                                  bool remember) {
  std::int64_t now = now_ms_();
  NewSession session;
  session.token = random_token_base64url(k_token_bytes);
  session.record = store::SessionRecord{token_digest_hex(session.token),
                                        user_id,
                                        organization_id,
                                        remember,
                                        idle_timeout_ms_for(idle_timeout_minutes),
                                        now,
                                        now,
                                        now + (remember ? k_remember_lifetime_ms : k_lifetime_ms)};
  try {
    database_.insert_session(session.record);
  } catch (const StorageFullError& e) {
    // A full disk or database must not keep anyone out: sessions are served from memory, so this one works until
    // argusd restarts (it is not persisted).
    spdlog::warn("session for user {} kept in memory only: {}", user_id, e.what());
  }
  std::lock_guard lock(mutex_);
  sessions_[session.record.token_hash] = Entry{session.record, now};
  return session;
}

std::optional<store::SessionRecord> SessionService::find(std::string_view token) {
  if (token.empty())
    return std::nullopt;
  std::string digest = token_digest_hex(token);
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(digest);
    if (it == sessions_.end())
      return std::nullopt;
    if (!is_expired(it->second.record, now_ms_()))
      return it->second.record;
    sessions_.erase(it);
  }
  database_.delete_session(digest);
  return std::nullopt;
}

std::optional<store::SessionRecord> SessionService::refresh(std::string_view token) {
  if (!find(token))
    return std::nullopt;
  std::string digest = token_digest_hex(token);
  std::optional<store::SessionRecord> to_persist;
  store::SessionRecord answer;
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(digest);
    if (it == sessions_.end())
      return std::nullopt;
    std::int64_t now = now_ms_();
    it->second.record.last_seen_ms = now;
    if (now - it->second.persisted_last_seen_ms >= k_last_seen_persist_interval_ms) {
      it->second.persisted_last_seen_ms = now;
      to_persist = it->second.record;
    }
    answer = it->second.record;
  }
  if (to_persist)
    database_.update_session(*to_persist);
  return answer;
}

void SessionService::set_organization(std::string_view token, std::int64_t organization_id) {
  std::string digest = token_digest_hex(token);
  store::SessionRecord updated;
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(digest);
    if (it == sessions_.end())
      return;
    it->second.record.organization_id = organization_id;
    it->second.persisted_last_seen_ms = it->second.record.last_seen_ms;
    updated = it->second.record;
  }
  database_.update_session(updated);
}

void SessionService::remove(std::string_view token) {
  if (token.empty())
    return;
  std::string digest = token_digest_hex(token);
  {
    std::lock_guard lock(mutex_);
    sessions_.erase(digest);
  }
  database_.delete_session(digest);
}

std::size_t SessionService::remove_user_sessions(std::int64_t user_id, std::string_view keep_token) {
  const std::string keep = keep_token.empty() ? std::string{} : token_digest_hex(keep_token);
  std::vector<std::string> ended;
  {
    std::lock_guard lock(mutex_);
    for (auto it = sessions_.begin(); it != sessions_.end();) {
      if (it->second.record.user_id == user_id && it->first != keep) {
        ended.push_back(it->first);
        it = sessions_.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (const auto& digest : ended)
    database_.delete_session(digest);
  return ended.size();
}

std::size_t SessionService::size() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

bool SessionService::is_expired(const store::SessionRecord& session, std::int64_t now_ms) const {
  return now_ms >= session.expires_ms || now_ms >= idle_expires_at_ms(session);
}

std::int64_t SessionService::idle_expires_at_ms(const store::SessionRecord& session) {
  return session.last_seen_ms + session.idle_timeout_ms;
}

std::int64_t SessionService::idle_timeout_ms_for(std::int64_t minutes) {
  if (minutes <= 0 || minutes > k_idle_timeout_cap_ms / 60'000)
    return k_idle_timeout_cap_ms;
  return std::max(minutes * 60'000, k_min_idle_timeout_ms);
}

std::string SessionService::cookie_header(std::string_view token, bool remember, bool secure) {
  std::string value = std::string(k_cookie_name) + "=" + std::string(token) + "; Path=/; HttpOnly; SameSite=Lax";
  if (remember)
    value += "; Max-Age=" + std::to_string(k_remember_lifetime_ms / 1000);
  if (secure)
    value += "; Secure";
  return value;
}

std::string SessionService::clear_cookie_header(bool secure) {
  return std::string(k_cookie_name) + "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" + (secure ? "; Secure" : "");
}

} // namespace argus::services
