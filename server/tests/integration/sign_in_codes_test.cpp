// Sign-in codes against a real argusd (issue 12) with its real senders: libcurl's SMTP client and the HTTP SMS gateway
// deliver to the demo inbox (tools/democatcher, a real SMTP server and HTTP endpoint), where the test reads the code
// as a person would. Also: a mail server that is down (503, nothing kept, the server keeps serving), a gateway that
// refuses, bad --smtp/--sms options, and `argusd user set-sign-in-code`.
#include <chrono>
#include <regex>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr const char* k_codes_user = "codes@argus.demo";
constexpr const char* k_sms_user = "sms@argus.demo";

// The newest message of `kind` to `to` in the demo inbox, waiting up to 5 s for it.
json newest_message(std::uint16_t port, const std::string& kind, const std::string& to) {
  json found;
  poll_until(std::chrono::seconds{5}, [&] {
    HttpClient inbox("127.0.0.1", port);
    auto messages = inbox.get("/api/messages");
    if (messages.status != 200)
      return false;
    for (const auto& message : messages.json()) {
      if (message.at("kind") == kind && message.at("to").dump().find(to) != std::string::npos) {
        found = message;
        return true;
      }
    }
    return false;
  });
  return found;
}

std::string code_in(const json& message) {
  std::smatch match;
  auto text = message.value("text", std::string{});
  return std::regex_search(text, match, std::regex("\\b([0-9]{6})\\b")) ? match[1].str() : std::string{};
}

TEST(SignInCodes, EmailAndTextMessageCodesArriveInTheDemoInboxAndSignIn) {
  ArgusdProcess server;
  auto port = demo_inbox_port(server);
  ASSERT_NE(port, 0) << server.output();

  auto browser = server.client();
  auto password_step = sign_in(browser, k_codes_user, demo_password(server, k_codes_user));
  ASSERT_EQ(password_step.status, 200) << password_step.body;
  EXPECT_EQ(password_step.json().at("mode"), "one_time_password");
  EXPECT_TRUE(set_cookie_for(password_step, "argus_session").empty());
  auto mail = newest_message(port, "email", k_codes_user);
  ASSERT_FALSE(mail.is_null()) << "no e-mail in the demo inbox";
  EXPECT_EQ(mail.at("subject"), "Your Argus sign-in code");
  EXPECT_EQ(mail.at("from"), "argus@argus.demo");
  auto code = code_in(mail);
  ASSERT_EQ(code.size(), 6u) << mail.dump();
  auto signed_in = browser.post_json(api("/login/do_otp_auth"), {{"code", code}});
  ASSERT_EQ(signed_in.status, 200) << signed_in.body;
  EXPECT_EQ(signed_in.json().at("user").at("email"), k_codes_user);
  prime_csrf(browser);
  EXPECT_EQ(browser.get(api("/vision/user")).status, 200);

  auto phone = server.client();
  auto sms_step = sign_in(phone, k_sms_user, demo_password(server, k_sms_user));
  ASSERT_EQ(sms_step.status, 200) << sms_step.body;
  EXPECT_EQ(sms_step.json().at("mode"), "sms");
  EXPECT_EQ(sms_step.json().at("has_secondary_phone"), true);
  auto text = newest_message(port, "sms", "+15550100");
  ASSERT_FALSE(text.is_null()) << "no text message in the demo inbox";
  auto by_sms = phone.post_json(api("/login/do_sms_auth"), {{"code", code_in(text)}});
  ASSERT_EQ(by_sms.status, 200) << by_sms.body;
  EXPECT_EQ(by_sms.json().at("user").at("email"), k_sms_user);
}

