// SqliteDatabase: authenticator two-factor (migration 0012).
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {

std::optional<AuthenticatorRecord> SqliteDatabase::find_authenticator(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT user_id, secret, confirmed, last_step, created_ms FROM user_authenticators WHERE user_id = ?");
  statement->bind(1, user_id);
  if (!statement->step())
    return std::nullopt;
  auto secret = statement->blob(1);
  return AuthenticatorRecord{statement->integer(0), {secret.begin(), secret.end()}, statement->integer(2) != 0,
                             statement->integer(3), statement->integer(4)};
}

void SqliteDatabase::put_pending_authenticator(const AuthenticatorRecord& authenticator) {
  in_transaction([&] {
    delete_authenticator(authenticator.user_id);
    connection_
        ->prepare("INSERT INTO user_authenticators (user_id, secret, confirmed, last_step, created_ms) "
                  "VALUES (?, ?, 0, -1, ?)")
        ->bind(1, authenticator.user_id)
        .bind_blob(2, authenticator.secret)
        .bind(3, authenticator.created_ms)
        .run();
  });
}

bool SqliteDatabase::confirm_authenticator(std::int64_t user_id, std::int64_t step,
                                           const std::vector<std::string>& recovery_code_hashes) {
  bool confirmed = false;
  in_transaction([&] {
    auto update = connection_->prepare(
        "UPDATE user_authenticators SET confirmed = 1, last_step = ? WHERE user_id = ? AND confirmed = 0");
    update->bind(1, step).bind(2, user_id).run();
    confirmed = update->changes() > 0;
    if (!confirmed)
      return;
    connection_->prepare("DELETE FROM user_recovery_codes WHERE user_id = ?")->bind(1, user_id).run();
    for (const auto& hash : recovery_code_hashes)
      connection_->prepare("INSERT INTO user_recovery_codes (user_id, code_hash) VALUES (?, ?)")
          ->bind(1, user_id)
          .bind(2, std::string_view(hash))
          .run();
  });
  return confirmed;
}

bool SqliteDatabase::advance_authenticator_step(std::int64_t user_id, std::int64_t step) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "UPDATE user_authenticators SET last_step = ? WHERE user_id = ? AND confirmed = 1 AND last_step < ?");
  statement->bind(1, step).bind(2, user_id).bind(3, step).run();
  return statement->changes() > 0;
}

bool SqliteDatabase::use_recovery_code(std::int64_t user_id, std::string_view code_hash) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("DELETE FROM user_recovery_codes WHERE user_id = ? AND code_hash = ?");
  statement->bind(1, user_id).bind(2, code_hash).run();
  return statement->changes() > 0;
}

std::int64_t SqliteDatabase::count_recovery_codes(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT COUNT(*) FROM user_recovery_codes WHERE user_id = ?");
  statement->bind(1, user_id);
  statement->step();
  return statement->integer(0);
}

void SqliteDatabase::delete_authenticator(std::int64_t user_id) {
  in_transaction([&] {
    connection_->prepare("DELETE FROM user_recovery_codes WHERE user_id = ?")->bind(1, user_id).run();
    connection_->prepare("DELETE FROM user_authenticators WHERE user_id = ?")->bind(1, user_id).run();
  });
}

} // namespace argus::store
