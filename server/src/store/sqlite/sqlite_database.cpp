// SqliteDatabase: opening, migrations, transactions, users, memberships, sessions and settings. The fleet tables are
// in sqlite_database_fleet.cpp.
#include "store/sqlite/sqlite_database.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>

#include "common/error.hpp"
#include "store/migration_plan.hpp"
#include "store/sqlite/sqlite_connection.hpp"

namespace argus::store {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::int64_t wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

const std::string k_user_columns = "SELECT id, name, email, password_hash, min_idle_timeout_minutes, password_expired, "
                                   "password_changed_ms FROM users ";

UserRecord read_user(const SqliteStatement& row) {
  return UserRecord{row.integer(0), row.text(1),         row.text(2),   row.text(3),
                    row.integer(4), row.integer(5) != 0, row.integer(6)};
}

const std::string k_session_columns = "SELECT token_hash, user_id, organization_id, remember, idle_timeout_ms, "
                                      "created_ms, last_seen_ms, expires_ms FROM sessions";

} // namespace

SqliteDatabase::SqliteDatabase(const std::filesystem::path& path) : SqliteDatabase(path, builtin_migrations()) {}

SqliteDatabase::SqliteDatabase(const std::filesystem::path& path, const std::vector<Migration>& migrations)
    : connection_(std::make_unique<SqliteConnection>(path)) {
  migrate(migrations);
}

SqliteDatabase::~SqliteDatabase() = default;

void SqliteDatabase::migrate(const std::vector<Migration>& migrations) {
  std::lock_guard lock(mutex_);
  connection_->execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                       "name TEXT NOT NULL, applied_ms INTEGER NOT NULL)");
  auto pending = pending_migrations(applied_migrations(), migrations);
  if (pending.empty())
    return;
  // A migration may rebuild a table that others reference (new table, copy, drop, rename: the way SQLite changes a
  // constraint). Dropping the old table with foreign keys on would cascade its deletion into the referencing rows,
  // so they are off while migrations run (the pragma only takes effect outside a transaction) and every migration is
  // checked before it commits.
  connection_->execute("PRAGMA foreign_keys = OFF");
  try {
    for (const auto& migration : pending) {
      in_transaction([&] {
        connection_->execute(migration.sql);
        auto violation = connection_->prepare("PRAGMA foreign_key_check");
        if (violation->step())
          throw Error(Error::Kind::internal,
                      "migration " + migration.name + " left a foreign key violation in table " + violation->text(0));
        connection_->prepare("INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, ?)")
            ->bind(1, migration.version)
            .bind(2, std::string_view(migration.name))
            .bind(3, wall_clock_ms())
            .run();
      });
    }
  } catch (...) {
    connection_->execute("PRAGMA foreign_keys = ON");
    throw;
  }
  connection_->execute("PRAGMA foreign_keys = ON");
}

std::int64_t SqliteDatabase::limit_pages_for_tests(std::int64_t max_pages) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("PRAGMA max_page_count = " + std::to_string(max_pages));
  return statement->step() ? statement->integer(0) : 0;
}

void SqliteDatabase::in_transaction(const std::function<void()>& fn) {
  std::lock_guard lock(mutex_);
  if (transaction_depth_ > 0) {
    fn();
    return;
  }
  connection_->execute("BEGIN IMMEDIATE");
  ++transaction_depth_;
  try {
    fn();
    --transaction_depth_;
    connection_->execute("COMMIT");
  } catch (...) {
    transaction_depth_ = 0;
    connection_->execute("ROLLBACK");
    throw;
  }
}

std::vector<std::int64_t> SqliteDatabase::applied_migrations() {
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> versions;
  auto statement = connection_->prepare("SELECT version FROM schema_migrations ORDER BY version");
  while (statement->step())
    versions.push_back(statement->integer(0));
  return versions;
}

std::optional<UserRecord> SqliteDatabase::find_user_by_email(std::string_view email) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_user_columns + "WHERE email_lower = ?");
  statement->bind(1, std::string_view(lower(email)));
  if (!statement->step())
    return std::nullopt;
  return read_user(*statement);
}

std::optional<UserRecord> SqliteDatabase::find_user(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_user_columns + "WHERE id = ?");
  statement->bind(1, user_id);
  if (!statement->step())
    return std::nullopt;
  return read_user(*statement);
}

std::int64_t SqliteDatabase::insert_user(const UserRecord& user) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "INSERT INTO users (id, name, email, email_lower, password_hash, min_idle_timeout_minutes, password_expired, "
      "password_changed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  statement->bind(1, user.id == 0 ? std::optional<std::int64_t>{} : std::optional<std::int64_t>{user.id})
      .bind(2, std::string_view(user.name))
      .bind(3, std::string_view(user.email))
      .bind(4, std::string_view(lower(user.email)))
      .bind(5, std::string_view(user.password_hash))
      .bind(6, user.min_idle_timeout_minutes)
      .bind_bool(7, user.password_expired)
      .bind(8, user.password_changed_ms != 0 ? user.password_changed_ms : wall_clock_ms())
      .run();
  return connection_->last_insert_id();
}

bool SqliteDatabase::set_user_idle_timeout(std::int64_t user_id, std::int64_t minutes) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("UPDATE users SET min_idle_timeout_minutes = ? WHERE id = ?");
  statement->bind(1, minutes).bind(2, user_id).run();
  return statement->changes() > 0;
}

std::int64_t SqliteDatabase::count_users() {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT COUNT(*) FROM users");
  statement->step();
  return statement->integer(0);
}

