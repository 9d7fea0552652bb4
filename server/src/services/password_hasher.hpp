#pragma once
// Argon2id password hashing (libsodium crypto_pwhash_str). Verification of an unknown account runs against a dummy
// hash so that timing does not reveal whether an e-mail exists.
#include <optional>
#include <string>
#include <string_view>

namespace argus::services {

class PasswordHasher {
public:
  enum class Strength { interactive, minimal }; // minimal: unit tests only

  explicit PasswordHasher(Strength strength = Strength::interactive);

  //! "$argon2id$..." hash string of the password.
  std::string hash(std::string_view password) const;
  //! True when the password matches the hash.
  bool verify(const std::string& hash, std::string_view password) const;
  //! Like verify; with no hash (unknown account) spends the same time and answers false.
  bool verify_or_dummy(const std::optional<std::string>& hash, std::string_view password) const;

private:
  unsigned long long ops_limit_;
  std::size_t mem_limit_bytes_;
  std::string dummy_hash_;
};

} // namespace argus::services
