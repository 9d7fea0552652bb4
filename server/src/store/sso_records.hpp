#pragma once
// An organization's SAML single sign-on (migration 0017): the identifier people type and the identity provider's
// metadata XML.
#include <cstdint>
#include <string>

namespace argus::store {

struct OrganizationSsoRecord {
  std::int64_t organization_id = 0;
  std::string identifier;   // lower-case letters, digits and dashes; unique
  std::string idp_metadata; // the identity provider's SAML 2.0 metadata, as published
  std::int64_t updated_ms = 0;
};

} // namespace argus::store
