// SqliteDatabase: organizations' SAML single sign-on (migration 0017).
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

constexpr const char* k_columns = "SELECT organization_id, identifier, idp_metadata, updated_ms FROM organization_sso ";

OrganizationSsoRecord read_sso(const SqliteStatement& statement) {
  return OrganizationSsoRecord{.organization_id = statement.integer(0),
                               .identifier = statement.text(1),
                               .idp_metadata = statement.text(2),
                               .updated_ms = statement.integer(3)};
}

} // namespace

std::optional<OrganizationSsoRecord> SqliteDatabase::find_sso_by_identifier(std::string_view identifier) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string(k_columns) + "WHERE identifier = ?");
  statement->bind(1, identifier);
  if (!statement->step())
    return std::nullopt;
  return read_sso(*statement);
}

std::optional<OrganizationSsoRecord> SqliteDatabase::find_sso_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string(k_columns) + "WHERE organization_id = ?");
  statement->bind(1, organization_id);
  if (!statement->step())
    return std::nullopt;
  return read_sso(*statement);
}

bool SqliteDatabase::put_organization_sso(const OrganizationSsoRecord& sso) {
  std::lock_guard lock(mutex_);
  auto taken = connection_->prepare("SELECT 1 FROM organization_sso WHERE identifier = ? AND organization_id <> ?");
  taken->bind(1, std::string_view(sso.identifier)).bind(2, sso.organization_id);
  if (taken->step())
    return false;
  connection_
      ->prepare(
          "INSERT INTO organization_sso (organization_id, identifier, idp_metadata, updated_ms) VALUES (?, ?, ?, ?) "
          "ON CONFLICT (organization_id) DO UPDATE SET identifier = excluded.identifier, "
          "idp_metadata = excluded.idp_metadata, updated_ms = excluded.updated_ms")
      ->bind(1, sso.organization_id)
      .bind(2, std::string_view(sso.identifier))
      .bind(3, std::string_view(sso.idp_metadata))
      .bind(4, sso.updated_ms)
      .run();
  return true;
}

bool SqliteDatabase::remove_organization_sso(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("DELETE FROM organization_sso WHERE organization_id = ?");
  statement->bind(1, organization_id).run();
  return statement->changes() > 0;
}

} // namespace argus::store
