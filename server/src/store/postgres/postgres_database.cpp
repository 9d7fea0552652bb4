// PostgresDatabase: opening, migrations, transactions (a connection pinned to the calling thread), users,
// memberships, sessions and settings. The other areas are in postgres_database_<area>.cpp, as for SQLite.
#include "store/postgres/postgres_database.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>

#include "common/error.hpp"
#include "store/migration_plan.hpp"
#include "store/postgres/embedded_postgres_migrations.hpp"
#include "store/postgres/pg_connection.hpp"

namespace argus::store {
namespace {

// Any constant: the advisory lock every argusd takes while it migrates the database.
constexpr std::int64_t k_migration_lock_key = 0x4172677573; // "Argus"

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::int64_t wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The URL with a connect_timeout, unless it sets one, so that a call while PostgreSQL is unreachable fails in time.
std::string with_connect_timeout(const std::string& url, int timeout_s) {
  if (url.find("connect_timeout") != std::string::npos)
    return url;
  bool is_uri = url.starts_with("postgresql://") || url.starts_with("postgres://");
  if (!is_uri)
    return url + " connect_timeout=" + std::to_string(timeout_s);
  return url + (url.find('?') == std::string::npos ? "?" : "&") + "connect_timeout=" + std::to_string(timeout_s);
}

const std::string k_user_columns = "SELECT id, name, email, password_hash, min_idle_timeout_minutes, password_expired, "
                                   "password_changed_ms FROM users ";

UserRecord read_user(const PgResult& rows, int row) {
  return UserRecord{rows.integer(row, 0), rows.text(row, 1),    rows.text(row, 2),   rows.text(row, 3),
                    rows.integer(row, 4), rows.boolean(row, 5), rows.integer(row, 6)};
}

} // namespace

std::vector<Migration> builtin_postgres_migrations() {
  return parse_migrations(embedded_postgres_migrations());
}

PostgresDatabase::PostgresDatabase(const std::string& url)
    : PostgresDatabase(url, builtin_postgres_migrations(), Options{}) {}

PostgresDatabase::PostgresDatabase(const std::string& url, const std::vector<Migration>& migrations, Options options)
    : pool_(with_connect_timeout(url, options.connect_timeout_s), options.pool_size, options.lease_timeout) {
  migrate(migrations);
}

PostgresDatabase::~PostgresDatabase() = default;

PgConnection* PostgresDatabase::pinned_connection() {
  std::lock_guard lock(pinned_mutex_);
  auto it = pinned_.find(std::this_thread::get_id());
  return it == pinned_.end() ? nullptr : it->second;
}

PostgresDatabase::Session PostgresDatabase::session() {
  if (auto* pinned = pinned_connection())
    return Session(*pinned);
  return Session(pool_.lease());
}

void PostgresDatabase::migrate(const std::vector<Migration>& migrations) {
  auto lease = pool_.lease();
  auto& connection = *lease;
  connection.exec("SELECT pg_advisory_lock($1)", {k_migration_lock_key});
  try {
    connection.execute_script("CREATE TABLE IF NOT EXISTS schema_migrations (version bigint PRIMARY KEY, "
                              "name text NOT NULL, applied_ms bigint NOT NULL)");
    std::vector<std::int64_t> applied;
    auto rows = connection.exec("SELECT version FROM schema_migrations ORDER BY version");
    for (int i = 0; i < rows.size(); ++i)
      applied.push_back(rows.integer(i, 0));
    for (const auto& migration : pending_migrations(applied, migrations)) {
      connection.execute_script("BEGIN");
      try {
        connection.execute_script(migration.sql);
        connection.exec("INSERT INTO schema_migrations (version, name, applied_ms) VALUES ($1, $2, $3)",
                        {migration.version, migration.name, wall_clock_ms()});
        connection.execute_script("COMMIT");
      } catch (const Error& error) {
        try {
          connection.execute_script("ROLLBACK");
        } catch (const Error&) {
          // A lost connection rolled back already.
        }
        throw Error(error.kind(), "migration " + migration.name + " failed: " + error.what());
      }
    }
  } catch (...) {
    try {
      connection.exec("SELECT pg_advisory_unlock($1)", {k_migration_lock_key});
    } catch (const Error&) {
    }
    throw;
  }
  connection.exec("SELECT pg_advisory_unlock($1)", {k_migration_lock_key});
}

void PostgresDatabase::in_transaction(const std::function<void()>& fn) {
  if (pinned_connection()) {
    fn();
    return;
  }
  auto lease = pool_.lease();
  auto thread = std::this_thread::get_id();
  auto unpin = [&] {
    std::lock_guard lock(pinned_mutex_);
    pinned_.erase(thread);
  };
  lease->execute_script("BEGIN");
  {
    std::lock_guard lock(pinned_mutex_);
    pinned_[thread] = &*lease;
  }
  try {
    fn();
  } catch (...) {
    unpin();
    try {
      lease->execute_script("ROLLBACK");
    } catch (const Error&) {
      // A lost connection rolled back already; the pool drops it.
    }
    throw;
  }
  unpin();
  lease->execute_script("COMMIT");
}

std::vector<std::int64_t> PostgresDatabase::applied_migrations() {
  auto db = session();
  auto rows = db->exec("SELECT version FROM schema_migrations ORDER BY version");
  std::vector<std::int64_t> versions;
  for (int i = 0; i < rows.size(); ++i)
    versions.push_back(rows.integer(i, 0));
  return versions;
}

void PostgresDatabase::advance_id_sequence(PgConnection& connection, const std::string& table) {
  connection.exec("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), " +
                  "GREATEST((SELECT COALESCE(MAX(id), 0) FROM " + table + "), 1))");
}

std::optional<UserRecord> PostgresDatabase::find_user_by_email(std::string_view email) {
  auto db = session();
  auto rows = db->exec(k_user_columns + "WHERE email_lower = $1", {lower(email)});
  if (rows.empty())
    return std::nullopt;
  return read_user(rows, 0);
}

std::optional<UserRecord> PostgresDatabase::find_user(std::int64_t user_id) {
  auto db = session();
  auto rows = db->exec(k_user_columns + "WHERE id = $1", {user_id});
  if (rows.empty())
    return std::nullopt;
  return read_user(rows, 0);
}

std::int64_t PostgresDatabase::insert_user(const UserRecord& user) {
  auto db = session();
  std::vector<PgValue> values{user.name,
                              user.email,
                              lower(user.email),
                              user.password_hash,
                              user.min_idle_timeout_minutes,
                              user.password_expired,
                              user.password_changed_ms != 0 ? user.password_changed_ms : wall_clock_ms()};
  if (user.id == 0) {
    return db
        ->exec("INSERT INTO users (name, email, email_lower, password_hash, min_idle_timeout_minutes, "
               "password_expired, password_changed_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
               values)
        .integer(0, 0);
  }
  values.push_back(user.id);
  db->exec("INSERT INTO users (name, email, email_lower, password_hash, min_idle_timeout_minutes, password_expired, "
           "password_changed_ms, id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
           values);
  advance_id_sequence(*db, "users");
  return user.id;
}

bool PostgresDatabase::set_user_idle_timeout(std::int64_t user_id, std::int64_t minutes) {
  auto db = session();
  return db->exec("UPDATE users SET min_idle_timeout_minutes = $1 WHERE id = $2", {minutes, user_id}).affected_rows() >
         0;
}

std::int64_t PostgresDatabase::count_users() {
  auto db = session();
  return db->exec("SELECT COUNT(*) FROM users").integer(0, 0);
}

std::vector<MembershipRecord> PostgresDatabase::memberships_of_user(std::int64_t user_id) {
  auto db = session();
  auto rows = db->exec("SELECT user_id, organization_id, is_admin, is_org_write_admin, disabled "
                       "FROM memberships WHERE user_id = $1 ORDER BY organization_id",
                       {user_id});
  std::vector<MembershipRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.boolean(i, 2), rows.boolean(i, 3), rows.boolean(i, 4)});
  }
  return out;
}

