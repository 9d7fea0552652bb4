// PostgresDatabase: authenticator two-factor (migration 0012), sign-in codes (0013), passwords: change, expiry and
// reset links (0014), and organizations' SAML single sign-on (0017): the SQL of sqlite_database_two_factor.cpp,
// _sign_in_codes.cpp, _passwords.cpp and _sso.cpp.
#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {

std::optional<AuthenticatorRecord> PostgresDatabase::find_authenticator(std::int64_t user_id) {
  auto db = session();
  auto rows =
      db->exec("SELECT user_id, secret, confirmed, last_step, created_ms FROM user_authenticators WHERE user_id = $1",
               {user_id});
  if (rows.empty())
    return std::nullopt;
  return AuthenticatorRecord{rows.integer(0, 0), rows.bytes(0, 1), rows.boolean(0, 2), rows.integer(0, 3),
                             rows.integer(0, 4)};
}

void PostgresDatabase::put_pending_authenticator(const AuthenticatorRecord& authenticator) {
  in_transaction([&] {
    delete_authenticator(authenticator.user_id);
    session()->exec("INSERT INTO user_authenticators (user_id, secret, confirmed, last_step, created_ms) "
                    "VALUES ($1, $2, 0, -1, $3)",
                    {authenticator.user_id, PgValue::bytes(authenticator.secret), authenticator.created_ms});
  });
}

bool PostgresDatabase::confirm_authenticator(std::int64_t user_id, std::int64_t step,
                                             const std::vector<std::string>& recovery_code_hashes) {
  bool confirmed = false;
  in_transaction([&] {
    auto db = session();
    confirmed = db->exec("UPDATE user_authenticators SET confirmed = 1, last_step = $1 "
                         "WHERE user_id = $2 AND confirmed = 0",
                         {step, user_id})
                    .affected_rows() > 0;
    if (!confirmed)
      return;
    db->exec("DELETE FROM user_recovery_codes WHERE user_id = $1", {user_id});
    for (const auto& hash : recovery_code_hashes)
      db->exec("INSERT INTO user_recovery_codes (user_id, code_hash) VALUES ($1, $2)", {user_id, hash});
  });
  return confirmed;
}

bool PostgresDatabase::advance_authenticator_step(std::int64_t user_id, std::int64_t step) {
  auto db = session();
  return db->exec("UPDATE user_authenticators SET last_step = $1 WHERE user_id = $2 AND confirmed = 1 "
                  "AND last_step < $1",
                  {step, user_id})
             .affected_rows() > 0;
}

bool PostgresDatabase::use_recovery_code(std::int64_t user_id, std::string_view code_hash) {
  auto db = session();
  return db->exec("DELETE FROM user_recovery_codes WHERE user_id = $1 AND code_hash = $2", {user_id, code_hash})
             .affected_rows() > 0;
}

std::int64_t PostgresDatabase::count_recovery_codes(std::int64_t user_id) {
  auto db = session();
  return db->exec("SELECT COUNT(*) FROM user_recovery_codes WHERE user_id = $1", {user_id}).integer(0, 0);
}

void PostgresDatabase::delete_authenticator(std::int64_t user_id) {
  in_transaction([&] {
    auto db = session();
    db->exec("DELETE FROM user_recovery_codes WHERE user_id = $1", {user_id});
    db->exec("DELETE FROM user_authenticators WHERE user_id = $1", {user_id});
  });
}

std::optional<SignInCodeSettingRecord> PostgresDatabase::find_sign_in_code_setting(std::int64_t user_id) {
  auto db = session();
  auto rows = db->exec(
      "SELECT user_id, method, primary_phone, secondary_phone FROM user_sign_in_codes WHERE user_id = $1", {user_id});
  if (rows.empty())
    return std::nullopt;
  return SignInCodeSettingRecord{rows.integer(0, 0), rows.text(0, 1), rows.optional_text(0, 2),
                                 rows.optional_text(0, 3)};
}

bool PostgresDatabase::put_sign_in_code_setting(const SignInCodeSettingRecord& setting) {
  auto db = session();
  // Only for an existing user, in one statement (no row when the user is missing).
  return db->exec("INSERT INTO user_sign_in_codes (user_id, method, primary_phone, secondary_phone) "
                  "SELECT id, $2, $3, $4 FROM users WHERE id = $1 "
                  "ON CONFLICT (user_id) DO UPDATE SET method = excluded.method, "
                  "primary_phone = excluded.primary_phone, secondary_phone = excluded.secondary_phone",
                  {setting.user_id, setting.method, setting.primary_phone, setting.secondary_phone})
             .affected_rows() > 0;
}

void PostgresDatabase::delete_sign_in_code_setting(std::int64_t user_id) {
  auto db = session();
  db->exec("DELETE FROM user_sign_in_codes WHERE user_id = $1", {user_id});
}

