#pragma once
// Rows of migration 0012: a user's authenticator (TOTP secret) and its state.
#include <cstdint>
#include <vector>

namespace argus::store {

struct AuthenticatorRecord {
  std::int64_t user_id = 0;
  std::vector<std::uint8_t> secret;
  bool confirmed = false;     // a first code proved the app has the secret: sign-ins ask for codes
  std::int64_t last_step = -1; // the newest TOTP step a code was accepted for
  std::int64_t created_ms = 0;
};

} // namespace argus::store
