#include "mail_summary.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>
#include <vector>

#include "mime_decoding.hpp"

namespace argus::democatcher {
namespace {

constexpr int k_max_multipart_depth = 4;

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::string_view trim(std::string_view text) {
  auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos)
    return {};
  return text.substr(start, text.find_last_not_of(" \t\r\n") - start + 1);
}

struct MimeEntity {
  std::vector<std::pair<std::string, std::string>> headers; // lower-case name, unfolded value
  std::string_view body;

  std::string header(std::string_view name) const {
    for (const auto& [key, value] : headers) {
      if (key == name)
        return value;
    }
    return {};
  }
};

// Splits the header block (up to the first empty line) from the body and unfolds the headers.
MimeEntity parse_entity(std::string_view raw) {
  MimeEntity entity;
  std::size_t at = 0;
  while (at < raw.size()) {
    auto end = raw.find('\n', at);
    auto line = raw.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    auto next = end == std::string_view::npos ? raw.size() : end + 1;
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    if (line.empty()) {
      at = next;
      break;
    }
    if ((line.front() == ' ' || line.front() == '\t') && !entity.headers.empty()) {
      entity.headers.back().second += line;
    } else if (auto colon = line.find(':'); colon != std::string_view::npos && colon > 0) {
      entity.headers.emplace_back(lower(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1))));
    } else {
      break; // not a header: the message has no (more) headers, its body starts here
    }
    at = next;
  }
  entity.body = raw.substr(at);
  return entity;
}

// The media type ("text/plain") and one parameter ("boundary", "charset") of a Content-Type value.
std::string media_type(const std::string& content_type) {
  return lower(trim(std::string_view(content_type).substr(0, content_type.find(';'))));
}

std::string content_type_parameter(const std::string& content_type, std::string_view name) {
  std::string_view rest(content_type);
  for (auto semicolon = rest.find(';'); semicolon != std::string_view::npos; semicolon = rest.find(';')) {
    rest.remove_prefix(semicolon + 1);
    auto parameter = trim(rest.substr(0, rest.find(';')));
    auto equals = parameter.find('=');
    if (equals == std::string_view::npos || lower(trim(parameter.substr(0, equals))) != name)
      continue;
    auto value = trim(parameter.substr(equals + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    return std::string(value);
  }
  return {};
}

std::string readable_text(const MimeEntity& entity) {
  auto encoding = lower(trim(entity.header("content-transfer-encoding")));
  std::string bytes = encoding == "quoted-printable" ? decode_quoted_printable(entity.body)
                      : encoding == "base64"         ? decode_base64(entity.body)
                                                     : std::string(entity.body);
  auto text = charset_to_utf8(bytes, content_type_parameter(entity.header("content-type"), "charset"));
  std::erase(text, '\r');
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  return text;
}

// The parts between "--boundary" lines, up to "--boundary--".
std::vector<std::string_view> multipart_parts(std::string_view body, const std::string& boundary) {
  std::vector<std::string_view> parts;
  std::optional<std::size_t> part_start;
  std::string delimiter = "--" + boundary;
  for (std::size_t at = 0; at < body.size();) {
    auto end = body.find('\n', at);
    auto line_end = end == std::string_view::npos ? body.size() : end;
    auto line = trim(body.substr(at, line_end - at));
    if (line == delimiter || line == delimiter + "--") {
      if (part_start)
        parts.push_back(body.substr(*part_start, at - *part_start));
      if (line != delimiter)
        return parts;
      part_start = end == std::string_view::npos ? body.size() : end + 1;
    }
    at = end == std::string_view::npos ? body.size() : end + 1;
  }
  return parts;
}

// The first text/plain leaf of the entity, or nullopt; fallback gets the first leaf's text of any type.
std::optional<std::string> plain_text(const MimeEntity& entity, int depth, std::optional<std::string>& fallback) {
  auto content_type = entity.header("content-type");
  auto type = media_type(content_type);
  auto boundary = content_type_parameter(content_type, "boundary");
  if (type.starts_with("multipart/") && !boundary.empty() && depth < k_max_multipart_depth) {
    for (auto part : multipart_parts(entity.body, boundary)) {
      if (auto text = plain_text(parse_entity(part), depth + 1, fallback))
        return text;
    }
    return std::nullopt;
  }
  auto text = readable_text(entity);
  if (type.empty() || type == "text/plain")
    return text;
  if (!fallback)
    fallback = std::move(text);
  return std::nullopt;
}

} // namespace

MailSummary summarize_mail(std::string_view raw) {
  auto message = parse_entity(raw);
  MailSummary summary;
  summary.subject = decode_header_value(message.header("subject"));
  std::optional<std::string> fallback;
  auto text = plain_text(message, 0, fallback);
  summary.text = text ? std::move(*text) : fallback ? std::move(*fallback) : charset_to_utf8(message.body, "");
  return summary;
}

} // namespace argus::democatcher
