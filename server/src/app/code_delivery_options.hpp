#pragma once
// How argusd sends sign-in codes (docs/operations.md "Sign-in codes"): an SMTP server for e-mail and an HTTP SMS
// gateway for text messages, from the --smtp-* and --sms-gateway-url options. Either may be absent: its users then
// cannot sign in (503) until it is configured. `argusd --demo` fills what is absent with the demo inbox (democatcher).
#include <optional>
#include <string>

#include "services/sms_gateway.hpp"
#include "services/smtp_mailer.hpp"

namespace argus {

//! The options as typed.
struct CodeDeliveryFlags {
  std::string smtp_url; // smtp://host:port or smtps://host:port; empty: no e-mail
  std::string smtp_from = "argus@localhost";
  std::string smtp_user;
  std::string smtp_password_file; // the password is read from this file (first line), never from the command line
  std::string smtp_tls = "try";   // none, try or required
  std::string sms_gateway_url;    // http(s) URL template ({to}, {text}) or a URL to POST JSON to; empty: no SMS
  int demo_inbox_port = 0;        // --demo: the demo inbox's web page (0: any free port)
};

struct CodeDeliveryOptions {
  std::optional<services::SmtpSettings> smtp;
  std::optional<services::SmsGatewaySettings> sms;
  int demo_inbox_port = 0;
};

//! Checks the flags and reads the password file. Throws Error(invalid_input) naming the flag that is wrong.
CodeDeliveryOptions code_delivery_options(const CodeDeliveryFlags& flags);

} // namespace argus
