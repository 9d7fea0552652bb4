#include "services/sms_gateway.hpp"

#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "services/curl_transfer.hpp"

namespace argus::services {
namespace {

void replace_all(std::string& text, const std::string& placeholder, const std::string& value) {
  for (auto at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + value.size()))
    text.replace(at, placeholder.size(), value);
}

std::size_t discard_body(char*, std::size_t size, std::size_t count, void*) {
  return size * count;
}

} // namespace

SmsGateway::SmsGateway(SmsGatewaySettings settings) : settings_(std::move(settings)) {
  const auto& url = settings_.url_template;
  if (url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0)
    throw Error(Error::Kind::invalid_input, "the SMS gateway URL must start with http:// or https://: " + url);
}

bool SmsGateway::is_phone_number(const std::string& text) {
  if (text.size() < 7 || text.size() > 16 || text[0] != '+')
    return false;
  return std::all_of(text.begin() + 1, text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

void SmsGateway::send(const OutgoingMessage& message) {
  if (!is_phone_number(message.to))
    throw Error(Error::Kind::invalid_input, "not a phone number (+ and 6 to 15 digits): " + message.to);
  std::string url = settings_.url_template;
  bool templated = url.find("{to}") != std::string::npos || url.find("{text}") != std::string::npos;
  std::string body;
  auto handle = new_curl_handle(settings_.timeout_ms);
  CurlSlist headers;
  CURL* curl = handle.get();
  if (templated) {
    replace_all(url, "{to}", url_encoded(message.to));
    replace_all(url, "{text}", url_encoded(message.text));
    curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
  } else {
    body = nlohmann::json{{"to", message.to}, {"text", message.text}}.dump();
    append_to(headers, "Content-Type: application/json");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  }
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard_body);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  perform_or_throw(curl, "the SMS gateway did not take the message");
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  if (status < 200 || status > 299)
    throw Error(Error::Kind::unavailable, "the SMS gateway answered HTTP " + std::to_string(status));
}

} // namespace argus::services
