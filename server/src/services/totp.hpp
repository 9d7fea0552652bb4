#pragma once
// Authenticator codes (issue 12): RFC 6238 TOTP over RFC 4226 HOTP with HMAC-SHA1, 30-second steps and 6 digits, the
// parameters every authenticator app uses by default; secrets in RFC 4648 base32 as apps take them, and the
// otpauth:// URI an app reads from a QR code (Key Uri Format: otpauth://totp/{issuer}:{account}?secret&issuer&
// algorithm&digits&period). Replay protection is the caller's: `match` answers the step a code belongs to, and a step
// at or before the last one accepted must be refused.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::services::totp {

constexpr int k_digits = 6;
constexpr std::int64_t k_step_seconds = 30;
constexpr int k_window_steps = 1;           // a code of the previous or the next step is accepted too (clock drift)
constexpr std::size_t k_secret_bytes = 20;  // 160 bits, RFC 4226's recommendation

//! RFC 4226 HOTP: the `digits`-digit code of `counter` (zero-padded).
std::string hotp(const std::vector<std::uint8_t>& secret, std::uint64_t counter, int digits = k_digits);
//! The step of a UNIX time (floor(unix_s / 30); negative times are step 0).
std::int64_t step_of(std::int64_t unix_s);
//! RFC 6238 TOTP: the code of the step of `unix_s`.
std::string code_at(const std::vector<std::uint8_t>& secret, std::int64_t unix_s, int digits = k_digits);
//! The step within ±k_window_steps of `unix_s` whose code is `code` (exactly k_digits digits), nearest first; nullopt
//! when none matches or the code is malformed. Compared in constant time.
std::optional<std::int64_t> match(const std::vector<std::uint8_t>& secret, std::string_view code, std::int64_t unix_s);

//! A new random secret of k_secret_bytes.
std::vector<std::uint8_t> new_secret();
//! RFC 4648 base32 without padding (upper case), as authenticator apps show and take secrets.
std::string base32_encode(const std::vector<std::uint8_t>& bytes);
//! Decodes base32 (case-insensitive; spaces, hyphens and '=' padding ignored); nullopt for any other character.
std::optional<std::vector<std::uint8_t>> base32_decode(std::string_view text);
//! otpauth://totp/{issuer}:{account}?secret=...&issuer=...&algorithm=SHA1&digits=6&period=30 (percent-encoded).
std::string otpauth_uri(std::string_view issuer, std::string_view account, const std::vector<std::uint8_t>& secret);

} // namespace argus::services::totp
