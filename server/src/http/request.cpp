#include "http/request.hpp"

#include "common/error.hpp"
#include "http/header_text.hpp"

namespace argus::http {

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
    auto pair = trim_ows(rest.substr(0, semicolon));
    rest = semicolon == std::string_view::npos ? std::string_view{} : rest.substr(semicolon + 1);
    auto eq = pair.find('=');
    if (eq == std::string_view::npos || trim_ows(pair.substr(0, eq)) != name)
      continue;
    auto value = trim_ows(pair.substr(eq + 1));
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
