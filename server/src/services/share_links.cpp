#include "services/share_links.hpp"

#include <fcntl.h>
#include <sodium.h>
#include <unistd.h>

#include <fstream>

#include "common/error.hpp"
#include "services/token_codec.hpp"

namespace argus::services {
namespace {

constexpr std::size_t k_key_bytes = 32;
constexpr std::size_t k_mac_bytes = 24;

std::string read_or_make_key(const std::filesystem::path& key_file) {
  std::ifstream in(key_file, std::ios::binary);
  if (in) {
    std::string key((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (key.size() != k_key_bytes)
      throw Error(Error::Kind::internal, "the share link key " + key_file.string() + " is not 32 bytes");
    return key;
  }
  std::string key(k_key_bytes, '\0');
  randombytes_buf(key.data(), key.size());
  int fd = ::open(key_file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    if (errno == EEXIST)
      return read_or_make_key(key_file);
    throw Error(Error::Kind::unavailable, "cannot write the share link key " + key_file.string());
  }
  bool written = ::write(fd, key.data(), key.size()) == static_cast<ssize_t>(key.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!written)
    throw Error(Error::Kind::unavailable, "cannot write the share link key " + key_file.string());
  return key;
}

} // namespace

ShareLinks ShareLinks::load_or_create(const std::filesystem::path& key_file) {
  ensure_sodium();
  ShareLinks links;
  links.key_ = read_or_make_key(key_file);
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
  return token.size() == expected.size() &&
         sodium_memcmp(token.data(), expected.data(), expected.size()) == 0;
}

} // namespace argus::services
