#pragma once
// Content negotiation on Accept-Encoding (RFC 9110 §12.5.3): which of the codings a resource is available in to send.
// Beast-free.
#include <span>
#include <string_view>

namespace argus::http {

enum class ContentCoding { identity, gzip, br };

//! The Content-Encoding token of a coding ("" for identity).
std::string_view content_coding_token(ContentCoding coding);

//! The coding to send for an Accept-Encoding value among available (the server's order of preference; identity is
//! always available and need not be listed). The highest q-value wins, ties go to the earlier available coding;
//! "*" covers codings not named, identity not named ranks below every accepted coding, "x-gzip" counts as gzip, q=0
//! refuses, malformed elements are ignored. No header, an
//! empty one or nothing acceptable (e.g. "identity;q=0" with no coding available) gives identity (RFC 9110: send
//! the content without coding then).
ContentCoding choose_content_coding(std::string_view accept_encoding, std::span<const ContentCoding> available);

} // namespace argus::http
