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
    sessions_.emplace(std::move(key), Entry{std::move(record), last_seen_ms, now});
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
  bool in_store = true;
  try {
    database_.insert_session(session.record);
  } catch (const StorageFullError& e) {
    // A full disk or database must not keep anyone out: sessions are served from memory, so this one works until
    // argusd restarts (it is not persisted, and other shards do not know it).
    spdlog::warn("session for user {} kept in memory only: {}", user_id, e.what());
    in_store = false;
  }
  std::lock_guard lock(mutex_);
  sessions_[session.record.token_hash] = Entry{session.record, now, now, in_store};
  return session;
}

std::optional<store::SessionRecord> SessionService::find(std::string_view token) {
  if (token.empty())
    return std::nullopt;
  std::string digest = token_digest_hex(token);
  std::int64_t now = now_ms_();
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(digest);
    if (it != sessions_.end() && is_expired(it->second.record, now)) {
      sessions_.erase(it);
      it = sessions_.end();
    } else if (it != sessions_.end() &&
               (!it->second.in_store || now - it->second.store_checked_ms < k_store_check_interval_ms)) {
      return it->second.record;
    }
  }
  return check_with_store(digest, now);
}

std::optional<store::SessionRecord> SessionService::check_with_store(const std::string& digest, std::int64_t now) {
  std::optional<store::SessionRecord> stored;
  try {
    stored = database_.find_session(digest);
  } catch (const Error& error) {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(digest);
    if (it == sessions_.end())
      throw;
    // The store is unreachable: the session this shard knows keeps working; it is checked again on the next call.
    spdlog::warn("session check skipped, the store answered: {}", error.what());
    return it->second.record;
  }
  bool expired = false;
  std::optional<store::SessionRecord> answer;
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(digest);
    if (!stored) {
      if (it != sessions_.end())
        sessions_.erase(it); // signed out (or ended) elsewhere
      return std::nullopt;
    }
    if (it == sessions_.end()) {
      // Made by another shard (or before this one started): known here from now on.
      auto persisted = stored->last_seen_ms;
      it = sessions_.emplace(digest, Entry{*stored, persisted, now}).first;
    } else {
      // The store has the organization switches and the activity of every shard; this one's newer activity may not
      // be written yet.
      auto& record = it->second.record;
      record.organization_id = stored->organization_id;
      record.last_seen_ms = std::max(record.last_seen_ms, stored->last_seen_ms);
      it->second.persisted_last_seen_ms = std::max(it->second.persisted_last_seen_ms, stored->last_seen_ms);
      it->second.store_checked_ms = now;
    }
    expired = is_expired(it->second.record, now);
    if (expired)
      sessions_.erase(it);
    else
      answer = it->second.record;
  }
  if (expired)
    database_.delete_session(digest);
  return answer;
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
  // Sessions the user opened through other shards are in the store only.
  for (const auto& stored : database_.all_sessions()) {
    if (stored.user_id == user_id && stored.token_hash != keep &&
        std::find(ended.begin(), ended.end(), stored.token_hash) == ended.end())
      ended.push_back(stored.token_hash);
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
