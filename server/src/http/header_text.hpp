#pragma once
// Small helpers for reading header field values. Beast-free.
#include <string_view>

namespace argus::http {

//! The value without leading and trailing spaces and tabs (optional whitespace, RFC 9110 §5.6.3).
std::string_view trim_ows(std::string_view text);

} // namespace argus::http
