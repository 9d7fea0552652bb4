#pragma once
// Authenticator two-factor sign-in (issue 12; docs/design/sign-in.md): enrolment (a secret shown as text, otpauth://
// URI and QR code, confirmed by a first code), 10 single-use recovery codes kept as hashes, codes checked with replay
// protection (a code's step must be newer than the last accepted one), and turning it off with a code.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::store {
class Database;
}

namespace argus::services {

class TwoFactor {
public:
  static constexpr int k_recovery_codes = 10;
  static constexpr const char* k_issuer = "Argus";
  static constexpr const char* k_incorrect_code = "Incorrect code. Please try again.";

  struct State {
    bool enabled = false;
    std::int64_t recovery_codes_left = 0;
  };
  struct Enrolment {
    std::string secret; // base32
    std::string otpauth_uri;
    std::string qr_svg;
  };

  TwoFactor(store::Database& database, std::function<std::int64_t()> now_ms);

  State state(std::int64_t user_id);
  //! A new unconfirmed secret for the user (replacing an earlier unconfirmed one); Error(conflict) when on already.
  Enrolment enrol(std::int64_t user_id, std::string_view account);
  //! Turns two-factor on with a code of the enrolled secret; answers the recovery codes (shown once). Error
  //! (invalid_input) for a wrong or malformed code, Error(conflict) when nothing is enrolled or it is on already.
  std::vector<std::string> confirm(std::int64_t user_id, std::string_view code);
  //! Whether a code (the authenticator's current one, not replayed, or an unused recovery code, which is used up)
  //! proves the second factor of a user whose two-factor is on.
  bool verify(std::int64_t user_id, std::string_view code);
  //! Turns two-factor off with a code (as verify); Error(invalid_input) for a wrong one, Error(conflict) when off.
  void disable(std::int64_t user_id, std::string_view code);

private:
  std::int64_t now_s() const { return now_ms_() / 1000; }

  store::Database& database_;
  std::function<std::int64_t()> now_ms_;
};

//! A recovery code as typed, normalised for hashing: lower case, without spaces and hyphens.
std::string normalised_recovery_code(std::string_view code);

} // namespace argus::services
