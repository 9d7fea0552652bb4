#pragma once
// Stateless double-submit CSRF protection. The argus_csrf cookie holds a random id; the token is a keyed MAC
// (crypto_auth) of that id and of the session cookie sent with it, under a server secret kept in the database, so any
// worker can check it without state. Because the session is part of the MAC, a token fetched before sign-in (or
// planted by someone else) no longer validates once the browser holds a new session.
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
  //! The token that matches a cookie id and the session cookie value sent with it ("" without a session).
  std::string token_for(std::string_view cookie_id, std::string_view session_token) const;
  //! True when the token matches the cookie id and the session cookie value (constant-time).
  bool is_valid(const std::optional<std::string>& cookie_id, std::string_view session_token,
                std::string_view token) const;
  //! Set-Cookie value for a cookie id (HttpOnly, SameSite=Lax, Path=/; Secure when served over TLS).
  static std::string cookie_header(std::string_view cookie_id, bool secure);

private:
  static std::string mac_input(std::string_view cookie_id, std::string_view session_token);

  std::string key_; // crypto_auth_KEYBYTES raw bytes
};

} // namespace argus::services
