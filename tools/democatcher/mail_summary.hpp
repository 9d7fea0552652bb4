#pragma once
// What the inbox shows of a raw RFC 5322 message: the Subject header (encoded words decoded) and the text of the body
// (quoted-printable or base64 decoded; of a multipart message, the first text/plain part). Never fails: a message it
// cannot make sense of shows its raw body.
#include <string>
#include <string_view>

namespace argus::democatcher {

struct MailSummary {
  std::string subject; // UTF-8, "" without a Subject header
  std::string text;    // UTF-8 with "\n" line ends, no trailing line end
};

//! The subject and text of a raw message (CRLF or bare LF line ends).
MailSummary summarize_mail(std::string_view raw);

} // namespace argus::democatcher
