#pragma once
// The MIME decodings a catcher needs to show a message's subject and text: base64, quoted-printable (RFC 2045) and
// encoded words in headers (RFC 2047, "=?UTF-8?B?...?=" and "=?UTF-8?Q?...?="). Lenient: malformed input is kept or
// skipped, never an error.
#include <string>
#include <string_view>

namespace argus::democatcher {

//! Base64 to bytes; whitespace and anything outside the alphabet is skipped, decoding stops at '='.
std::string decode_base64(std::string_view text);
//! Quoted-printable to bytes: "=XX" escapes and soft line breaks ("=" at a line end); a malformed "=" stays.
std::string decode_quoted_printable(std::string_view text);
//! Bytes in a MIME charset as UTF-8: ISO-8859-1 (and its aliases) converted, anything else taken as UTF-8.
std::string charset_to_utf8(std::string_view bytes, std::string_view charset);
//! A header value with its RFC 2047 encoded words decoded, as UTF-8.
std::string decode_header_value(std::string_view value);

} // namespace argus::democatcher