void PostgresDatabase::upsert_membership(const MembershipRecord& membership) {
  auto db = session();
  db->exec("INSERT INTO memberships (user_id, organization_id, is_admin, is_org_write_admin, disabled) "
           "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, organization_id) DO UPDATE SET "
           "is_admin = excluded.is_admin, is_org_write_admin = excluded.is_org_write_admin, "
           "disabled = excluded.disabled",
           {membership.user_id, membership.organization_id, membership.is_admin, membership.is_org_write_admin,
            membership.disabled});
}

std::vector<MemberRecord> PostgresDatabase::members_of_organization(std::int64_t organization_id,
                                                                    std::optional<std::int64_t> user_id) {
  auto db = session();
  auto rows = db->exec(
      "SELECT u.id, u.name, u.email, u.min_idle_timeout_minutes, m.is_admin, m.is_org_write_admin, m.disabled, "
      "EXISTS (SELECT 1 FROM user_authenticators a WHERE a.user_id = u.id AND a.confirmed = 1), "
      "(SELECT c.method FROM user_sign_in_codes c WHERE c.user_id = u.id) "
      "FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 "
      "AND ($2::bigint IS NULL OR m.user_id = $2::bigint) ORDER BY u.name, u.id",
      {organization_id, user_id});
  std::vector<MemberRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    MemberRecord member;
    member.user_id = rows.integer(i, 0);
    member.name = rows.text(i, 1);
    member.email = rows.text(i, 2);
    member.min_idle_timeout_minutes = rows.integer(i, 3);
    member.membership = {member.user_id, organization_id, rows.boolean(i, 4), rows.boolean(i, 5), rows.boolean(i, 6)};
    member.two_factor_enabled = rows.boolean(i, 7);
    member.sign_in_code = rows.optional_text(i, 8);
    out.push_back(std::move(member));
  }
  return out;
}

