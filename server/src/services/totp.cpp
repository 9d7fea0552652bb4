#include "services/totp.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sodium.h>

#include <array>
#include <stdexcept>

namespace argus::services::totp {
namespace {

constexpr std::string_view k_base32_alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

std::string percent_encode(std::string_view text) {
  static constexpr char k_hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
        c == '_' || c == '~' || c == '@') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += k_hex[c >> 4];
      out += k_hex[c & 15];
    }
  }
  return out;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

} // namespace

std::string hotp(const std::vector<std::uint8_t>& secret, std::uint64_t counter, int digits) {
  std::array<unsigned char, 8> message{};
  for (int i = 7; i >= 0; --i) {
    message[static_cast<std::size_t>(i)] = static_cast<unsigned char>(counter & 0xff);
    counter >>= 8;
  }
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int mac_size = 0;
  if (!HMAC(EVP_sha1(), secret.data(), static_cast<int>(secret.size()), message.data(), message.size(), mac.data(),
            &mac_size) ||
      mac_size < 20)
    throw std::runtime_error("HMAC-SHA1 failed");
  // RFC 4226 §5.3 dynamic truncation.
  const unsigned offset = mac[mac_size - 1] & 0x0f;
  const std::uint32_t binary = (static_cast<std::uint32_t>(mac[offset] & 0x7f) << 24) |
                               (static_cast<std::uint32_t>(mac[offset + 1]) << 16) |
                               (static_cast<std::uint32_t>(mac[offset + 2]) << 8) | mac[offset + 3];
  std::uint32_t modulus = 1;
  for (int i = 0; i < digits; ++i)
    modulus *= 10;
  std::string code = std::to_string(binary % modulus);
  return std::string(static_cast<std::size_t>(digits) - code.size(), '0') + code;
}

std::int64_t step_of(std::int64_t unix_s) {
  return unix_s < 0 ? 0 : unix_s / k_step_seconds;
}

std::string code_at(const std::vector<std::uint8_t>& secret, std::int64_t unix_s, int digits) {
  return hotp(secret, static_cast<std::uint64_t>(step_of(unix_s)), digits);
}

std::optional<std::int64_t> match(const std::vector<std::uint8_t>& secret, std::string_view code, std::int64_t unix_s) {
  if (code.size() != static_cast<std::size_t>(k_digits))
    return std::nullopt;
  for (char c : code)
    if (c < '0' || c > '9')
      return std::nullopt;
  const std::int64_t now = step_of(unix_s);
  for (std::int64_t offset : {0, -1, 1}) {
    const std::int64_t step = now + offset;
    if (step < 0 || offset < -k_window_steps || offset > k_window_steps)
      continue;
    if (constant_time_equal(hotp(secret, static_cast<std::uint64_t>(step)), code))
      return step;
  }
  return std::nullopt;
}

std::vector<std::uint8_t> new_secret() {
  if (sodium_init() < 0)
    throw std::runtime_error("libsodium could not be initialised");
  std::vector<std::uint8_t> secret(k_secret_bytes);
  randombytes_buf(secret.data(), secret.size());
  return secret;
}

std::string base32_encode(const std::vector<std::uint8_t>& bytes) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (std::uint8_t byte : bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += k_base32_alphabet[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0)
    out += k_base32_alphabet[(buffer << (5 - bits)) & 31];
  return out;
}

std::optional<std::vector<std::uint8_t>> base32_decode(std::string_view text) {
  std::vector<std::uint8_t> out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    if (c == ' ' || c == '-' || c == '=')
      continue;
    if (c >= 'a' && c <= 'z')
      c = static_cast<char>(c - 'a' + 'A');
    const auto value = k_base32_alphabet.find(c);
    if (value == std::string_view::npos)
      return std::nullopt;
    buffer = (buffer << 5) | static_cast<std::uint32_t>(value);
    bits += 5;
    if (bits >= 8) {
      out.push_back(static_cast<std::uint8_t>((buffer >> (bits - 8)) & 0xff));
      bits -= 8;
    }
  }
  return out;
}

std::string otpauth_uri(std::string_view issuer, std::string_view account, const std::vector<std::uint8_t>& secret) {
  return "otpauth://totp/" + percent_encode(issuer) + ":" + percent_encode(account) +
         "?secret=" + base32_encode(secret) + "&issuer=" + percent_encode(issuer) +
         "&algorithm=SHA1&digits=" + std::to_string(k_digits) + "&period=" + std::to_string(k_step_seconds);
}

} // namespace argus::services::totp
