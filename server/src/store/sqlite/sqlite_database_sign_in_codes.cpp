// SqliteDatabase: how users receive sign-in codes (migration 0013).
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {

std::optional<SignInCodeSettingRecord> SqliteDatabase::find_sign_in_code_setting(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT user_id, method, primary_phone, secondary_phone FROM user_sign_in_codes WHERE user_id = ?");
  statement->bind(1, user_id);
  if (!statement->step())
    return std::nullopt;
  return SignInCodeSettingRecord{statement->integer(0), statement->text(1), statement->optional_text(2),
                                 statement->optional_text(3)};
}

bool SqliteDatabase::put_sign_in_code_setting(const SignInCodeSettingRecord& setting) {
  bool stored = false;
  in_transaction([&] {
    auto user = connection_->prepare("SELECT 1 FROM users WHERE id = ?");
    user->bind(1, setting.user_id);
    if (!user->step())
      return;
    connection_
        ->prepare(
            "INSERT INTO user_sign_in_codes (user_id, method, primary_phone, secondary_phone) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET method = excluded.method, "
            "primary_phone = excluded.primary_phone, secondary_phone = excluded.secondary_phone")
        ->bind(1, setting.user_id)
        .bind(2, std::string_view(setting.method))
        .bind(3, setting.primary_phone)
        .bind(4, setting.secondary_phone)
        .run();
    stored = true;
  });
  return stored;
}

void SqliteDatabase::delete_sign_in_code_setting(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  connection_->prepare("DELETE FROM user_sign_in_codes WHERE user_id = ?")->bind(1, user_id).run();
}

} // namespace argus::store
