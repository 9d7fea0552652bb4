#pragma once
// A MessageSender for unit tests that keeps what it was given, or fails like a mail server that is down. The real
// senders (SMTP, the HTTP SMS gateway) are tested against the demo inbox in the integration tests.
#include <regex>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "services/message_sender.hpp"

namespace argus::testing {

struct RecordingSender : services::MessageSender {
  void send(const services::OutgoingMessage& message) override {
    if (down)
      throw Error(Error::Kind::unavailable, "the mail server did not take the message: Connection refused");
    sent.push_back(message);
  }
  //! The 6-digit code in the last message ("" when none).
  std::string last_code() const {
    std::smatch match;
    if (sent.empty() || !std::regex_search(sent.back().text, match, std::regex("\\b([0-9]{6})\\b")))
      return {};
    return match[1];
  }

  //! The token of the last message's link to `path` (e.g. "/login/reset-password"; "" when none).
  std::string last_link_token(const std::string& path) const {
    std::smatch match;
    if (sent.empty() || !std::regex_search(sent.back().text, match, std::regex(path + "\\?token=([A-Za-z0-9_-]+)")))
      return {};
    return match[1];
  }

  std::vector<services::OutgoingMessage> sent;
  bool down = false;
};

} // namespace argus::testing
