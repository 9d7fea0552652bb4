#include "media/url_redaction.hpp"

namespace argus::media {

std::string redact_url(std::string_view url) {
  auto scheme_end = url.find("://");
  auto authority_start = scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  auto authority_end = url.find_first_of("/?#", authority_start);
  auto authority = url.substr(authority_start, authority_end == std::string_view::npos ? std::string_view::npos
                                                                                        : authority_end - authority_start);
  auto at = authority.rfind('@');
  if (at == std::string_view::npos) {
    // A stray '@' in the path may still follow a password that lacks the authority part: be conservative.
    return url.find('@') == std::string_view::npos ? std::string(url) : std::string(url.substr(0, authority_start)) + "***";
  }
  std::string out(url.substr(0, authority_start));
  out += "***@";
  out += url.substr(authority_start + at + 1);
  return out;
}

} // namespace argus::media
