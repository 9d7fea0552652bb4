#include "api/request_parsing.hpp"

#include "common/error.hpp"

namespace argus::api {
namespace {

constexpr std::size_t k_max_id_digits = 18;

} // namespace

nlohmann::json parse_json_object(const http::Request& request) {
  auto body = nlohmann::json::parse(request.body, nullptr, false);
  if (body.is_discarded() || !body.is_object())
    throw Error(Error::Kind::invalid_input, "Malformed JSON body");
  return body;
}

std::int64_t parse_id(std::string_view text, std::string_view name) {
  bool digits =
      !text.empty() && text.size() <= k_max_id_digits && text.find_first_not_of("0123456789") == std::string_view::npos;
  std::int64_t value = digits ? std::stoll(std::string(text)) : 0;
  if (value <= 0)
    throw Error(Error::Kind::invalid_input, std::string(name) + " must be a positive integer");
  return value;
}

std::int64_t path_id(const http::Request& request, std::string_view name) {
  return parse_id(request.param(name), name);
}

std::optional<std::int64_t> query_id(const http::Request& request, std::string_view name) {
  auto value = request.query_param(name);
  if (!value)
    return std::nullopt;
  return parse_id(*value, name);
}

std::string required_string(const nlohmann::json& body, std::string_view field) {
  auto it = body.find(std::string(field));
  if (it == body.end() || it->is_null())
    throw Error(Error::Kind::invalid_input, std::string(field) + " is required");
  if (!it->is_string())
    throw Error(Error::Kind::invalid_input, std::string(field) + " must be a string");
  auto value = it->get<std::string>();
  if (value.empty())
    throw Error(Error::Kind::invalid_input, std::string(field) + " is required");
  return value;
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> items;
  while (!text.empty()) {
    auto comma = text.find(',');
    auto item = text.substr(0, comma);
    while (!item.empty() && item.front() == ' ')
      item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ')
      item.remove_suffix(1);
    if (!item.empty())
      items.emplace_back(item);
    if (comma == std::string_view::npos)
      break;
    text.remove_prefix(comma + 1);
  }
  return items;
}

} // namespace argus::api
