// The senders' own rules (services/smtp_mailer, sms_gateway): the e-mail argusd writes, header injection refused,
// settings checked, phone numbers. Delivery to a real SMTP server and SMS gateway is in the integration tests.
#include <gtest/gtest.h>

#include "common/error.hpp"
#include "services/sms_gateway.hpp"
#include "services/smtp_mailer.hpp"

namespace argus::services {
namespace {

SmtpMailer mailer() {
  return SmtpMailer({.url = "smtp://127.0.0.1:2525", .from = "argus@example.com"});
}

TEST(SmtpMailer, WritesAPlainTextUtf8MessageWithCrlfLines) {
  auto text = mailer().compose({"v@example.com", "Your Argus sign-in code", "Line one\nLine two"});
  EXPECT_NE(text.find("From: Argus <argus@example.com>\r\n"), std::string::npos);
  EXPECT_NE(text.find("To: <v@example.com>\r\n"), std::string::npos);
  EXPECT_NE(text.find("Subject: Your Argus sign-in code\r\n"), std::string::npos);
  EXPECT_NE(text.find("Content-Type: text/plain; charset=UTF-8\r\n"), std::string::npos);
  EXPECT_NE(text.find("Message-ID: <"), std::string::npos);
  EXPECT_NE(text.find("@example.com>\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\n\r\nLine one\r\nLine two\r\n"), std::string::npos);
  EXPECT_EQ(text.find("\n\n"), std::string::npos) << "no bare line feeds";
}

TEST(SmtpMailer, EncodesASubjectThatIsNotAscii) {
  auto text = mailer().compose({"v@example.com",
                                "C\xC3\xB3"
                                "digo",
                                "x"});
  EXPECT_NE(text.find("Subject: =?UTF-8?B?Q8OzZGlnbw==?=\r\n"), std::string::npos) << text;
}

TEST(SmtpMailer, RefusesHeaderInjectionAndBadAddresses) {
  auto m = mailer();
  EXPECT_THROW(m.compose({"v@example.com\r\nBcc: x@evil.test", "s", "t"}), Error);
  EXPECT_THROW(m.compose({"v@example.com", "s\r\nBcc: x@evil.test", "t"}), Error);
  EXPECT_THROW(m.compose({"not an address", "s", "t"}), Error);
  EXPECT_THROW(m.compose({"<v@example.com>", "s", "t"}), Error);
}

TEST(SmtpMailer, ChecksItsSettings) {
  EXPECT_THROW(SmtpMailer({.url = "http://127.0.0.1:25", .from = "a@b.c"}), Error);
  EXPECT_THROW(SmtpMailer({.url = "smtp://127.0.0.1:25", .from = "nobody"}), Error);
  EXPECT_NO_THROW(SmtpMailer({.url = "smtps://mail.example.com:465", .from = "a@b.c"}));
  EXPECT_EQ(parse_smtp_tls("required"), SmtpSettings::Tls::required);
  EXPECT_THROW(parse_smtp_tls("always"), Error);
}

TEST(SmsGateway, TakesPhoneNumbersInInternationalFormOnly) {
  EXPECT_TRUE(SmsGateway::is_phone_number("+15550100"));
  EXPECT_TRUE(SmsGateway::is_phone_number("+491701234567"));
  EXPECT_FALSE(SmsGateway::is_phone_number("5550100"));
  EXPECT_FALSE(SmsGateway::is_phone_number("+1 555 0100"));
  EXPECT_FALSE(SmsGateway::is_phone_number("+12345"));
  EXPECT_FALSE(SmsGateway::is_phone_number("+1234567890123456"));
  EXPECT_THROW(SmsGateway({"ftp://gateway.example/send"}), Error);
  SmsGateway gateway({"http://127.0.0.1:9/sms"});
  EXPECT_THROW(gateway.send({"not a number", "", "x"}), Error);
}

} // namespace
} // namespace argus::services