bool PostgresDatabase::set_user_password(std::int64_t user_id, const std::string& password_hash,
                                         std::int64_t changed_ms) {
  auto db = session();
  return db->exec("UPDATE users SET password_hash = $1, password_changed_ms = $2, password_expired = 0 WHERE id = $3",
                  {password_hash, changed_ms, user_id})
             .affected_rows() > 0;
}

bool PostgresDatabase::expire_user_password(std::int64_t user_id) {
  auto db = session();
  return db->exec("UPDATE users SET password_expired = 1 WHERE id = $1", {user_id}).affected_rows() > 0;
}

bool PostgresDatabase::set_organization_password_expiry(std::int64_t organization_id,
                                                        std::optional<std::int64_t> days) {
  auto db = session();
  return db->exec("UPDATE organizations SET password_expiry_days = $1 WHERE id = $2", {days, organization_id})
             .affected_rows() > 0;
}

bool PostgresDatabase::set_organization_require_two_factor(std::int64_t organization_id, bool required) {
  auto db = session();
  return db->exec("UPDATE organizations SET require_two_factor = $1 WHERE id = $2", {required, organization_id})
             .affected_rows() > 0;
}

void PostgresDatabase::put_password_reset_token(std::int64_t user_id, const std::string& token_digest,
                                                std::int64_t expires_ms) {
  in_transaction([&] {
    auto db = session();
    db->exec("DELETE FROM password_reset_tokens WHERE user_id = $1", {user_id});
    db->exec("INSERT INTO password_reset_tokens (token_digest, user_id, expires_ms) VALUES ($1, $2, $3)",
             {token_digest, user_id, expires_ms});
  });
}

std::optional<std::int64_t> PostgresDatabase::find_password_reset_token(const std::string& token_digest,
                                                                        std::int64_t now_ms) {
  auto db = session();
  auto rows = db->exec("SELECT user_id FROM password_reset_tokens WHERE token_digest = $1 AND expires_ms > $2",
                       {token_digest, now_ms});
  if (rows.empty())
    return std::nullopt;
  return rows.integer(0, 0);
}

std::optional<std::int64_t> PostgresDatabase::take_password_reset_token(const std::string& token_digest,
                                                                        std::int64_t now_ms) {
  std::optional<std::int64_t> user_id;
  in_transaction([&] {
    auto db = session();
    // FOR UPDATE: of two servers taking the same token at once, one gets it.
    auto found = db->exec("SELECT user_id, expires_ms FROM password_reset_tokens WHERE token_digest = $1 FOR UPDATE",
                          {token_digest});
    if (found.empty())
      return;
    if (found.integer(0, 1) > now_ms)
      user_id = found.integer(0, 0);
    db->exec("DELETE FROM password_reset_tokens WHERE token_digest = $1 OR expires_ms <= $2", {token_digest, now_ms});
  });
  return user_id;
}

namespace {

const std::string k_sso_columns = "SELECT organization_id, identifier, idp_metadata, updated_ms FROM organization_sso ";

OrganizationSsoRecord read_sso(const PgResult& rows) {
  return OrganizationSsoRecord{.organization_id = rows.integer(0, 0),
                               .identifier = rows.text(0, 1),
                               .idp_metadata = rows.text(0, 2),
                               .updated_ms = rows.integer(0, 3)};
}

} // namespace

std::optional<OrganizationSsoRecord> PostgresDatabase::find_sso_by_identifier(std::string_view identifier) {
  auto db = session();
  auto rows = db->exec(k_sso_columns + "WHERE lower(identifier) = lower($1)", {identifier});
  if (rows.empty())
    return std::nullopt;
  return read_sso(rows);
}

std::optional<OrganizationSsoRecord> PostgresDatabase::find_sso_of_organization(std::int64_t organization_id) {
  auto db = session();
  auto rows = db->exec(k_sso_columns + "WHERE organization_id = $1", {organization_id});
  if (rows.empty())
    return std::nullopt;
  return read_sso(rows);
}

bool PostgresDatabase::put_organization_sso(const OrganizationSsoRecord& sso) {
  bool stored = false;
  in_transaction([&] {
    auto db = session();
    auto taken = db->exec("SELECT 1 FROM organization_sso WHERE lower(identifier) = lower($1) "
                          "AND organization_id <> $2",
                          {sso.identifier, sso.organization_id});
    if (!taken.empty())
      return;
    db->exec("INSERT INTO organization_sso (organization_id, identifier, idp_metadata, updated_ms) "
             "VALUES ($1, $2, $3, $4) ON CONFLICT (organization_id) DO UPDATE SET identifier = excluded.identifier, "
             "idp_metadata = excluded.idp_metadata, updated_ms = excluded.updated_ms",
             {sso.organization_id, sso.identifier, sso.idp_metadata, sso.updated_ms});
    stored = true;
  });
  return stored;
}

bool PostgresDatabase::remove_organization_sso(std::int64_t organization_id) {
  auto db = session();
  return db->exec("DELETE FROM organization_sso WHERE organization_id = $1", {organization_id}).affected_rows() > 0;
}

} // namespace argus::store
