// Sign-in codes through the API on a real SQLite store (issue 12; spec 01 §7 login/do_otp_auth, otp_auth_retry,
// do_sms_auth, sms_auth_retry): the password answers mode one_time_password or sms without a session, the code signs
// in once, wrong / expired / spent codes keep the step, new codes are rate-limited, the secondary phone, an unknown
// sign-in starts again, a sender that is down answers 503, and bad input.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "recording_sender.hpp"
#include "services/sign_in_codes.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

constexpr const char* k_email_user = "codes@argus.demo";
constexpr const char* k_sms_user = "sms@argus.demo";

// Every value of a header, joined by '\n' (Set-Cookie comes once per cookie).
std::string header(const http::Response& response, const std::string& name) {
  std::string values;
  for (const auto& [key, value] : response.headers) {
    if (key == name)
      values += (values.empty() ? "" : "\n") + value;
  }
  return values;
}

class SignInCodesApiTest : public ::testing::Test {
protected:
  SignInCodesApiTest() { api_.context.sign_in_codes = &codes_; }

  http::Response password_step(const std::string& email) {
    nlohmann::json credentials{{"email", email}, {"password", api_.password_of(email)}};
    return api_.call(api_.request("POST", "/n1/login/login", credentials.dump()));
  }
  std::string started(const std::string& email) {
    auto response = password_step(email);
    EXPECT_EQ(response.status, 200) << response.body;
    return cookie_value(response, "argus_sign_in_code");
  }
  http::Response post(const std::string& path, const std::string& token, const nlohmann::json& body) {
    auto request = api_.request("POST", path, body.dump());
    if (!token.empty())
      request.headers["cookie"] += "; argus_sign_in_code=" + token;
    return api_.call(request);
  }
  static std::string other_than(const std::string& code) { return code == "000000" ? "000001" : "000000"; }

  ApiHarness api_;
  RecordingSender mail_;
  RecordingSender sms_;
  services::SignInCodes codes_{{&mail_, &sms_}, [this] { return api_.now_ms; }};
};

TEST_F(SignInCodesApiTest, ThePasswordSendsAnEmailCodeAndTheCodeSignsInOnce) {
  auto response = password_step(k_email_user);
  ASSERT_EQ(response.status, 200) << response.body;
  auto body = body_of(response);
  EXPECT_FALSE(body["success"]);
  EXPECT_EQ(body["mode"], "one_time_password");
  EXPECT_EQ(body["code_destination"], "c\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2@argus.demo");
  EXPECT_FALSE(body.contains("user"));
  EXPECT_EQ(cookie_value(response, "argus_session"), "") << "no session before the code";
  auto token = cookie_value(response, "argus_sign_in_code");
  ASSERT_FALSE(token.empty());
  ASSERT_EQ(mail_.sent.size(), 1u);
  EXPECT_EQ(mail_.sent[0].to, k_email_user);

  auto signed_in = post("/n1/login/do_otp_auth", token, {{"code", mail_.last_code()}});
  ASSERT_EQ(signed_in.status, 200) << signed_in.body;
  EXPECT_TRUE(body_of(signed_in)["success"]);
  EXPECT_EQ(body_of(signed_in)["user"]["email"], k_email_user);
  EXPECT_FALSE(cookie_value(signed_in, "argus_session").empty());
  EXPECT_NE(header(signed_in, "Set-Cookie").find("argus_sign_in_code=;"), std::string::npos);

  auto again = post("/n1/login/do_otp_auth", token, {{"code", mail_.last_code()}});
  EXPECT_EQ(again.status, 401);
  EXPECT_EQ(body_of(again)["mode"], nullptr);
  EXPECT_EQ(body_of(again)["error"], "Your sign-in expired. Please sign in again.");
}

