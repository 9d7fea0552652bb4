#include "services/password_hasher.hpp"

#include <sodium.h>

#include "common/error.hpp"
#include "services/token_codec.hpp"

namespace argus::services {

PasswordHasher::PasswordHasher(Strength strength)
    : ops_limit_(strength == Strength::interactive ? crypto_pwhash_OPSLIMIT_INTERACTIVE : crypto_pwhash_OPSLIMIT_MIN),
      mem_limit_bytes_(strength == Strength::interactive ? crypto_pwhash_MEMLIMIT_INTERACTIVE
                                                         : crypto_pwhash_MEMLIMIT_MIN) {
  ensure_sodium();
  dummy_hash_ = hash(random_token_base64url(16));
}

std::string PasswordHasher::hash(std::string_view password) const {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), ops_limit_, mem_limit_bytes_,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw Error(Error::Kind::unavailable, "out of memory while hashing a password");
  }
  return out;
}

bool PasswordHasher::verify(const std::string& hash, std::string_view password) const {
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool PasswordHasher::verify_or_dummy(const std::optional<std::string>& hash, std::string_view password) const {
  // No hash: an unknown address, or an invited account whose password is not chosen yet; both take as long as a real
  // check, so that the answer's time does not tell them apart from an account with a password.
  if (!hash || hash->empty()) {
    verify(dummy_hash_, password);
    return false;
  }
  return verify(*hash, password);
}

} // namespace argus::services
