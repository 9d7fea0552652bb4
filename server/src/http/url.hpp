#pragma once
// Request-target parsing: percent-decoding and query strings. Beast-free.
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace argus::http {

//! Decodes %XX escapes (and '+' as space when plus_as_space); nullopt on a malformed escape or a decoded NUL.
std::optional<std::string> percent_decode(std::string_view text, bool plus_as_space = false);

//! Parses "a=1&b=x%20y" into decoded pairs; the last occurrence of a name wins; malformed escapes are kept verbatim.
std::map<std::string, std::string> parse_query(std::string_view query);

//! Splits a request target into its decoded path and query; false when the path is not a valid origin-form path.
bool parse_target(std::string_view target, std::string& path, std::map<std::string, std::string>& query);

} // namespace argus::http
