#include "services/two_factor.hpp"

#include <sodium.h>

#include "common/error.hpp"
#include "services/qr_svg.hpp"
#include "services/token_codec.hpp"
#include "services/totp.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr std::string_view k_recovery_alphabet = "abcdefghijkmnpqrstuvwxyz23456789"; // no 0/o, 1/l
constexpr std::size_t k_recovery_half = 5;                                             // xxxxx-xxxxx: 50 bits

std::string new_recovery_code() {
  ensure_sodium();
  std::string code;
  for (std::size_t i = 0; i < 2 * k_recovery_half; ++i) {
    if (i == k_recovery_half)
      code += '-';
    code += k_recovery_alphabet[randombytes_uniform(static_cast<std::uint32_t>(k_recovery_alphabet.size()))];
  }
  return code;
}

std::string recovery_hash(std::string_view code) {
  return token_digest_hex(normalised_recovery_code(code));
}

bool is_totp_shape(std::string_view code) {
  return code.size() == static_cast<std::size_t>(totp::k_digits) &&
         code.find_first_not_of("0123456789") == std::string_view::npos;
}

} // namespace

std::string normalised_recovery_code(std::string_view code) {
  std::string out;
  for (char c : code) {
    if (c == '-' || c == ' ')
      continue;
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return out;
}

TwoFactor::TwoFactor(store::Database& database, std::function<std::int64_t()> now_ms)
    : database_(database), now_ms_(std::move(now_ms)) {}

TwoFactor::State TwoFactor::state(std::int64_t user_id) {
  auto authenticator = database_.find_authenticator(user_id);
  if (!authenticator || !authenticator->confirmed)
    return {};
  return {true, database_.count_recovery_codes(user_id)};
}

TwoFactor::Enrolment TwoFactor::enrol(std::int64_t user_id, std::string_view account) {
  if (state(user_id).enabled)
    throw Error(Error::Kind::conflict, "Two-factor authentication is already on.");
  store::AuthenticatorRecord record;
  record.user_id = user_id;
  record.secret = totp::new_secret();
  record.created_ms = now_ms_();
  database_.put_pending_authenticator(record);
  auto uri = totp::otpauth_uri(k_issuer, account, record.secret);
  return {totp::base32_encode(record.secret), uri, qr_svg(uri)};
}

std::vector<std::string> TwoFactor::confirm(std::int64_t user_id, std::string_view code) {
  auto authenticator = database_.find_authenticator(user_id);
  if (authenticator && authenticator->confirmed)
    throw Error(Error::Kind::conflict, "Two-factor authentication is already on.");
  if (!authenticator)
    throw Error(Error::Kind::conflict, "Start again: no authenticator is being added.");
  auto step = totp::match(authenticator->secret, code, now_s());
  if (!step)
    throw Error(Error::Kind::invalid_input, k_incorrect_code);
  std::vector<std::string> codes, hashes;
  for (int i = 0; i < k_recovery_codes; ++i) {
    codes.push_back(new_recovery_code());
    hashes.push_back(recovery_hash(codes.back()));
  }
  if (!database_.confirm_authenticator(user_id, *step, hashes))
    throw Error(Error::Kind::conflict, "Two-factor authentication is already on.");
  return codes;
}

bool TwoFactor::verify(std::int64_t user_id, std::string_view code) {
  auto authenticator = database_.find_authenticator(user_id);
  if (!authenticator || !authenticator->confirmed)
    return false;
  if (is_totp_shape(code)) {
    auto step = totp::match(authenticator->secret, code, now_s());
    return step && database_.advance_authenticator_step(user_id, *step);
  }
  auto normalised = normalised_recovery_code(code);
  if (normalised.size() != 2 * k_recovery_half)
    return false;
  return database_.use_recovery_code(user_id, recovery_hash(normalised));
}

void TwoFactor::disable(std::int64_t user_id, std::string_view code) {
  if (!state(user_id).enabled)
    throw Error(Error::Kind::conflict, "Two-factor authentication is off.");
  if (!verify(user_id, code))
    throw Error(Error::Kind::invalid_input, k_incorrect_code);
  database_.delete_authenticator(user_id);
}

} // namespace argus::services
