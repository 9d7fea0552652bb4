#include "media/rtsp/rtsp_authenticator.hpp"

#include <openssl/evp.h>

#include <cstdio>
#include <map>
#include <random>

#include "media/rtsp/rtsp_response.hpp"

namespace argus::media::rtsp {
namespace {

// auth-params of a challenge: key=value or key="quoted value", comma separated; keys lower case.
std::map<std::string, std::string> challenge_parameters(std::string_view text) {
  std::map<std::string, std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && (text[at] == ' ' || text[at] == ',' || text[at] == '\t'))
      ++at;
    auto equals = text.find('=', at);
    if (equals == std::string_view::npos)
      break;
    std::string key(text.substr(at, equals - at));
    while (!key.empty() && key.back() == ' ')
      key.pop_back();
    for (auto& c : key)
      c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    at = equals + 1;
    while (at < text.size() && text[at] == ' ')
      ++at;
    std::string value;
    if (at < text.size() && text[at] == '"') {
      ++at;
      while (at < text.size() && text[at] != '"') {
        if (text[at] == '\\' && at + 1 < text.size())
          ++at;
        value.push_back(text[at++]);
      }
      ++at; // closing quote
    } else {
      auto end = text.find(',', at);
      value = std::string(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
      while (!value.empty() && value.back() == ' ')
        value.pop_back();
      at = end == std::string_view::npos ? text.size() : end;
    }
    out[key] = value;
  }
  return out;
}

bool has_scheme(std::string_view challenge, std::string_view scheme) {
  return challenge.size() > scheme.size() && equals_ignoring_case(challenge.substr(0, scheme.size()), scheme) &&
         challenge[scheme.size()] == ' ';
}

bool lists_token(std::string_view list, std::string_view token) {
  std::size_t at = 0;
  while (at <= list.size()) {
    auto comma = list.find(',', at);
    auto item = list.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
    while (!item.empty() && item.front() == ' ')
      item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ')
      item.remove_suffix(1);
    if (equals_ignoring_case(item, token))
      return true;
    if (comma == std::string_view::npos)
      break;
    at = comma + 1;
  }
  return false;
}

} // namespace

std::string md5_hex(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(text.data(), text.size(), digest, &size, EVP_md5(), nullptr);
  std::string out;
  char hex[3];
  for (unsigned i = 0; i < size; ++i) {
    std::snprintf(hex, sizeof hex, "%02x", digest[i]);
    out += hex;
  }
  return out;
}

std::string encode_base64(std::string_view bytes) {
  static constexpr char k_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    std::uint32_t v = (std::uint32_t{static_cast<std::uint8_t>(bytes[i])} << 16) |
                      (std::uint32_t{static_cast<std::uint8_t>(bytes[i + 1])} << 8) |
                      static_cast<std::uint8_t>(bytes[i + 2]);
    for (int shift : {18, 12, 6, 0})
      out.push_back(k_alphabet[(v >> shift) & 63]);
  }
  if (auto rest = bytes.size() - i; rest > 0) {
    std::uint32_t v = std::uint32_t{static_cast<std::uint8_t>(bytes[i])} << 16;
    if (rest == 2)
      v |= std::uint32_t{static_cast<std::uint8_t>(bytes[i + 1])} << 8;
    out.push_back(k_alphabet[(v >> 18) & 63]);
    out.push_back(k_alphabet[(v >> 12) & 63]);
    out.push_back(rest == 2 ? k_alphabet[(v >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

std::string digest_response(std::string_view user, std::string_view realm, std::string_view password,
                            std::string_view method, std::string_view uri, std::string_view nonce, std::string_view qop,
                            std::string_view nonce_count, std::string_view cnonce) {
  auto ha1 = md5_hex(std::string(user) + ":" + std::string(realm) + ":" + std::string(password));
  auto ha2 = md5_hex(std::string(method) + ":" + std::string(uri));
  if (qop.empty())
    return md5_hex(ha1 + ":" + std::string(nonce) + ":" + ha2);
  return md5_hex(ha1 + ":" + std::string(nonce) + ":" + std::string(nonce_count) + ":" + std::string(cnonce) + ":" +
                 std::string(qop) + ":" + ha2);
}

RtspAuthenticator::RtspAuthenticator(std::optional<std::string> user, std::string password)
    : user_(std::move(user)), password_(std::move(password)) {}

bool RtspAuthenticator::take_challenge(const std::vector<std::string>& www_authenticate) {
  if (!user_)
    return false;
  for (const auto& challenge : www_authenticate) {
    if (!has_scheme(challenge, "Digest"))
      continue;
    auto parameters = challenge_parameters(std::string_view(challenge).substr(7));
    auto algorithm = parameters.find("algorithm");
    if (parameters["nonce"].empty() ||
        (algorithm != parameters.end() && !equals_ignoring_case(algorithm->second, "MD5")))
      continue;
    auto qop = parameters.find("qop");
    if (qop != parameters.end() && !lists_token(qop->second, "auth"))
      continue; // auth-int only: it would need the body's hash
    scheme_ = Scheme::digest;
    realm_ = parameters["realm"];
    nonce_ = parameters["nonce"];
    opaque_ = parameters["opaque"];
    qop_auth_ = qop != parameters.end();
    nonce_count_ = 0;
    if (cnonce_.empty()) {
      std::random_device random;
      char text[17];
      std::snprintf(text, sizeof text, "%08x%08x", random(), random());
      cnonce_ = text;
    }
    return true;
  }
  for (const auto& challenge : www_authenticate) {
    if (has_scheme(challenge, "Basic")) {
      scheme_ = Scheme::basic;
      return true;
    }
  }
  return false;
}

std::string RtspAuthenticator::authorization(std::string_view method, std::string_view uri) {
  if (scheme_ == Scheme::basic)
    return "Basic " + encode_base64(*user_ + ":" + password_);
  if (scheme_ != Scheme::digest)
    return {};
  std::string out = "Digest username=\"" + *user_ + "\", realm=\"" + realm_ + "\", nonce=\"" + nonce_ + "\", uri=\"" +
                    std::string(uri) + "\"";
  if (qop_auth_) {
    char count[9];
    std::snprintf(count, sizeof count, "%08x", ++nonce_count_);
    out += ", response=\"" + digest_response(*user_, realm_, password_, method, uri, nonce_, "auth", count, cnonce_) +
           "\", qop=auth, nc=" + count + ", cnonce=\"" + cnonce_ + "\"";
  } else {
    out += ", response=\"" + digest_response(*user_, realm_, password_, method, uri, nonce_, "", "", "") + "\"";
  }
  if (!opaque_.empty())
    out += ", opaque=\"" + opaque_ + "\"";
  return out + ", algorithm=MD5";
}

} // namespace argus::media::rtsp
