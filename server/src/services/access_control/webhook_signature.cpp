#include "services/access_control/webhook_signature.hpp"

#include <charconv>

#include <sodium.h>

namespace argus::services {

std::string webhook_signature(std::string_view secret, std::string_view timestamp, std::string_view body) {
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(timestamp.data()), timestamp.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>("."), 1);
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(body.data()), body.size());
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_final(&state, mac);
  char hex[crypto_auth_hmacsha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return std::string("v1=") + hex;
}

bool webhook_signature_valid(std::string_view secret, std::string_view timestamp, std::string_view signature,
                             std::string_view body, std::int64_t now_ms) {
  if (secret.empty() || timestamp.empty() || timestamp.size() > 12)
    return false;
  std::int64_t seconds = 0;
  auto [end, error] = std::from_chars(timestamp.data(), timestamp.data() + timestamp.size(), seconds);
  if (error != std::errc() || end != timestamp.data() + timestamp.size() || seconds < 0)
    return false;
  auto skew = now_ms / 1000 - seconds;
  if (skew > k_webhook_max_skew_s || skew < -k_webhook_max_skew_s)
    return false;
  auto expected = webhook_signature(secret, timestamp, body);
  return signature.size() == expected.size() && sodium_memcmp(signature.data(), expected.data(), expected.size()) == 0;
}

} // namespace argus::services
