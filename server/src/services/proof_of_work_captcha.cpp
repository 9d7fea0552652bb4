#include "services/proof_of_work_captcha.hpp"

#include <charconv>

#include <nlohmann/json.hpp>
#include <sodium.h>

#include "services/token_codec.hpp"

namespace argus::services {
namespace {

constexpr std::size_t k_max_solution_bytes = 2048;

// The expiry (unix seconds) a salt carries, or -1.
std::int64_t expiry_of(std::string_view salt) {
  auto at = salt.find("?expires=");
  if (at == std::string_view::npos)
    return -1;
  auto digits = salt.substr(at + 9);
  std::int64_t value = -1;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return error == std::errc{} && end == digits.data() + digits.size() ? value : -1;
}

} // namespace

ProofOfWorkCaptcha::ProofOfWorkCaptcha(Clock now_ms, std::int64_t maxnumber)
    : now_ms_(std::move(now_ms)), maxnumber_(maxnumber) {
  ensure_sodium();
  key_.resize(crypto_auth_hmacsha256_KEYBYTES);
  randombytes_buf(key_.data(), key_.size());
}

std::string ProofOfWorkCaptcha::digest_hex(std::string_view salt, std::int64_t number) {
  std::string text = std::string(salt) + std::to_string(number);
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return to_hex(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
}

std::string ProofOfWorkCaptcha::signature_hex(std::string_view challenge) const {
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(challenge.data()), challenge.size(),
                         reinterpret_cast<const unsigned char*>(key_.data()));
  return to_hex(std::string_view(reinterpret_cast<const char*>(mac), sizeof mac));
}

ProofOfWorkCaptcha::Challenge ProofOfWorkCaptcha::issue() {
  Challenge out;
  out.expires_ms = now_ms_() + k_lifetime_ms;
  std::string salt_bytes(12, '\0');
  randombytes_buf(salt_bytes.data(), salt_bytes.size());
  out.salt = to_hex(salt_bytes) + "?expires=" + std::to_string(out.expires_ms / 1000);
  out.maxnumber = maxnumber_;
  auto number = static_cast<std::int64_t>(randombytes_uniform(static_cast<std::uint32_t>(maxnumber_ + 1)));
  out.challenge = digest_hex(out.salt, number);
  out.signature = signature_hex(out.challenge);
  return out;
}

bool ProofOfWorkCaptcha::verify(std::string_view solution_base64) {
  if (solution_base64.empty() || solution_base64.size() > k_max_solution_bytes)
    return false;
  std::string text;
  if (!base64_decode(solution_base64, text))
    return false;
  auto solution = nlohmann::json::parse(text, nullptr, false);
  if (!solution.is_object())
    return false;
  auto field = [&](const char* name) -> std::string {
    auto it = solution.find(name);
    return it != solution.end() && it->is_string() ? it->get<std::string>() : std::string{};
  };
  auto number_it = solution.find("number");
  if (field("algorithm") != "SHA-256" || number_it == solution.end() || !number_it->is_number_integer())
    return false;
  const auto challenge = field("challenge");
  const auto salt = field("salt");
  const auto signature = field("signature");
  const auto number = number_it->get<std::int64_t>();
  const auto expected_signature = signature_hex(challenge);
  if (challenge.empty() || signature.size() != expected_signature.size() ||
      sodium_memcmp(signature.data(), expected_signature.data(), signature.size()) != 0)
    return false;
  const auto now = now_ms_();
  const auto expires_s = expiry_of(salt);
  if (expires_s < 0 || expires_s * 1000 <= now || number < 0 || number > maxnumber_ ||
      digest_hex(salt, number) != challenge)
    return false;
  std::lock_guard lock(mutex_);
  forget_expired(now);
  return used_.emplace(challenge, expires_s * 1000).second; // once
}

void ProofOfWorkCaptcha::forget_expired(std::int64_t now) {
  for (auto it = used_.begin(); it != used_.end();) {
    if (it->second <= now)
      it = used_.erase(it);
    else
      ++it;
  }
}

} // namespace argus::services
