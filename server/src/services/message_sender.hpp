#pragma once
// One interface for sending a short message to a person: sign-in codes go by e-mail (SmtpMailer) or by text message
// (SmsGateway) through it, and tests or other channels plug in the same way.
#include <string>

namespace argus::services {

struct OutgoingMessage {
  std::string to;      // an e-mail address, or a phone number (E.164, e.g. +15550100)
  std::string subject; // e-mail only; a text message carries only `text`
  std::string text;    // plain text
};

class MessageSender {
public:
  virtual ~MessageSender() = default;
  //! Hands the message to the mail server or gateway. Throws argus::Error: unavailable when it could not be handed
  //! over (server down, refused, timed out), invalid_input for a message that cannot be sent (a line break in `to`).
  virtual void send(const OutgoingMessage& message) = 0;
};

} // namespace argus::services
