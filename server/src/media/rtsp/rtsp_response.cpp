#include "media/rtsp/rtsp_response.hpp"

#include <algorithm>
#include <charconv>

namespace argus::media::rtsp {
namespace {

constexpr std::string_view k_protocol = "RTSP/";
constexpr std::size_t k_max_headers = 64;

char lower_ascii(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

// The end of the head (after the blank line): CRLFCRLF, or bare LFLF from sloppy servers; npos when not there yet.
std::size_t head_end(std::string_view data) {
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (data[i] != '\n')
      continue;
    if (i + 1 < data.size() && data[i + 1] == '\n')
      return i + 2;
    if (i + 2 < data.size() && data[i + 1] == '\r' && data[i + 2] == '\n')
      return i + 3;
  }
  return std::string_view::npos;
}

} // namespace

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower_ascii(x) == lower_ascii(y); });
}

std::optional<std::string> RtspResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (equals_ignoring_case(key, name))
      return value;
  }
  return std::nullopt;
}

std::vector<std::string> RtspResponse::headers_named(std::string_view name) const {
  std::vector<std::string> out;
  for (const auto& [key, value] : headers) {
    if (equals_ignoring_case(key, name))
      out.push_back(value);
  }
  return out;
}

ParsedResponse parse_rtsp_response(std::string_view data, const ResponseLimits& limits) {
  ParsedResponse out;
  auto prefix = std::min(data.size(), k_protocol.size());
  if (data.substr(0, prefix) != k_protocol.substr(0, prefix)) {
    out.result = ResponseParse::not_rtsp;
    return out;
  }
  auto end = head_end(data.substr(0, std::min(data.size(), limits.max_head_bytes)));
  if (end == std::string_view::npos) {
    out.result = data.size() >= limits.max_head_bytes ? ResponseParse::too_large : ResponseParse::incomplete;
    return out;
  }
  auto head = data.substr(0, end);
  // Status line: RTSP/1.0 200 OK
  auto line_end = head.find('\n');
  auto status_line = trim(head.substr(0, line_end));
  auto space = status_line.find(' ');
  if (space == std::string_view::npos) {
    out.result = ResponseParse::malformed;
    return out;
  }
  auto code = status_line.substr(space + 1, 3);
  auto [code_end, code_error] = std::from_chars(code.data(), code.data() + code.size(), out.response.status);
  if (code.size() != 3 || code_error != std::errc() || code_end != code.data() + 3 || out.response.status < 100) {
    out.result = ResponseParse::malformed;
    return out;
  }
  out.response.reason = std::string(trim(status_line.substr(std::min(status_line.size(), space + 4))));
  std::size_t content_length = 0;
  auto rest = head.substr(line_end + 1);
  while (!rest.empty()) {
    auto newline = rest.find('\n');
    auto line = trim(rest.substr(0, newline));
    rest = newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);
    if (line.empty())
      break;
    auto colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0)
      continue; // not a header: ignored, as lenient clients do
    if (out.response.headers.size() >= k_max_headers) {
      out.result = ResponseParse::too_large;
      return out;
    }
    auto name = trim(line.substr(0, colon));
    auto value = trim(line.substr(colon + 1));
    if (equals_ignoring_case(name, "Content-Length")) {
      auto [length_end, error] = std::from_chars(value.data(), value.data() + value.size(), content_length);
      if (error != std::errc() || length_end != value.data() + value.size()) {
        out.result = error == std::errc::result_out_of_range ? ResponseParse::too_large : ResponseParse::malformed;
        return out;
      }
    }
    out.response.headers.emplace_back(std::string(name), std::string(value));
  }
  if (content_length > limits.max_body_bytes) {
    out.result = ResponseParse::too_large;
    return out;
  }
  if (data.size() - end < content_length)
    return out; // incomplete
  out.response.body = std::string(data.substr(end, content_length));
  out.consumed = end + content_length;
  out.result = ResponseParse::complete;
  return out;
}

} // namespace argus::media::rtsp