TEST(SignInCodes, AMailServerThatIsDownAnswersClearlyAndTheServerKeepsServing) {
  // A port nothing listens on: a bound-then-closed socket's port (refused at once).
  ArgusdProcess server({.extra_args = {"--smtp-url", "smtp://127.0.0.1:9", "--sms-gateway-url",
                                       "http://127.0.0.1:9/sms?to={to}&text={text}"}});
  auto browser = server.client();
  auto started = std::chrono::steady_clock::now();
  auto answer = sign_in(browser, k_codes_user, demo_password(server, k_codes_user));
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds{11}) << "not stuck";
  EXPECT_EQ(answer.status, 503) << answer.body;
  EXPECT_EQ(answer.json().at("error"), "We could not send your code. Please try again in a few minutes.");
  EXPECT_TRUE(set_cookie_for(answer, "argus_sign_in_code").empty());
  EXPECT_TRUE(set_cookie_for(answer, "argus_session").empty());
  EXPECT_EQ(sign_in(browser, k_sms_user, demo_password(server, k_sms_user)).status, 503);
  auto viewer = signed_in(server, k_viewer);
  EXPECT_EQ(viewer.get(api("/vision/user")).status, 200) << "others sign in as before";
}

TEST(SignInCodes, BadSenderOptionsAreRefusedAtStart) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--smtp-url", "http://127.0.0.1:25"},
        std::vector<std::string>{"--smtp-url", "smtp://127.0.0.1:25", "--smtp-from", "nobody"},
        std::vector<std::string>{"--smtp-url", "smtp://127.0.0.1:25", "--smtp-user", "argus"},
        std::vector<std::string>{"--smtp-url", "smtp://127.0.0.1:25", "--smtp-tls", "always"},
        std::vector<std::string>{"--sms-gateway-url", "ftp://gateway.example/send"}}) {
    std::vector<std::string> command{"--data-dir", "/nonexistent/argus-bad-options", "--listen", "127.0.0.1:0"};
    command.insert(command.end(), args.begin(), args.end());
    auto result = run_argusd_cli(command);
    EXPECT_EQ(result.exit_code, 2) << result.output;
    EXPECT_TRUE(result.output.find("--smtp") != std::string::npos || result.output.find("--sms") != std::string::npos)
        << "the message names the option: " << result.output;
  }
}

TEST(SignInCodes, AnAdministratorSetsAUsersCodesFromTheCommandLine) {
  ArgusdProcess server;
  auto dir = server.data_dir().string();
  server.stop();
  auto cli = [&](std::vector<std::string> args) {
    std::vector<std::string> command{"user", "set-sign-in-code", "--data-dir", dir};
    command.insert(command.end(), args.begin(), args.end());
    return run_argusd_cli(command);
  };
  EXPECT_EQ(cli({"--email", k_viewer, "--method", "sms"}).exit_code, 2) << "sms needs a phone";
  EXPECT_EQ(cli({"--email", k_viewer, "--method", "sms", "--phone", "555-0100"}).exit_code, 2);
  EXPECT_EQ(cli({"--email", k_viewer, "--method", "email", "--phone", "+15550100"}).exit_code, 2);
  EXPECT_EQ(cli({"--email", k_viewer, "--method", "pigeon"}).exit_code, 2);
  EXPECT_EQ(cli({"--email", "ghost@argus.demo", "--method", "email"}).exit_code, 1);
  auto set = cli({"--email", k_viewer, "--method", "email"});
  ASSERT_EQ(set.exit_code, 0) << set.output;
  server.start();
  auto browser = server.client();
  auto answer = sign_in(browser, k_viewer, demo_password(server, k_viewer));
  EXPECT_EQ(answer.json().at("mode"), "one_time_password") << answer.body;

  server.stop();
  ASSERT_EQ(cli({"--email", k_codes_user, "--method", "off"}).exit_code, 0);
  server.start();
  auto later = server.client();
  auto password_only = sign_in(later, k_codes_user, demo_password(server, k_codes_user));
  EXPECT_TRUE(password_only.json().at("success")) << password_only.body;
}

} // namespace
} // namespace argus::testing
