#include "services/share_links.hpp"

#include <sodium.h>

#include <fstream>
#include <optional>

#include "common/error.hpp"
#include "services/token_codec.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr std::size_t k_key_bytes = 32;
constexpr std::size_t k_mac_bytes = 24;

constexpr const char* k_key_setting = "share_link_key";

// The key of a data directory made by an earlier version, if there is one.
std::optional<std::string> legacy_key(const std::filesystem::path& key_file) {
  std::ifstream in(key_file, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::string key((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (key.size() != k_key_bytes)
    throw Error(Error::Kind::internal, "the share link key " + key_file.string() + " is not 32 bytes");
  return key;
}

} // namespace

ShareLinks ShareLinks::load_or_create(store::Database& store, const std::filesystem::path& legacy_key_file) {
  ensure_sodium();
  auto candidate = legacy_key(legacy_key_file);
  if (!candidate) {
    candidate.emplace(k_key_bytes, '\0');
    randombytes_buf(candidate->data(), candidate->size());
  }
  // The first shard to start decides; the others read its key.
  auto stored_hex = store.insert_setting_if_absent(k_key_setting, to_hex(*candidate));
  ShareLinks links;
  if (!from_hex(stored_hex, links.key_) || links.key_.size() != k_key_bytes)
    throw Error(Error::Kind::internal, "the stored share link key is not 32 bytes");
  return links;
}

std::string ShareLinks::new_nonce() {
  return random_token_base64url(16);
}

std::string ShareLinks::token(std::int64_t job_id, std::string_view nonce) const {
  auto message = std::to_string(job_id) + ":" + std::string(nonce);
  std::string mac(k_mac_bytes, '\0');
  crypto_generichash(reinterpret_cast<unsigned char*>(mac.data()), mac.size(),
                     reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                     reinterpret_cast<const unsigned char*>(key_.data()), key_.size());
  return std::to_string(job_id) + "." + base64url_encode(mac);
}

std::optional<std::int64_t> ShareLinks::job_of(std::string_view token) {
  auto dot = token.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot > 18 || token[0] == '0')
    return std::nullopt;
  std::int64_t id = 0;
  for (char c : token.substr(0, dot)) {
    if (c < '0' || c > '9')
      return std::nullopt;
    id = id * 10 + (c - '0');
  }
  return id;
}

bool ShareLinks::matches(std::string_view token, std::int64_t job_id, std::string_view nonce) const {
  auto expected = this->token(job_id, nonce);
  return token.size() == expected.size() && sodium_memcmp(token.data(), expected.data(), expected.size()) == 0;
}

} // namespace argus::services
