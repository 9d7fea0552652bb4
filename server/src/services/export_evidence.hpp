#pragma once
// Evidence for exports: beside each export file a manifest (what the file is: camera, range, creator, size, SHA-256)
// signed with the server's Ed25519 key (libsodium), so that anyone holding the file and its manifest can check
// offline that the file is the one argusd made and that the server vouched for it (`argusd export verify FILE`, the
// portal's Verify dialog). The manifest is kept as JSON text inside the envelope and signed byte for byte, so no
// canonical form is needed. docs/design/exports.md "Evidence".
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace argus::services {

//! What a manifest states about its file.
struct ExportManifest {
  std::int64_t job_id = 0;
  std::int64_t organization_id = 0;
  std::int64_t network_id = 0;
  std::optional<std::int64_t> camera_id;
  std::string camera_name;
  std::string filename;
  std::int64_t t0_ms = 0;
  std::int64_t t1_ms = 0;
  std::int64_t media_first_ms = 0;
  std::int64_t media_end_ms = 0;
  std::int64_t file_bytes = 0;
  std::string sha256; // lower-case hex
  std::int64_t created_ms = 0;
  std::string creator;
};

//! The server's signing key: 32-byte Ed25519 seed in key_file (mode 0600), made on first use.
class ExportSigner {
public:
  //! Reads key_file, or makes it with a fresh key. Throws Error(unavailable) when it cannot be read or written, and
  //! Error(internal) when it holds something else than a key.
  static ExportSigner load_or_create(const std::filesystem::path& key_file);

  //! The envelope: {"format": "argus-export-manifest/1", "manifest": "<JSON text>", "algorithm": "Ed25519",
  //! "public_key": base64, "signature": base64 of the signature over the manifest text}.
  std::string sign(const ExportManifest& manifest) const;
  //! base64 of the 32-byte public key.
  std::string public_key_base64() const;

private:
  std::string secret_key_; // 64 bytes (seed + public key), libsodium's layout
  std::string public_key_; // 32 bytes
};

//! The lower-case hex SHA-256 of a file. Throws Error(not_found) when it cannot be read.
std::string sha256_of_file(const std::filesystem::path& path);

struct VerifyResult {
  bool valid = false;
  std::string message; // what was checked, or what failed
  std::optional<ExportManifest> manifest; // when the envelope parsed
  std::string public_key_base64;          // of the envelope
};

//! Checks envelope (the manifest file's text) against the file: the signature over the manifest text, then the
//! file's size and SHA-256. expected_public_key_base64 (optional) must match the envelope's key when given.
VerifyResult verify_export(const std::filesystem::path& file, const std::string& envelope,
                           const std::optional<std::string>& expected_public_key_base64 = std::nullopt);

} // namespace argus::services