std::vector<std::int64_t> PostgresDatabase::monitor_only_networks(std::int64_t user_id) {
  auto db = session();
  auto rows = db->exec("SELECT network_id FROM monitor_only_admins WHERE user_id = $1 ORDER BY network_id", {user_id});
  std::vector<std::int64_t> out;
  for (int i = 0; i < rows.size(); ++i)
    out.push_back(rows.integer(i, 0));
  return out;
}

void PostgresDatabase::add_monitor_only_network(std::int64_t user_id, std::int64_t network_id) {
  auto db = session();
  db->exec("INSERT INTO monitor_only_admins (user_id, network_id) VALUES ($1, $2)", {user_id, network_id});
}

void PostgresDatabase::insert_session(const SessionRecord& session_record) {
  auto db = session();
  db->exec("INSERT INTO sessions (token_hash, user_id, organization_id, remember, idle_timeout_ms, created_ms, "
           "last_seen_ms, expires_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
           {session_record.token_hash, session_record.user_id, session_record.organization_id, session_record.remember,
            session_record.idle_timeout_ms, session_record.created_ms, session_record.last_seen_ms,
            session_record.expires_ms});
}

std::vector<SessionRecord> PostgresDatabase::all_sessions() {
  auto db = session();
  auto rows = db->exec("SELECT token_hash, user_id, organization_id, remember, idle_timeout_ms, created_ms, "
                       "last_seen_ms, expires_ms FROM sessions");
  std::vector<SessionRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.text(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.boolean(i, 3), rows.integer(i, 4),
                   rows.integer(i, 5), rows.integer(i, 6), rows.integer(i, 7)});
  }
  return out;
}

std::optional<SessionRecord> PostgresDatabase::find_session(std::string_view token_hash) {
  auto db = session();
  auto rows = db->exec("SELECT token_hash, user_id, organization_id, remember, idle_timeout_ms, created_ms, "
                       "last_seen_ms, expires_ms FROM sessions WHERE token_hash = $1",
                       {std::string(token_hash)});
  if (rows.empty())
    return std::nullopt;
  return SessionRecord{rows.text(0, 0),    rows.integer(0, 1), rows.integer(0, 2), rows.boolean(0, 3),
                       rows.integer(0, 4), rows.integer(0, 5), rows.integer(0, 6), rows.integer(0, 7)};
}

void PostgresDatabase::update_session(const SessionRecord& session_record) {
  auto db = session();
  db->exec("UPDATE sessions SET last_seen_ms = $1, organization_id = $2 WHERE token_hash = $3",
           {session_record.last_seen_ms, session_record.organization_id, session_record.token_hash});
}

void PostgresDatabase::delete_session(std::string_view token_hash) {
  auto db = session();
  db->exec("DELETE FROM sessions WHERE token_hash = $1", {token_hash});
}

std::optional<std::string> PostgresDatabase::find_setting(std::string_view name) {
  auto db = session();
  auto rows = db->exec("SELECT value FROM server_settings WHERE name = $1", {name});
  if (rows.empty())
    return std::nullopt;
  return rows.text(0, 0);
}

std::string PostgresDatabase::insert_setting_if_absent(std::string_view name, std::string_view value) {
  auto db = session();
  // One statement, so that two servers storing the same setting at once agree on the value.
  db->exec("INSERT INTO server_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", {name, value});
  return db->exec("SELECT value FROM server_settings WHERE name = $1", {name}).text(0, 0);
}

} // namespace argus::store
