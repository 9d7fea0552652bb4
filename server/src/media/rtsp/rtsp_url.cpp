#include "media/rtsp/rtsp_url.hpp"

#include <charconv>

#include "http/url.hpp"

namespace argus::media::rtsp {
namespace {

bool starts_with_scheme(std::string_view url, std::string_view scheme) {
  if (url.size() < scheme.size())
    return false;
  for (std::size_t i = 0; i < scheme.size(); ++i) {
    char c = url[i];
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
    if (c != scheme[i])
      return false;
  }
  return true;
}

// User-info percent-decoded; taken as it is when an escape is malformed (a password may contain a bare '%').
std::string decoded(std::string_view text) {
  return http::percent_decode(text).value_or(std::string(text));
}

} // namespace

bool is_absolute_rtsp_url(std::string_view url) {
  return starts_with_scheme(url, "rtsp://");
}

std::optional<RtspUrl> RtspUrl::parse(std::string_view url) {
  constexpr std::string_view k_scheme = "rtsp://";
  if (!starts_with_scheme(url, k_scheme))
    return std::nullopt;
  auto rest = url.substr(k_scheme.size());
  auto authority_end = rest.find_first_of("/?#");
  auto authority = rest.substr(0, authority_end);
  RtspUrl out;
  if (authority_end != std::string_view::npos) {
    auto path = rest.substr(authority_end);
    if (auto hash = path.find('#'); hash != std::string_view::npos)
      path = path.substr(0, hash);
    out.path = path.empty() || path[0] != '/' ? "/" + std::string(path) : std::string(path);
  }
  if (auto at = authority.rfind('@'); at != std::string_view::npos) {
    auto userinfo = authority.substr(0, at);
    authority = authority.substr(at + 1);
    auto colon = userinfo.find(':');
    out.user = decoded(userinfo.substr(0, colon));
    if (colon != std::string_view::npos)
      out.password = decoded(userinfo.substr(colon + 1));
  }
  std::string_view port;
  if (!authority.empty() && authority[0] == '[') {
    auto close = authority.find(']');
    if (close == std::string_view::npos)
      return std::nullopt;
    out.host = authority.substr(1, close - 1);
    auto after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after[0] != ':')
        return std::nullopt;
      port = after.substr(1);
    }
  } else {
    auto colon = authority.rfind(':');
    out.host = authority.substr(0, colon);
    if (colon != std::string_view::npos)
      port = authority.substr(colon + 1);
  }
  if (out.host.empty())
    return std::nullopt;
  if (!port.empty()) {
    unsigned value = 0;
    auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (error != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535)
      return std::nullopt;
    out.port = static_cast<std::uint16_t>(value);
  }
  return out;
}

std::string RtspUrl::request_url() const {
  std::string out = "rtsp://";
  out += host.find(':') != std::string::npos ? "[" + host + "]" : host;
  if (port != 554)
    out += ":" + std::to_string(port);
  return out + path;
}

std::string resolve_rtsp_reference(const std::string& base, const std::string& reference) {
  if (reference.empty() || reference == "*")
    return base;
  if (starts_with_scheme(reference, "rtsp://"))
    return reference;
  if (reference[0] == '/') {
    auto authority_start = base.find("://");
    auto path_start = authority_start == std::string::npos ? std::string::npos : base.find('/', authority_start + 3);
    return (path_start == std::string::npos ? base : base.substr(0, path_start)) + reference;
  }
  // RFC 2326 C.1.1 resolves like RFC 1808, but cameras (and the clients they are tested with) mean "below the whole
  // base, query included": rtsp://h/stream + trackID=1 → rtsp://h/stream/trackID=1, and a Content-Base such as
  // rtsp://h/cam/realmonitor?channel=1/ + trackID=0 → rtsp://h/cam/realmonitor?channel=1/trackID=0.
  return base.ends_with('/') ? base + reference : base + "/" + reference;
}

} // namespace argus::media::rtsp
