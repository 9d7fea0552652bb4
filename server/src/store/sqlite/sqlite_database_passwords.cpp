// SqliteDatabase: password change, expiry and reset links (migration 0014).
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {

bool SqliteDatabase::set_user_password(std::int64_t user_id, const std::string& password_hash,
                                       std::int64_t changed_ms) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "UPDATE users SET password_hash = ?, password_changed_ms = ?, password_expired = 0 WHERE id = ?");
  statement->bind(1, std::string_view(password_hash)).bind(2, changed_ms).bind(3, user_id).run();
  return statement->changes() > 0;
}

bool SqliteDatabase::expire_user_password(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("UPDATE users SET password_expired = 1 WHERE id = ?");
  statement->bind(1, user_id).run();
  return statement->changes() > 0;
}

bool SqliteDatabase::set_organization_password_expiry(std::int64_t organization_id, std::optional<std::int64_t> days) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("UPDATE organizations SET password_expiry_days = ? WHERE id = ?");
  statement->bind(1, days).bind(2, organization_id).run();
  return statement->changes() > 0;
}

bool SqliteDatabase::set_organization_require_two_factor(std::int64_t organization_id, bool required) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("UPDATE organizations SET require_two_factor = ? WHERE id = ?");
  statement->bind(1, static_cast<std::int64_t>(required)).bind(2, organization_id).run();
  return statement->changes() > 0;
}

void SqliteDatabase::put_password_reset_token(std::int64_t user_id, const std::string& token_digest,
                                              std::int64_t expires_ms) {
  in_transaction([&] {
    connection_->prepare("DELETE FROM password_reset_tokens WHERE user_id = ?")->bind(1, user_id).run();
    connection_->prepare("INSERT INTO password_reset_tokens (token_digest, user_id, expires_ms) VALUES (?, ?, ?)")
        ->bind(1, std::string_view(token_digest))
        .bind(2, user_id)
        .bind(3, expires_ms)
        .run();
  });
}

std::optional<std::int64_t> SqliteDatabase::find_password_reset_token(const std::string& token_digest,
                                                                      std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto found =
      connection_->prepare("SELECT user_id FROM password_reset_tokens WHERE token_digest = ? AND expires_ms > ?");
  found->bind(1, std::string_view(token_digest)).bind(2, now_ms);
  if (!found->step())
    return std::nullopt;
  return found->integer(0);
}

std::optional<std::int64_t> SqliteDatabase::take_password_reset_token(const std::string& token_digest,
                                                                      std::int64_t now_ms) {
  std::optional<std::int64_t> user_id;
  in_transaction([&] {
    auto found = connection_->prepare("SELECT user_id, expires_ms FROM password_reset_tokens WHERE token_digest = ?");
    found->bind(1, std::string_view(token_digest));
    if (!found->step())
      return;
    if (found->integer(1) > now_ms)
      user_id = found->integer(0);
    connection_->prepare("DELETE FROM password_reset_tokens WHERE token_digest = ? OR expires_ms <= ?")
        ->bind(1, std::string_view(token_digest))
        .bind(2, now_ms)
        .run();
  });
  return user_id;
}

} // namespace argus::store
