#pragma once
// One message democatcher caught: an e-mail over SMTP or an SMS over HTTP. Ids are shared by both kinds and increase.
#include <cstdint>
#include <string>
#include <vector>

namespace argus::democatcher {

struct CaughtMessage {
  std::uint64_t id = 0;
  std::string kind; // "email" or "sms"
  std::vector<std::string> to;
  std::string from;        // the envelope sender; "" for an SMS
  std::string subject;     // "" for an SMS
  std::string text;        // the e-mail's decoded text, or the SMS
  std::string received_at; // UTC, "2024-05-01T12:00:00.123Z"
};

} // namespace argus::democatcher
