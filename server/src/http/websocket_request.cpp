#include <algorithm>
#include <cctype>

#include "http/header_text.hpp"
#include "http/request.hpp"
#include "http/websocket.hpp"

namespace argus::http {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
           return std::tolower(x) == std::tolower(y);
         });
}

// True when the comma-separated header value lists the token (RFC 9110 §5.6.1), case-insensitively.
bool lists_token(std::string_view value, std::string_view token) {
  while (!value.empty()) {
    auto comma = value.find(',');
    if (iequals(trim_ows(value.substr(0, comma)), token))
      return true;
    if (comma == std::string_view::npos)
      break;
    value.remove_prefix(comma + 1);
  }
  return false;
}

} // namespace

bool is_websocket_request(const Request& request) {
  return request.method == "GET" && lists_token(request.header("connection"), "upgrade") &&
         lists_token(request.header("upgrade"), "websocket");
}

} // namespace argus::http