std::vector<MembershipRecord> SqliteDatabase::memberships_of_user(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT user_id, organization_id, is_admin, is_org_write_admin, disabled "
                                        "FROM memberships WHERE user_id = ? ORDER BY organization_id");
  statement->bind(1, user_id);
  std::vector<MembershipRecord> out;
  while (statement->step()) {
    out.push_back({statement->integer(0), statement->integer(1), statement->integer(2) != 0, statement->integer(3) != 0,
                   statement->integer(4) != 0});
  }
  return out;
}

void SqliteDatabase::upsert_membership(const MembershipRecord& membership) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO memberships (user_id, organization_id, is_admin, is_org_write_admin, disabled) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, organization_id) DO UPDATE SET "
                "is_admin = excluded.is_admin, is_org_write_admin = excluded.is_org_write_admin, "
                "disabled = excluded.disabled")
      ->bind(1, membership.user_id)
      .bind(2, membership.organization_id)
      .bind_bool(3, membership.is_admin)
      .bind_bool(4, membership.is_org_write_admin)
      .bind_bool(5, membership.disabled)
      .run();
}

std::vector<MemberRecord> SqliteDatabase::members_of_organization(std::int64_t organization_id,
                                                                  std::optional<std::int64_t> user_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT u.id, u.name, u.email, u.min_idle_timeout_minutes, m.is_admin, m.is_org_write_admin, m.disabled, "
      "EXISTS (SELECT 1 FROM user_authenticators a WHERE a.user_id = u.id AND a.confirmed = 1), "
      "(SELECT c.method FROM user_sign_in_codes c WHERE c.user_id = u.id) "
      "FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = ?1 "
      "AND (?2 IS NULL OR m.user_id = ?2) ORDER BY u.name, u.id");
  statement->bind(1, organization_id).bind(2, user_id);
  std::vector<MemberRecord> out;
  while (statement->step()) {
    MemberRecord member;
    member.user_id = statement->integer(0);
    member.name = statement->text(1);
    member.email = statement->text(2);
    member.min_idle_timeout_minutes = statement->integer(3);
    member.membership = {member.user_id, organization_id, statement->integer(4) != 0, statement->integer(5) != 0,
                         statement->integer(6) != 0};
    member.two_factor_enabled = statement->integer(7) != 0;
    member.sign_in_code = statement->optional_text(8);
    out.push_back(std::move(member));
  }
  return out;
}

std::vector<std::int64_t> SqliteDatabase::monitor_only_networks(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare("SELECT network_id FROM monitor_only_admins WHERE user_id = ? ORDER BY network_id");
  statement->bind(1, user_id);
  std::vector<std::int64_t> out;
  while (statement->step())
    out.push_back(statement->integer(0));
  return out;
}

void SqliteDatabase::add_monitor_only_network(std::int64_t user_id, std::int64_t network_id) {
  std::lock_guard lock(mutex_);
  connection_->prepare("INSERT INTO monitor_only_admins (user_id, network_id) VALUES (?, ?)")
      ->bind(1, user_id)
      .bind(2, network_id)
      .run();
}

void SqliteDatabase::insert_session(const SessionRecord& session) {
  std::lock_guard lock(mutex_);
  connection_
      ->prepare("INSERT INTO sessions (token_hash, user_id, organization_id, remember, idle_timeout_ms, created_ms, "
                "last_seen_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      ->bind(1, std::string_view(session.token_hash))
      .bind(2, session.user_id)
      .bind(3, session.organization_id)
      .bind_bool(4, session.remember)
      .bind(5, session.idle_timeout_ms)
      .bind(6, session.created_ms)
      .bind(7, session.last_seen_ms)
      .bind(8, session.expires_ms)
      .run();
}

std::vector<SessionRecord> SqliteDatabase::all_sessions() {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_session_columns);
  std::vector<SessionRecord> out;
  while (statement->step()) {
    out.push_back({statement->text(0), statement->integer(1), statement->integer(2), statement->integer(3) != 0,
                   statement->integer(4), statement->integer(5), statement->integer(6), statement->integer(7)});
  }
  return out;
}

std::optional<SessionRecord> SqliteDatabase::find_session(std::string_view token_hash) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(k_session_columns + " WHERE token_hash = ?");
  statement->bind(1, token_hash);
  if (!statement->step())
    return std::nullopt;
  return SessionRecord{statement->text(0),    statement->integer(1), statement->integer(2), statement->integer(3) != 0,
                       statement->integer(4), statement->integer(5), statement->integer(6), statement->integer(7)};
}

void SqliteDatabase::update_session(const SessionRecord& session) {
  std::lock_guard lock(mutex_);
  connection_->prepare("UPDATE sessions SET last_seen_ms = ?, organization_id = ? WHERE token_hash = ?")
      ->bind(1, session.last_seen_ms)
      .bind(2, session.organization_id)
      .bind(3, std::string_view(session.token_hash))
      .run();
}

void SqliteDatabase::delete_session(std::string_view token_hash) {
  std::lock_guard lock(mutex_);
  connection_->prepare("DELETE FROM sessions WHERE token_hash = ?")->bind(1, token_hash).run();
}

std::optional<std::string> SqliteDatabase::find_setting(std::string_view name) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT value FROM server_settings WHERE name = ?");
  statement->bind(1, name);
  if (!statement->step())
    return std::nullopt;
  return statement->text(0);
}

std::string SqliteDatabase::insert_setting_if_absent(std::string_view name, std::string_view value) {
  std::lock_guard lock(mutex_);
  std::string stored;
  in_transaction([&] {
    if (auto existing = find_setting(name)) {
      stored = *existing;
      return;
    }
    connection_->prepare("INSERT INTO server_settings (name, value) VALUES (?, ?)")->bind(1, name).bind(2, value).run();
    stored = std::string(value);
  });
  return stored;
}

} // namespace argus::store
