#include "services/export_evidence.hpp"

#include <fcntl.h>
#include <sodium.h>
#include <unistd.h>

#include <array>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "services/token_codec.hpp"

namespace argus::services {
namespace {

constexpr const char* k_format = "argus-export-manifest/1";

std::optional<std::string> base64_decode(const std::string& text) {
  std::string bytes(text.size(), '\0');
  std::size_t length = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), text.data(), text.size(), nullptr,
                        &length, nullptr, sodium_base64_VARIANT_ORIGINAL) != 0)
    return std::nullopt;
  bytes.resize(length);
  return bytes;
}

nlohmann::json manifest_json(const ExportManifest& manifest) {
  return {
      {"job_id", manifest.job_id},
      {"organization_id", manifest.organization_id},
      {"network_id", manifest.network_id},
      {"camera_id", manifest.camera_id ? nlohmann::json(*manifest.camera_id) : nlohmann::json(nullptr)},
      {"camera_name", manifest.camera_name},
      {"filename", manifest.filename},
      {"t0_ms", manifest.t0_ms},
      {"t1_ms", manifest.t1_ms},
      {"media_first_ms", manifest.media_first_ms},
      {"media_end_ms", manifest.media_end_ms},
      {"file_bytes", manifest.file_bytes},
      {"sha256", manifest.sha256},
      {"created_ms", manifest.created_ms},
      {"creator", manifest.creator},
  };
}

std::optional<ExportManifest> manifest_from(const std::string& text) {
  auto json = nlohmann::json::parse(text, nullptr, false);
  if (!json.is_object())
    return std::nullopt;
  try {
    ExportManifest manifest;
    manifest.job_id = json.at("job_id").get<std::int64_t>();
    manifest.organization_id = json.at("organization_id").get<std::int64_t>();
    manifest.network_id = json.at("network_id").get<std::int64_t>();
    if (!json.at("camera_id").is_null())
      manifest.camera_id = json.at("camera_id").get<std::int64_t>();
    manifest.camera_name = json.at("camera_name").get<std::string>();
    manifest.filename = json.at("filename").get<std::string>();
    manifest.t0_ms = json.at("t0_ms").get<std::int64_t>();
    manifest.t1_ms = json.at("t1_ms").get<std::int64_t>();
    manifest.media_first_ms = json.at("media_first_ms").get<std::int64_t>();
    manifest.media_end_ms = json.at("media_end_ms").get<std::int64_t>();
    manifest.file_bytes = json.at("file_bytes").get<std::int64_t>();
    manifest.sha256 = json.at("sha256").get<std::string>();
    manifest.created_ms = json.at("created_ms").get<std::int64_t>();
    manifest.creator = json.at("creator").get<std::string>();
    return manifest;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

std::string read_key_file(const std::filesystem::path& key_file) {
  std::ifstream in(key_file, std::ios::binary);
  if (!in)
    throw Error(Error::Kind::unavailable, "cannot read the export signing key " + key_file.string());
  std::string seed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (seed.size() != crypto_sign_SEEDBYTES)
    throw Error(Error::Kind::internal, "the export signing key " + key_file.string() + " is not a 32-byte Ed25519 seed");
  return seed;
}

std::string make_key_file(const std::filesystem::path& key_file) {
  std::string seed(crypto_sign_SEEDBYTES, '\0');
  randombytes_buf(seed.data(), seed.size());
  int fd = ::open(key_file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    if (errno == EEXIST)
      return read_key_file(key_file); // made meanwhile by another process
    throw Error(Error::Kind::unavailable, "cannot write the export signing key " + key_file.string());
  }
  bool written = ::write(fd, seed.data(), seed.size()) == static_cast<ssize_t>(seed.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!written) {
    std::error_code ignored;
    std::filesystem::remove(key_file, ignored);
    throw Error(Error::Kind::unavailable, "cannot write the export signing key " + key_file.string());
  }
  return seed;
}

} // namespace

ExportSigner ExportSigner::load_or_create(const std::filesystem::path& key_file) {
  ensure_sodium();
  std::error_code error;
  auto seed = std::filesystem::exists(key_file, error) ? read_key_file(key_file) : make_key_file(key_file);
  ExportSigner signer;
  signer.public_key_.assign(crypto_sign_PUBLICKEYBYTES, '\0');
  signer.secret_key_.assign(crypto_sign_SECRETKEYBYTES, '\0');
  crypto_sign_seed_keypair(reinterpret_cast<unsigned char*>(signer.public_key_.data()),
                           reinterpret_cast<unsigned char*>(signer.secret_key_.data()),
                           reinterpret_cast<const unsigned char*>(seed.data()));
  sodium_memzero(seed.data(), seed.size());
  return signer;
}

std::string ExportSigner::sign(const ExportManifest& manifest) const {
  auto text = manifest_json(manifest).dump();
  std::string signature(crypto_sign_BYTES, '\0');
  crypto_sign_detached(reinterpret_cast<unsigned char*>(signature.data()), nullptr,
                       reinterpret_cast<const unsigned char*>(text.data()), text.size(),
                       reinterpret_cast<const unsigned char*>(secret_key_.data()));
  nlohmann::json envelope{{"format", k_format},
                          {"manifest", text},
                          {"algorithm", "Ed25519"},
                          {"public_key", base64_encode(public_key_)},
                          {"signature", base64_encode(signature)}};
  return envelope.dump(2) + "\n";
}

std::string ExportSigner::public_key_base64() const {
  return base64_encode(public_key_);
}

std::string sha256_of_file(const std::filesystem::path& path) {
  ensure_sodium();
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(Error::Kind::not_found, "cannot read " + path.string());
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  std::array<char, 1 << 16> buffer{};
  while (in) {
    in.read(buffer.data(), buffer.size());
    auto n = in.gcount();
    if (n > 0)
      crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(buffer.data()),
                                static_cast<unsigned long long>(n));
  }
  if (in.bad())
    throw Error(Error::Kind::unavailable, "reading " + path.string() + " failed");
  std::string digest(crypto_hash_sha256_BYTES, '\0');
  crypto_hash_sha256_final(&state, reinterpret_cast<unsigned char*>(digest.data()));
  return to_hex(digest);
}