TEST_F(SignInCodesApiTest, WrongSpentAndExpiredCodesKeepTheStepWithTheirMessages) {
  auto token = started(k_email_user);
  const auto code = mail_.last_code();
  auto wrong = post("/n1/login/do_otp_auth", token, {{"code", other_than(code)}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(body_of(wrong)["mode"], "one_time_password");
  EXPECT_EQ(body_of(wrong)["error"], "Incorrect code. Please try again.");
  for (int i = 0; i < 3; ++i) {
    api_.now_ms += 20'000; // past the throttle's growing delay
    post("/n1/login/do_otp_auth", token, {{"code", other_than(code)}});
  }
  api_.now_ms += 20'000;
  auto spent = post("/n1/login/do_otp_auth", token, {{"code", other_than(code)}});
  EXPECT_EQ(body_of(spent)["error"], "Too many incorrect codes. Please request a new code.");
  api_.now_ms += 60'000;
  EXPECT_EQ(body_of(post("/n1/login/do_otp_auth", token, {{"code", code}}))["mode"], "one_time_password");

  api_.now_ms += services::SignInCodes::k_resend_interval_ms;
  auto resent = post("/n1/login/otp_auth_retry", token, {{"retry", "email"}});
  ASSERT_EQ(resent.status, 200) << resent.body;
  EXPECT_EQ(body_of(resent)["mode"], "one_time_password");
  api_.now_ms += services::SignInCodes::k_code_lifetime_ms;
  auto expired = post("/n1/login/do_otp_auth", token, {{"code", mail_.last_code()}});
  EXPECT_EQ(expired.status, 401);
  EXPECT_EQ(body_of(expired)["error"], "This code has expired. Please request a new code.");
}

TEST_F(SignInCodesApiTest, NewCodesWaitThirtySecondsAndStopAtFive) {
  auto token = started(k_email_user);
  auto early = post("/n1/login/otp_auth_retry", token, {{"retry", "email"}});
  EXPECT_EQ(early.status, 429);
  EXPECT_EQ(body_of(early)["mode"], "one_time_password");
  EXPECT_EQ(body_of(early)["error"], "Please wait 30 seconds before asking for another code.");
  EXPECT_EQ(header(early, "Retry-After"), "30");
  for (int i = 0; i < 4; ++i) {
    api_.now_ms += services::SignInCodes::k_resend_interval_ms;
    EXPECT_EQ(post("/n1/login/otp_auth_retry", token, {{"retry", "email"}}).status, 200);
  }
  api_.now_ms += services::SignInCodes::k_resend_interval_ms;
  auto too_many = post("/n1/login/otp_auth_retry", token, {{"retry", "email"}});
  EXPECT_EQ(too_many.status, 429);
  EXPECT_EQ(body_of(too_many)["mode"], nullptr);
  EXPECT_EQ(body_of(too_many)["error"], "Too many codes were sent. Please sign in again.");
  EXPECT_EQ(mail_.sent.size(), 5u);
  EXPECT_EQ(post("/n1/login/do_otp_auth", token, {{"code", mail_.last_code()}}).status, 401) << "that sign-in is over";
}

TEST_F(SignInCodesApiTest, TextMessagesOfferTheSecondaryPhone) {
  auto response = password_step(k_sms_user);
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(body_of(response)["mode"], "sms");
  EXPECT_EQ(body_of(response)["has_secondary_phone"], true);
  EXPECT_EQ(body_of(response)["code_destination"], "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 0100");
  auto token = cookie_value(response, "argus_sign_in_code");
  ASSERT_EQ(sms_.sent.size(), 1u);
  EXPECT_EQ(sms_.sent[0].to, "+15550100");

  api_.now_ms += services::SignInCodes::k_resend_interval_ms;
  auto secondary = post("/n1/login/sms_auth_retry", token, {{"retry", "secondary"}});
  ASSERT_EQ(secondary.status, 200) << secondary.body;
  EXPECT_EQ(body_of(secondary)["code_destination"], "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 0199");
  EXPECT_EQ(sms_.sent.back().to, "+15550199");
  EXPECT_EQ(post("/n1/login/do_otp_auth", token, {{"code", sms_.last_code()}}).status, 401)
      << "the e-mail step does not take a text-message sign-in";
  auto signed_in = post("/n1/login/do_sms_auth", token, {{"code", sms_.last_code()}});
  EXPECT_EQ(signed_in.status, 200) << signed_in.body;
  EXPECT_EQ(body_of(signed_in)["user"]["email"], k_sms_user);
}

TEST_F(SignInCodesApiTest, ASenderThatIsDownAnswers503AndKeepsNoSignIn) {
  mail_.down = true;
  auto response = password_step(k_email_user);
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(body_of(response)["mode"], nullptr);
  EXPECT_EQ(body_of(response)["error"], "We could not send your code. Please try again in a few minutes.");
  EXPECT_EQ(cookie_value(response, "argus_sign_in_code"), "");
  EXPECT_EQ(cookie_value(response, "argus_session"), "");

  mail_.down = false;
  auto token = started(k_email_user);
  api_.now_ms += services::SignInCodes::k_resend_interval_ms;
  mail_.down = true;
  auto resend = post("/n1/login/otp_auth_retry", token, {{"retry", "email"}});
  EXPECT_EQ(resend.status, 503);
  EXPECT_EQ(body_of(resend)["mode"], "one_time_password");
  mail_.down = false;
  EXPECT_EQ(post("/n1/login/do_otp_auth", token, {{"code", mail_.last_code()}}).status, 200)
      << "the code sent before still signs in";
}

TEST_F(SignInCodesApiTest, WithoutSendersAUserWithCodesCannotSignInByPasswordAlone) {
  api_.context.sign_in_codes = nullptr;
  auto response = password_step(k_email_user);
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(cookie_value(response, "argus_session"), "");
  EXPECT_EQ(password_step("viewer@argus.demo").status, 200) << "other users are not affected";
}

TEST_F(SignInCodesApiTest, BadInputIsRefusedAndChangesNothing) {
  auto token = started(k_email_user);
  const auto code = mail_.last_code();
  for (const auto& bad : {nlohmann::json{{"code", "12345"}}, nlohmann::json{{"code", "1234567"}},
                          nlohmann::json{{"code", "12a456"}}, nlohmann::json{{"code", 123456}}, nlohmann::json{}}) {
    auto response = post("/n1/login/do_otp_auth", token, bad);
    EXPECT_EQ(response.status, 400) << bad.dump();
  }
  EXPECT_EQ(post("/n1/login/otp_auth_retry", token, {{"retry", "sms"}}).status, 400);
  EXPECT_EQ(post("/n1/login/sms_auth_retry", token, {{"retry", "tertiary"}}).status, 400);
  auto no_cookie = post("/n1/login/do_otp_auth", "", {{"code", code}});
  EXPECT_EQ(no_cookie.status, 401);
  EXPECT_EQ(body_of(no_cookie)["error"], "Your sign-in expired. Please sign in again.");
  auto spaced = code.substr(0, 3) + " " + code.substr(3);
  EXPECT_EQ(post("/n1/login/do_otp_auth", token, {{"code", spaced}}).status, 200) << "a space typed in the middle";
}

TEST_F(SignInCodesApiTest, WrongCodesAddUpAcrossSignInsTheRightPasswordDoesNotForgetThem) {
  // Two wrong codes per sign-in, then the password again: the throttle still counts the earlier ones.
  std::vector<int> statuses;
  for (int sign_in = 0; sign_in < 3; ++sign_in) {
    auto token = started(k_email_user);
    const auto code = mail_.last_code();
    for (int i = 0; i < 2; ++i)
      statuses.push_back(post("/n1/login/do_otp_auth", token, {{"code", other_than(code)}}).status);
  }
  EXPECT_EQ(statuses, (std::vector<int>{401, 401, 401, 429, 429, 429}));
}

} // namespace
} // namespace argus::testing
