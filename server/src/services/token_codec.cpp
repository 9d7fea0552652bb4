#include "services/token_codec.hpp"

#include <sodium.h>

#include "common/error.hpp"

namespace argus::services {

void ensure_sodium() {
  static const int result = sodium_init();
  if (result < 0)
    throw Error(Error::Kind::internal, "libsodium failed to initialise");
}

namespace {

std::string base64_variant(std::string_view bytes, int variant) {
  std::string out(sodium_base64_encoded_len(bytes.size(), variant), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    variant);
  out.resize(out.size() - 1); // drop the terminating NUL
  return out;
}

} // namespace

std::string base64url_encode(std::string_view bytes) {
  return base64_variant(bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
}

std::string base64_encode(std::string_view bytes) {
  return base64_variant(bytes, sodium_base64_VARIANT_ORIGINAL);
}

bool base64_decode(std::string_view text, std::string& bytes) {
  ensure_sodium();
  bytes.assign(text.size(), '\0');
  std::size_t length = 0;
  int rc = sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), text.data(), text.size(),
                             nullptr, &length, nullptr, sodium_base64_VARIANT_ORIGINAL);
  if (rc != 0)
    return false;
  bytes.resize(length);
  return true;
}

bool base64url_decode(std::string_view text, std::string& bytes) {
  bytes.assign(text.size(), '\0');
  std::size_t length = 0;
  int rc = sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), text.data(), text.size(),
                             nullptr, &length, nullptr, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  if (rc != 0)
    return false;
  bytes.resize(length);
  return true;
}

std::string random_token_base64url(std::size_t size_bytes) {
  ensure_sodium();
  std::string bytes(size_bytes, '\0');
  randombytes_buf(bytes.data(), bytes.size());
  return base64url_encode(bytes);
}

std::string token_digest_hex(std::string_view token) {
  unsigned char digest[32];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()), token.size(), nullptr,
                     0);
  return to_hex(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
}

std::string to_hex(std::string_view bytes) {
  std::string out(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  out.pop_back();
  return out;
}

bool from_hex(std::string_view hex, std::string& bytes) {
  bytes.assign(hex.size() / 2 + 1, '\0');
  std::size_t length = 0;
  const char* end = nullptr;
  int rc = sodium_hex2bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), hex.data(), hex.size(), nullptr,
                          &length, &end);
  if (rc != 0 || end != hex.data() + hex.size())
    return false;
  bytes.resize(length);
  return true;
}

} // namespace argus::services
