#pragma once
// Share links of exports: an unguessable token "{jobId}.{mac}" where mac is a keyed BLAKE2b (libsodium
// crypto_generichash) of the job id and the job's share nonce under a server key kept in the store (server_settings),
// so that every shard checks the links of every other (a network's exports move with it). The token is never stored,
// yet the same link can be shown again; clearing the nonce (revoke) invalidates every copy; a token altered by one
// character fails the constant-time comparison. docs/design/exports.md "Share links".
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace argus::store {
class Database;
}

namespace argus::services {

class ShareLinks {
public:
  //! The store's 32-byte key, made on first use: from legacy_key_file when that exists (the data directory's key of
  //! earlier versions, so that links already given keep working), else random. Error(internal) for a legacy file or a
  //! stored key that is not 32 bytes.
  static ShareLinks load_or_create(store::Database& store, const std::filesystem::path& legacy_key_file);

  //! A fresh random nonce for a new link.
  static std::string new_nonce();
  //! The token of a job's link.
  std::string token(std::int64_t job_id, std::string_view nonce) const;
  //! The job id a token names, if it is well-formed (its mac is checked by matches()).
  static std::optional<std::int64_t> job_of(std::string_view token);
  //! True when token is exactly the token of this job and nonce.
  bool matches(std::string_view token, std::int64_t job_id, std::string_view nonce) const;

private:
  std::string key_; // 32 bytes
};

} // namespace argus::services
