#include "http/byte_range.hpp"

#include <charconv>
#include <optional>

#include "http/header_text.hpp"

namespace argus::http {
namespace {

// Digits only (no sign, no spaces), no overflow.
std::optional<std::uint64_t> parse_number(std::string_view text) {
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

bool iequals_prefix(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size())
    return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[i])
      return false;
  }
  return true;
}

} // namespace

ByteRange parse_byte_range(std::string_view header, std::uint64_t size) {
  constexpr ByteRange unsatisfiable{ByteRange::Kind::unsatisfiable, 0, 0};
  header = trim_ows(header);
  if (header.empty())
    return {};
  if (!iequals_prefix(header, "bytes="))
    return unsatisfiable;
  auto spec = trim_ows(header.substr(6));
  if (spec.find(',') != std::string_view::npos)
    return {}; // several ranges: the whole file
  auto dash = spec.find('-');
  if (dash == std::string_view::npos)
    return unsatisfiable;
  auto first_text = trim_ows(spec.substr(0, dash));
  auto last_text = trim_ows(spec.substr(dash + 1));
  if (first_text.empty()) {
    // Suffix: the last n bytes.
    auto suffix = parse_number(last_text);
    if (!suffix || *suffix == 0 || size == 0)
      return unsatisfiable;
    auto length = std::min(*suffix, size);
    return {ByteRange::Kind::partial, size - length, length};
  }
  auto first = parse_number(first_text);
  if (!first || *first >= size)
    return unsatisfiable;
  std::uint64_t last = size - 1;
  if (!last_text.empty()) {
    auto parsed = parse_number(last_text);
    if (!parsed || *parsed < *first)
      return unsatisfiable;
    last = std::min(*parsed, size - 1);
  }
  return {ByteRange::Kind::partial, *first, last - *first + 1};
}

Response file_range_response(const std::filesystem::path& path, std::uint64_t size, std::string_view range_header,
                             std::string content_type, bool whole_file) {
  auto range = parse_byte_range(range_header, size);
  if (range.kind == ByteRange::Kind::unsatisfiable) {
    auto response = Response::error(416, "Requested range not satisfiable");
    response.add_header("Content-Range", "bytes */" + std::to_string(size));
    response.add_header("Accept-Ranges", "bytes");
    return response;
  }
  Response response;
  response.content_type = std::move(content_type);
  response.add_header("Accept-Ranges", "bytes");
  if (range.kind == ByteRange::Kind::whole) {
    response.file = FileBody{path, 0, whole_file ? std::nullopt : std::optional<std::uint64_t>(size)};
    if (!whole_file && size == 0)
      response.file.reset(); // an empty body
    return response;
  }
  response.status = 206;
  response.file = FileBody{path, range.offset, range.length};
  response.add_header("Content-Range", "bytes " + std::to_string(range.offset) + "-" +
                                           std::to_string(range.offset + range.length - 1) + "/" +
                                           std::to_string(size));
  return response;
}

} // namespace argus::http
