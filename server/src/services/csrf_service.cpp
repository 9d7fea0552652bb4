#include "services/csrf_service.hpp"

#include <sodium.h>

#include "common/error.hpp"
#include "services/token_codec.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr const char* k_secret_name = "csrf_key";
constexpr std::size_t k_cookie_id_bytes = 32;

} // namespace

CsrfService::CsrfService(store::Database& database) {
  ensure_sodium();
  std::string fresh(crypto_auth_KEYBYTES, '\0');
  crypto_auth_keygen(reinterpret_cast<unsigned char*>(fresh.data()));
  std::string stored_hex = database.insert_setting_if_absent(k_secret_name, to_hex(fresh));
  if (!from_hex(stored_hex, key_) || key_.size() != crypto_auth_KEYBYTES) {
    throw Error(Error::Kind::internal, "stored CSRF key is corrupt");
  }
}

std::string CsrfService::new_cookie_id() const {
  return random_token_base64url(k_cookie_id_bytes);
}

// Length-prefixed, so that no other (cookie id, session) pair gives the same input.
std::string CsrfService::mac_input(std::string_view cookie_id, std::string_view session_token) {
  return std::to_string(cookie_id.size()) + ":" + std::string(cookie_id) + std::string(session_token);
}

std::string CsrfService::token_for(std::string_view cookie_id, std::string_view session_token) const {
  std::string input = mac_input(cookie_id, session_token);
  unsigned char mac[crypto_auth_BYTES];
  crypto_auth(mac, reinterpret_cast<const unsigned char*>(input.data()), input.size(),
              reinterpret_cast<const unsigned char*>(key_.data()));
  return base64url_encode(std::string_view(reinterpret_cast<const char*>(mac), sizeof mac));
}

bool CsrfService::is_valid(const std::optional<std::string>& cookie_id, std::string_view session_token,
                           std::string_view token) const {
  if (!cookie_id || cookie_id->empty() || token.empty())
    return false;
  std::string mac;
  if (!base64url_decode(token, mac) || mac.size() != crypto_auth_BYTES)
    return false;
  std::string input = mac_input(*cookie_id, session_token);
  return crypto_auth_verify(reinterpret_cast<const unsigned char*>(mac.data()),
                            reinterpret_cast<const unsigned char*>(input.data()), input.size(),
                            reinterpret_cast<const unsigned char*>(key_.data())) == 0;
}

std::string CsrfService::cookie_header(std::string_view cookie_id, bool secure) {
  return std::string(k_cookie_name) + "=" + std::string(cookie_id) + "; Path=/; HttpOnly; SameSite=Lax" +
         (secure ? "; Secure" : "");
}

} // namespace argus::services
