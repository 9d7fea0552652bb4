#include "http/url.hpp"

namespace argus::http {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

} // namespace

std::optional<std::string> percent_decode(std::string_view text, bool plus_as_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '%') {
      if (i + 2 >= text.size())
        return std::nullopt;
      int high = hex_value(text[i + 1]);
      int low = hex_value(text[i + 2]);
      if (high < 0 || low < 0)
        return std::nullopt;
      c = static_cast<char>(high * 16 + low);
      if (c == '\0')
        return std::nullopt;
      i += 2;
    } else if (c == '+' && plus_as_space) {
      c = ' ';
    }
    out.push_back(c);
  }
  return out;
}

std::map<std::string, std::string> parse_query(std::string_view query) {
  std::map<std::string, std::string> result;
  while (!query.empty()) {
    auto amp = query.find('&');
    auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (pair.empty())
      continue;
    auto eq = pair.find('=');
    auto raw_name = pair.substr(0, eq);
    auto raw_value = eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1);
    auto name = percent_decode(raw_name, true);
    auto value = percent_decode(raw_value, true);
    result.insert_or_assign(name ? std::move(*name) : std::string(raw_name),
                            value ? std::move(*value) : std::string(raw_value));
  }
  return result;
}

bool parse_target(std::string_view target, std::string& path, std::map<std::string, std::string>& query) {
  if (target.empty() || target.front() != '/')
    return false;
  auto question = target.find('?');
  auto raw_path = target.substr(0, question);
  auto fragment = raw_path.find('#');
  raw_path = raw_path.substr(0, fragment);
  auto decoded = percent_decode(raw_path);
  if (!decoded)
    return false;
  path = std::move(*decoded);
  query.clear();
  if (question != std::string_view::npos) {
    auto raw_query = target.substr(question + 1);
    raw_query = raw_query.substr(0, raw_query.find('#'));
    query = parse_query(raw_query);
  }
  return true;
}

} // namespace argus::http
