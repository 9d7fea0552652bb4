#include "sms_request.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include <nlohmann/json.hpp>

#include "http/request.hpp"
#include "http/url.hpp"
#include "utf8_text.hpp"

namespace argus::democatcher {
namespace {

using nlohmann::json;

constexpr std::size_t k_max_recipient_bytes = 64;

std::string media_type(const http::Request& request) {
  auto type = request.header("content-type");
  type = type.substr(0, type.find(';'));
  type.erase(std::remove_if(type.begin(), type.end(), [](unsigned char c) { return std::isspace(c); }), type.end());
  std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
  return type;
}

bool looks_like_json(const std::string& body) {
  auto start = body.find_first_not_of(" \t\r\n");
  return start != std::string::npos && body[start] == '{';
}

std::string field(const std::map<std::string, std::string>& fields, const std::string& name) {
  auto found = fields.find(name);
  return found == fields.end() ? std::string() : found->second;
}

SmsRequest from_json(const std::string& body) {
  auto document = json::parse(body, nullptr, false);
  if (document.is_discarded() || !document.is_object())
    return {"", "", "the body is not a JSON object"};
  SmsRequest sms;
  for (auto [name, target] : {std::pair{"to", &sms.to}, std::pair{"text", &sms.text}}) {
    auto value = document.find(name);
    if (value == document.end() || value->is_null())
      continue;
    if (!value->is_string())
      return {"", "", std::string(name) + " must be a string"};
    *target = value->get<std::string>();
  }
  return sms;
}

} // namespace

SmsRequest read_sms_request(const http::Request& request) {
  SmsRequest sms;
  auto type = media_type(request);
  bool has_body = request.method == "POST" && !request.body.empty();
  if (has_body &&
      (type == "application/json" || (type != "application/x-www-form-urlencoded" && looks_like_json(request.body)))) {
    sms = from_json(request.body);
  } else {
    // A form body and a query string share one encoding; a POST without a body may carry its fields in the query.
    const auto fields = has_body ? http::parse_query(request.body) : request.query;
    sms = {field(fields, "to"), field(fields, "text"), ""};
  }
  if (!sms.error.empty())
    return sms;
  sms.to = valid_utf8(sms.to);
  sms.text = valid_utf8(sms.text);
  if (sms.to.empty())
    sms.error = "to is required (the phone number)";
  else if (sms.to.size() > k_max_recipient_bytes)
    sms.error = "to is longer than " + std::to_string(k_max_recipient_bytes) + " bytes";
  else if (sms.text.empty())
    sms.error = "text is required";
  else if (utf8_length(sms.text) > k_max_sms_characters)
    sms.error = "text is longer than " + std::to_string(k_max_sms_characters) + " characters";
  return sms;
}

} // namespace argus::democatcher
