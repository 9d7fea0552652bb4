#include "http/request.hpp"

#include "common/error.hpp"

namespace argus::http {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
    text.remove_suffix(1);
  return text;
}

} // namespace

std::string Request::header(std::string_view lower_name) const {
  auto it = headers.find(std::string(lower_name));
  return it == headers.end() ? std::string{} : it->second;
}

std::optional<std::string> Request::cookie(std::string_view name) const {
  auto it = headers.find("cookie");
  if (it == headers.end())
    return std::nullopt;
  std::string_view rest = it->second;
  while (!rest.empty()) {
    auto semicolon = rest.find(';');
    auto pair = trim(rest.substr(0, semicolon));
    rest = semicolon == std::string_view::npos ? std::string_view{} : rest.substr(semicolon + 1);
    auto eq = pair.find('=');
    if (eq == std::string_view::npos || trim(pair.substr(0, eq)) != name)
      continue;
    auto value = trim(pair.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    return std::string(value);
  }
  return std::nullopt;
}

std::optional<std::string> Request::query_param(std::string_view name) const {
  auto it = query.find(std::string(name));
  if (it == query.end())
    return std::nullopt;
  return it->second;
}

const std::string& Request::param(std::string_view name) const {
  auto it = path_params.find(std::string(name));
  if (it == path_params.end()) {
    throw Error(Error::Kind::invalid_input, "Missing path parameter '" + std::string(name) + "'");
  }
  return it->second;
}

} // namespace argus::http