VerifyResult verify_export(const std::filesystem::path& file, const std::string& envelope,
                           const std::optional<std::string>& expected_public_key_base64) {
  ensure_sodium();
  VerifyResult result;
  auto json = nlohmann::json::parse(envelope, nullptr, false);
  if (!json.is_object() || json.value("format", "") != k_format || !json.contains("manifest") ||
      !json["manifest"].is_string() || json.value("algorithm", "") != "Ed25519") {
    result.message = "The manifest is not an Argus export manifest";
    return result;
  }
  auto text = json["manifest"].get<std::string>();
  result.public_key_base64 = json.value("public_key", "");
  auto key = base64_decode(result.public_key_base64);
  auto signature = base64_decode(json.value("signature", ""));
  if (!key || key->size() != crypto_sign_PUBLICKEYBYTES || !signature || signature->size() != crypto_sign_BYTES) {
    result.message = "The manifest's key or signature is malformed";
    return result;
  }
  if (expected_public_key_base64 && *expected_public_key_base64 != result.public_key_base64) {
    result.message = "The manifest was signed by another key than this server's";
    return result;
  }
  if (crypto_sign_verify_detached(reinterpret_cast<const unsigned char*>(signature->data()),
                                  reinterpret_cast<const unsigned char*>(text.data()), text.size(),
                                  reinterpret_cast<const unsigned char*>(key->data())) != 0) {
    result.message = "The manifest's signature does not match: it was altered or not made by Argus";
    return result;
  }
  result.manifest = manifest_from(text);
  if (!result.manifest) {
    result.message = "The signed manifest does not hold the expected fields";
    return result;
  }
  std::error_code error;
  auto size = std::filesystem::file_size(file, error);
  if (error) {
    result.message = "Cannot read " + file.string();
    return result;
  }
  if (static_cast<std::int64_t>(size) != result.manifest->file_bytes) {
    result.message = "The file's size (" + std::to_string(size) + " bytes) differs from the manifest's (" +
                     std::to_string(result.manifest->file_bytes) + " bytes)";
    return result;
  }
  if (sha256_of_file(file) != result.manifest->sha256) {
    result.message = "The file's SHA-256 differs from the manifest's: the file was altered";
    return result;
  }
  result.valid = true;
  result.message = "Valid: the file is unaltered and the manifest is signed by the key " + result.public_key_base64;
  return result;
}

} // namespace argus::services
