#pragma once
// Sends text messages through an HTTP SMS gateway with libcurl (docs/design/sessions.md "Sign-in codes"). The gateway
// is a URL template from argusd's options (--sms-gateway-url):
//   - with {to} and/or {text} in it, they are replaced (percent-encoded) and the URL is fetched with GET, the shape of
//     most gateways' "send" links (https://gw.example/send?key=K&to={to}&text={text});
//   - without, the message is POSTed there as JSON {"to": ..., "text": ...}.
// Any answer outside 2xx, or no answer in time, is a failure. Credentials go in the template or the URL's user info.
#include <string>

#include "services/message_sender.hpp"

namespace argus::services {

struct SmsGatewaySettings {
  std::string url_template;
  long timeout_ms = 10'000;
};

class SmsGateway : public MessageSender {
public:
  //! Throws Error(invalid_input) when the template is not an http:// or https:// URL.
  explicit SmsGateway(SmsGatewaySettings settings);

  //! message.to must be a phone number: '+' and 6..15 digits (E.164).
  void send(const OutgoingMessage& message) override;

  //! True for '+' and 6..15 digits.
  static bool is_phone_number(const std::string& text);

private:
  SmsGatewaySettings settings_;
};

} // namespace argus::services
