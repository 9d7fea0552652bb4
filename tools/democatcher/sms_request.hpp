#pragma once
// Reads the SMS an SMS gateway client sends: GET /sms?to=..&text=.., or POST /sms with a JSON object {to, text} or a
// form (application/x-www-form-urlencoded) to=..&text=... Both fields are required; the text has at most 1600
// characters (ten concatenated SMS).
#include <cstddef>
#include <string>

namespace argus::http {
struct Request;
}

namespace argus::democatcher {

struct SmsRequest {
  std::string to;    // UTF-8
  std::string text;  // UTF-8
  std::string error; // non-empty: why the request is refused (400)
};

constexpr std::size_t k_max_sms_characters = 1600;

//! The SMS in a GET or POST request, or the reason it is refused.
SmsRequest read_sms_request(const http::Request& request);

} // namespace argus::democatcher
