#include "app/code_delivery_options.hpp"

#include <fstream>

#include "common/error.hpp"

namespace argus {
namespace {

std::string first_line_of(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    throw Error(Error::Kind::invalid_input, "--smtp-password-file: cannot read " + path);
  std::string line;
  std::getline(in, line);
  if (!line.empty() && line.back() == '\r')
    line.pop_back();
  return line;
}

} // namespace

CodeDeliveryOptions code_delivery_options(const CodeDeliveryFlags& flags) {
  CodeDeliveryOptions options;
  options.demo_inbox_port = flags.demo_inbox_port;
  if (!flags.smtp_url.empty()) {
    services::SmtpSettings smtp;
    smtp.url = flags.smtp_url;
    smtp.from = flags.smtp_from;
    smtp.user = flags.smtp_user;
    try {
      smtp.tls = services::parse_smtp_tls(flags.smtp_tls);
      services::SmtpMailer check(smtp); // validates the URL and the sender
    } catch (const Error& error) {
      throw Error(Error::Kind::invalid_input, std::string("--smtp-*: ") + error.what());
    }
    if (!flags.smtp_password_file.empty())
      smtp.password = first_line_of(flags.smtp_password_file);
    else if (!smtp.user.empty())
      throw Error(Error::Kind::invalid_input, "--smtp-user needs --smtp-password-file");
    options.smtp = smtp;
  } else if (!flags.smtp_user.empty() || !flags.smtp_password_file.empty()) {
    throw Error(Error::Kind::invalid_input, "--smtp-user and --smtp-password-file need --smtp-url");
  }
  if (!flags.sms_gateway_url.empty()) {
    services::SmsGatewaySettings sms{flags.sms_gateway_url};
    try {
      services::SmsGateway check(sms);
    } catch (const Error& error) {
      throw Error(Error::Kind::invalid_input, std::string("--sms-gateway-url: ") + error.what());
    }
    options.sms = sms;
  }
  return options;
}

} // namespace argus
