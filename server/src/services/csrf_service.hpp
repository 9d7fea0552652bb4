#pragma once
// Stateless double-submit CSRF protection. The argus_csrf cookie holds a random id; the token is a keyed MAC
// (crypto_auth) of that id under a server secret kept in the database, so any worker can check it without state.
#include <optional>
#include <string>
#include <string_view>

namespace argus::store {
class Database;
}

namespace argus::services {

class CsrfService {
public:
  static constexpr const char* k_cookie_name = "argus_csrf";
  static constexpr const char* k_header_name = "x-csrf-token";

  //! Loads the server secret, generating and storing it on first use.
  explicit CsrfService(store::Database& database);

  //! A fresh random cookie id.
  std::string new_cookie_id() const;
  //! The token that matches a cookie id.
  std::string token_for(std::string_view cookie_id) const;
  //! True when the token matches the cookie id (constant-time).
  bool is_valid(const std::optional<std::string>& cookie_id, std::string_view token) const;
  //! Set-Cookie value for a cookie id (HttpOnly, SameSite=Lax, Path=/).
  static std::string cookie_header(std::string_view cookie_id);

private:
  std::string key_; // crypto_auth_KEYBYTES raw bytes
};

} // namespace argus::services
