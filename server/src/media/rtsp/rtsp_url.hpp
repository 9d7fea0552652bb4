#pragma once
// An rtsp:// URL taken apart: host, port, the path a request line carries, and the credentials of its user-info
// (percent-decoded). Requests and logs never carry the credentials (request_url(); url_redaction.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace argus::media::rtsp {

struct RtspUrl {
  std::string host; // without the brackets of an IPv6 literal
  std::uint16_t port = 554;
  std::string path = "/"; // path and query, starting with '/'
  std::optional<std::string> user;
  std::string password;

  //! Parses rtsp://[user[:password]@]host[:port][/path]; nullopt for another scheme or a malformed authority.
  static std::optional<RtspUrl> parse(std::string_view url);
  //! The URL without user-info, as requests carry it.
  std::string request_url() const;
};

//! `reference` (an absolute rtsp:// URL, an absolute path or a relative one) resolved against `base` the way RTSP
//! clients do for a=control and Location: a relative reference is appended to the base with one '/' between.
std::string resolve_rtsp_reference(const std::string& base, const std::string& reference);

//! True for rtsp://... (any case of the scheme).
bool is_absolute_rtsp_url(std::string_view url);

} // namespace argus::media::rtsp
