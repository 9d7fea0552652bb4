#include "services/sso_settings.hpp"

#include <algorithm>

#include "common/error.hpp"
#include "saml/service_provider.hpp"
#include "store/database.hpp"

namespace argus::services {

bool is_valid_sso_identifier(const std::string& identifier) {
  if (identifier.size() < 2 || identifier.size() > 63 || identifier.front() == '-' || identifier.back() == '-')
    return false;
  return std::all_of(identifier.begin(), identifier.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

store::OrganizationSsoRecord save_sso_settings(store::Database& database, std::int64_t organization_id,
                                               const std::string& identifier, const std::string& idp_metadata,
                                               std::int64_t now_ms) {
  if (!database.find_organization(organization_id))
    throw Error(Error::Kind::not_found, "Organization not found");
  if (!is_valid_sso_identifier(identifier))
    throw Error(Error::Kind::invalid_input,
                "The SSO identifier must be 2 to 63 lower-case letters, digits or dashes (not first or last).");
  if (idp_metadata.size() > k_max_idp_metadata_bytes)
    throw Error(Error::Kind::invalid_input, "The identity provider's metadata is larger than 256 KB.");
  saml::ServiceProvider::describe_identity_provider(idp_metadata); // throws invalid_input saying what is wrong
  store::OrganizationSsoRecord record{organization_id, identifier, idp_metadata, now_ms};
  if (!database.put_organization_sso(record))
    throw Error(Error::Kind::conflict, "Another organization has the SSO identifier '" + identifier + "'.");
  return record;
}

} // namespace argus::services
