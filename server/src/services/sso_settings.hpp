#pragma once
// Setting an organization's SAML single sign-on (the identifier people type on the sign-in page and the identity
// provider's metadata), with the same checks for `argusd sso set` and the administrators' page.
#include <cstdint>
#include <string>

#include "store/sso_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

//! The longest identity provider metadata accepted (real ones are a few kilobytes; some federations list many keys).
inline constexpr std::size_t k_max_idp_metadata_bytes = 256 * 1024;

//! Checks and stores the organization's single sign-on; answers what was stored. Throws argus::Error: not_found for
//! an unknown organization; invalid_input for an identifier that is not 2–63 lower-case letters, digits or inner
//! dashes, or metadata that is too large or not a usable SAML 2.0 identity provider (the message says why); conflict
//! when another organization has the identifier. Nothing is stored on failure.
store::OrganizationSsoRecord save_sso_settings(store::Database& database, std::int64_t organization_id,
                                               const std::string& identifier, const std::string& idp_metadata,
                                               std::int64_t now_ms);

//! Whether text is a valid SSO identifier (see save_sso_settings).
bool is_valid_sso_identifier(const std::string& identifier);

} // namespace argus::services
