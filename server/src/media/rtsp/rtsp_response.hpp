#pragma once
// An RTSP/1.0 response (RFC 2326 §7) and its incremental, bounded parser: the status line and headers up to the blank
// line, then Content-Length bytes of body. Works on bytes as they arrive (interleaved_reader.hpp calls it on the
// receive buffer), so "incomplete" is a normal answer.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace argus::media::rtsp {

struct RtspResponse {
  int status = 0;
  std::string reason;
  std::vector<std::pair<std::string, std::string>> headers; // in order, names as sent, values trimmed
  std::string body;

  //! The first header of that name (case-insensitive), or nullopt.
  std::optional<std::string> header(std::string_view name) const;
  //! Every header of that name, in order (WWW-Authenticate may come several times).
  std::vector<std::string> headers_named(std::string_view name) const;
};

struct ResponseLimits {
  std::size_t max_head_bytes = 16 * 1024; // status line + headers
  std::size_t max_body_bytes = 64 * 1024; // Content-Length (an SDP is a few hundred bytes)
};

enum class ResponseParse {
  incomplete, // more bytes needed
  complete,   // `response` and `consumed` are set
  not_rtsp,   // the bytes do not start with "RTSP/"
  malformed,  // a bad status line or Content-Length
  too_large,  // head or body beyond the limits
};

struct ParsedResponse {
  ResponseParse result = ResponseParse::incomplete;
  RtspResponse response;
  std::size_t consumed = 0; // head + body bytes
};

//! Parses the response at the start of `data`.
ParsedResponse parse_rtsp_response(std::string_view data, const ResponseLimits& limits = {});

//! Case-insensitive ASCII comparison.
bool equals_ignoring_case(std::string_view a, std::string_view b);

} // namespace argus::media::rtsp
