#pragma once
// Sends e-mail through an SMTP server with libcurl (docs/design/sessions.md "Sign-in codes"): the server, its TLS use,
// the sender and optional credentials come from argusd's options (--smtp-*). One connection per message: sign-in codes
// are rare, and a fresh connection never carries a broken one's state.
//   SmtpMailer mailer({.url = "smtp://127.0.0.1:2525", .from = "argus@example.com"});
//   mailer.send({"v@example.com", "Your Argus sign-in code", "Your code is 123456."});
#include <string>

#include "services/message_sender.hpp"

namespace argus::services {

struct SmtpSettings {
  enum class Tls {
    none,     // plain SMTP only
    try_tls,  // STARTTLS when the server offers it (the default)
    required, // STARTTLS or smtps://, or nothing is sent
  };
  std::string url;      // smtp://host:port (or smtps://host:port)
  std::string from;     // envelope sender and From: header
  std::string user;     // empty: no AUTH
  std::string password; // with user
  Tls tls = Tls::try_tls;
  long timeout_ms = 10'000;
};

//! "none", "try" or "required"; throws Error(invalid_input) for anything else.
SmtpSettings::Tls parse_smtp_tls(const std::string& text);

class SmtpMailer : public MessageSender {
public:
  //! Throws Error(invalid_input) when the URL is not smtp:// or smtps:// or the sender is not an address.
  explicit SmtpMailer(SmtpSettings settings);

  void send(const OutgoingMessage& message) override;

  //! The RFC 5322 message (CRLF lines) for a message: Date, Message-ID, From, To, Subject (RFC 2047 when not ASCII),
  //! MIME headers for UTF-8 plain text, then the text.
  std::string compose(const OutgoingMessage& message) const;

private:
  SmtpSettings settings_;
};

} // namespace argus::services
