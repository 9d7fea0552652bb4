#pragma once
// Server-side sessions. The cookie carries a random token; only its digest is stored. Sessions live in memory, are
// written through on create/delete/org change, and their last_seen_ms is persisted lazily so that they survive
// restarts. Shards share the store: a token unknown here is looked up there (a session made by another shard), and a
// session held here is checked against the store at most every k_store_check_interval_ms (signed out or switched to
// another organization on another shard). See docs/design/sessions.md.
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "services/clock.hpp"
#include "store/records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

struct NewSession {
  std::string token; // goes into the cookie only
  store::SessionRecord record;
};

class SessionService {
public:
  static constexpr const char* k_cookie_name = "argus_session";
  static constexpr std::int64_t k_idle_timeout_cap_ms = 864000000;
  static constexpr std::int64_t k_min_idle_timeout_ms = 60'000;
  static constexpr std::int64_t k_lifetime_ms = 12LL * 3600 * 1000;
  static constexpr std::int64_t k_remember_lifetime_ms = 30LL * 24 * 3600 * 1000;
  static constexpr std::int64_t k_last_seen_persist_interval_ms = 60'000;
  static constexpr std::int64_t k_store_check_interval_ms = 5'000;

  //! Loads the stored sessions, dropping expired ones.
  SessionService(store::Database& database, Clock now_ms);

  //! Creates and stores a session for the user in an organization.
  NewSession create(std::int64_t user_id, std::int64_t organization_id, std::int64_t idle_timeout_minutes,
                    bool remember);
  //! The live session of a token; an expired one is deleted and answers nullopt. A store that cannot be read keeps
  //! the sessions held in memory working (and one unknown here answers the store's error).
  std::optional<store::SessionRecord> find(std::string_view token);
  //! Restarts the idle timer of a live session and answers it.
  std::optional<store::SessionRecord> refresh(std::string_view token);
  //! Switches a live session to another organization (written through).
  void set_organization(std::string_view token, std::int64_t organization_id);
  //! Deletes a session (no-op when unknown).
  void remove(std::string_view token);
  //! Ends every session of the user except the one of keep_token (e.g. the session that changed the password; ""
  //! ends them all). Answers how many ended.
  std::size_t remove_user_sessions(std::int64_t user_id, std::string_view keep_token = {});
  //! Number of sessions held in memory.
  std::size_t size() const;

  //! When the session's idle timer runs out.
  static std::int64_t idle_expires_at_ms(const store::SessionRecord& session);
  //! The idle timeout for a user setting in minutes, clamped to [1 minute, cap].
  static std::int64_t idle_timeout_ms_for(std::int64_t minutes);
  //! Set-Cookie value for a new session (Max-Age 30 days when remembered, else a browser-session cookie; Secure when
  //! served over TLS).
  static std::string cookie_header(std::string_view token, bool remember, bool secure);
  //! Set-Cookie value that clears the session cookie.
  static std::string clear_cookie_header(bool secure);

private:
  struct Entry {
    store::SessionRecord record;
    std::int64_t persisted_last_seen_ms = 0;
    std::int64_t store_checked_ms = 0;
    bool in_store = true; // false: kept in memory only (the store was full when it was made)
  };
  bool is_expired(const store::SessionRecord& session, std::int64_t now_ms) const;
  //! The session as the store has it now, merged into memory (nullopt: it ended); digest's entry must be due a check.
  std::optional<store::SessionRecord> check_with_store(const std::string& digest, std::int64_t now);

  store::Database& database_;
  Clock now_ms_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> sessions_; // by token digest
};

} // namespace argus::services
