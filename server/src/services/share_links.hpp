#pragma once
// Share links of exports: an unguessable token "{jobId}.{mac}" where mac is a keyed BLAKE2b (libsodium
// crypto_generichash) of the job id and the job's share nonce under a server key kept in the data dir. The token is
// never stored, yet the same link can be shown again; clearing the nonce (revoke) invalidates every copy; a token
// altered by one character fails the constant-time comparison. docs/design/exports.md "Share links".
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace argus::services {

class ShareLinks {
public:
  //! Reads the 32-byte key from key_file or makes it (mode 0600). Throws Error(unavailable) / Error(internal).
  static ShareLinks load_or_create(const std::filesystem::path& key_file);

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
