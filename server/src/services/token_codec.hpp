#pragma once
// Random tokens and their encodings (libsodium): base64url for cookies, hex digests for storage.
#include <cstddef>
#include <string>
#include <string_view>

namespace argus::services {

//! size_bytes random bytes as unpadded base64url.
std::string random_token_base64url(std::size_t size_bytes);
//! Unpadded base64url of raw bytes.
std::string base64url_encode(std::string_view bytes);
//! Standard (RFC 4648 section 4, padded) base64 of raw bytes, what a browser's atob() reads.
std::string base64_encode(std::string_view bytes);
//! Decodes standard padded base64 (what a browser's btoa() writes) into bytes; false on bad input.
bool base64_decode(std::string_view text, std::string& bytes);
//! Decodes unpadded base64url into bytes; false on bad input.
bool base64url_decode(std::string_view text, std::string& bytes);
//! Hex of a 32-byte BLAKE2b digest: what the store keeps instead of a session token.
std::string token_digest_hex(std::string_view token);
//! Lower-case hex of raw bytes.
std::string to_hex(std::string_view bytes);
//! Raw bytes of hex text; false on bad input.
bool from_hex(std::string_view hex, std::string& bytes);
//! Calls sodium_init once; throws Error(internal) when libsodium cannot start.
void ensure_sodium();

} // namespace argus::services
