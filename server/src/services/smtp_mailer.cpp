#include "services/smtp_mailer.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>

#include "common/error.hpp"
#include "services/curl_transfer.hpp"
#include "services/token_codec.hpp"

namespace argus::services {
namespace {

bool has_line_break(const std::string& text) {
  return text.find_first_of(std::string_view("\r\n\0", 3)) != std::string::npos;
}

bool looks_like_address(const std::string& text) {
  auto at = text.find('@');
  return at != std::string::npos && at > 0 && at + 1 < text.size() && !has_line_break(text) &&
         text.find_first_of(" <>") == std::string::npos && text.size() <= 254;
}

bool is_ascii(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string header_text(const std::string& text) {
  return is_ascii(text) ? text : "=?UTF-8?B?" + base64_encode(text) + "?=";
}

std::string rfc5322_date() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buffer[64];
  std::strftime(buffer, sizeof buffer, "%a, %d %b %Y %H:%M:%S +0000", &utc);
  return buffer;
}

std::string with_crlf(const std::string& text) {
  std::string out;
  out.reserve(text.size() + text.size() / 32);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r')
      continue;
    if (text[i] == '\n')
      out += "\r\n";
    else
      out += text[i];
  }
  if (out.size() < 2 || out.compare(out.size() - 2, 2, "\r\n") != 0)
    out += "\r\n";
  return out;
}

struct Upload {
  const std::string* data;
  std::size_t offset = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  std::size_t n = std::min(size * count, upload->data->size() - upload->offset);
  std::memcpy(buffer, upload->data->data() + upload->offset, n);
  upload->offset += n;
  return n;
}

long curl_tls(SmtpSettings::Tls tls) {
  switch (tls) {
  case SmtpSettings::Tls::none:
    return CURLUSESSL_NONE;
  case SmtpSettings::Tls::required:
    return CURLUSESSL_ALL;
  case SmtpSettings::Tls::try_tls:
    break;
  }
  return CURLUSESSL_TRY;
}

} // namespace

SmtpSettings::Tls parse_smtp_tls(const std::string& text) {
  if (text == "none")
    return SmtpSettings::Tls::none;
  if (text == "try")
    return SmtpSettings::Tls::try_tls;
  if (text == "required")
    return SmtpSettings::Tls::required;
  throw Error(Error::Kind::invalid_input, "SMTP TLS must be none, try or required, not '" + text + "'");
}

SmtpMailer::SmtpMailer(SmtpSettings settings) : settings_(std::move(settings)) {
  if (settings_.url.rfind("smtp://", 0) != 0 && settings_.url.rfind("smtps://", 0) != 0)
    throw Error(Error::Kind::invalid_input, "the SMTP URL must start with smtp:// or smtps://: " + settings_.url);
  if (!looks_like_address(settings_.from))
    throw Error(Error::Kind::invalid_input, "the SMTP sender must be an e-mail address: " + settings_.from);
}

std::string SmtpMailer::compose(const OutgoingMessage& message) const {
  if (!looks_like_address(message.to))
    throw Error(Error::Kind::invalid_input, "not an e-mail address: " + message.to);
  if (has_line_break(message.subject))
    throw Error(Error::Kind::invalid_input, "an e-mail subject must be one line");
  auto domain = settings_.from.substr(settings_.from.find('@') + 1);
  std::string out;
  out += "Date: " + rfc5322_date() + "\r\n";
  out += "Message-ID: <" + random_token_base64url(18) + "@" + domain + ">\r\n";
  out += "From: Argus <" + settings_.from + ">\r\n";
  out += "To: <" + message.to + ">\r\n";
  out += "Subject: " + header_text(message.subject) + "\r\n";
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=UTF-8\r\n";
  out += "Content-Transfer-Encoding: 8bit\r\n";
  out += "\r\n";
  out += with_crlf(message.text);
  return out;
}

void SmtpMailer::send(const OutgoingMessage& message) {
  std::string payload = compose(message);
  auto handle = new_curl_handle(settings_.timeout_ms);
  CurlSlist recipients;
  append_to(recipients, "<" + message.to + ">");
  std::string mail_from = "<" + settings_.from + ">";
  Upload upload{&payload};
  CURL* curl = handle.get();
  curl_easy_setopt(curl, CURLOPT_URL, settings_.url.c_str());
  curl_easy_setopt(curl, CURLOPT_USE_SSL, curl_tls(settings_.tls));
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, mail_from.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
  curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(payload.size()));
  if (!settings_.user.empty()) {
    curl_easy_setopt(curl, CURLOPT_USERNAME, settings_.user.c_str());
    curl_easy_setopt(curl, CURLOPT_PASSWORD, settings_.password.c_str());
  }
  perform_or_throw(curl, "the mail server did not take the message");
}

} // namespace argus::services
