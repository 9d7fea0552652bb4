// Authenticator two-factor through the API on a real SQLite store (issue 12): enrolment with a QR code, confirmation
// with recovery codes, the password step answering mode two_factor, the second step with a code, replay refused,
// recovery codes used once, 5 wrong codes end the sign-in, an expired challenge, turning it off, and bad input.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/totp.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

constexpr const char* k_user = "viewer@argus.demo";

class TwoFactorApiTest : public ::testing::Test {
protected:
  // Turns two-factor on for k_user; answers the recovery codes.
  std::vector<std::string> turn_on() {
    session_ = api_.sign_in(k_user);
    auto enrolment = api_.call(api_.request("POST", "/n1/vision/user/two_factor/enrol"), session_);
    EXPECT_EQ(enrolment.status, 200) << enrolment.body;
    secret_ = *services::totp::base32_decode(body_of(enrolment)["secret"].get<std::string>());
    auto confirmed =
        api_.call(api_.request("POST", "/n1/vision/user/two_factor/confirm", code_body(current_code())), session_);
    EXPECT_EQ(confirmed.status, 200) << confirmed.body;
    return body_of(confirmed)["recovery_codes"].get<std::vector<std::string>>();
  }
  std::string current_code(std::int64_t offset_s = 0) const {
    return services::totp::code_at(secret_, api_.now_ms / 1000 + offset_s);
  }
  static std::string code_body(const std::string& code) { return nlohmann::json{{"code", code}}.dump(); }
  // The password step; answers the challenge token.
  std::string password_step() {
    nlohmann::json credentials{{"email", k_user}, {"password", api_.password_of(k_user)}};
    auto response = api_.call(api_.request("POST", "/n1/login/login", credentials.dump()));
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(body_of(response)["mode"], "two_factor");
    EXPECT_FALSE(body_of(response)["success"]);
    EXPECT_EQ(cookie_value(response, "argus_session"), "") << "no session before the second factor";
    return cookie_value(response, "argus_two_factor");
  }
  http::Response second_step(const std::string& token, const std::string& body) {
    auto request = api_.request("POST", "/n1/login/two_factor/verify", body);
    if (!token.empty())
      request.headers["cookie"] += "; argus_two_factor=" + token;
    return api_.call(request);
  }

  ApiHarness api_;
  std::string session_;
  std::vector<std::uint8_t> secret_;
};

TEST_F(TwoFactorApiTest, EnrolmentGivesASecretUriAndQrAndAWrongFirstCodeChangesNothing) {
  auto session = api_.sign_in(k_user);
  auto state = api_.call(api_.request("GET", "/n1/vision/user/two_factor"), session);
  EXPECT_EQ(body_of(state), (nlohmann::json{{"enabled", false}, {"recovery_codes_left", 0}}));
  auto enrolment = body_of(api_.call(api_.request("POST", "/n1/vision/user/two_factor/enrol"), session));
  EXPECT_EQ(enrolment["secret"].get<std::string>().size(), 32u);
  EXPECT_EQ(enrolment["otpauth_uri"].get<std::string>().rfind("otpauth://totp/Argus:viewer@argus.demo?secret=", 0), 0u);
  EXPECT_EQ(enrolment["qr_svg"].get<std::string>().rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  auto wrong = api_.call(api_.request("POST", "/n1/vision/user/two_factor/confirm", code_body("000000")), session);
  if (wrong.status == 200)
    GTEST_SKIP() << "000000 happened to be the code";
  EXPECT_EQ(wrong.status, 400);
  EXPECT_EQ(body_of(wrong)["errors"][0], "Incorrect code. Please try again.");
  EXPECT_FALSE(body_of(api_.call(api_.request("GET", "/n1/vision/user/two_factor"), session))["enabled"]);
}

TEST_F(TwoFactorApiTest, ACodeSignsInAfterThePasswordAndCannotBeReplayed) {
  auto recovery = turn_on();
  EXPECT_EQ(recovery.size(), 10u);
  EXPECT_EQ(body_of(api_.call(api_.request("GET", "/n1/vision/user/two_factor"), session_)),
            (nlohmann::json{{"enabled", true}, {"recovery_codes_left", 10}}));
  api_.now_ms += 30'000; // the next step: the confirming code's step is spent
  auto token = password_step();
  ASSERT_FALSE(token.empty());
  const auto code = current_code();
  auto signed_in = second_step(token, code_body(code));
  ASSERT_EQ(signed_in.status, 200) << signed_in.body;
  EXPECT_TRUE(body_of(signed_in)["success"]);
  EXPECT_EQ(body_of(signed_in)["user"]["email"], k_user);
  EXPECT_FALSE(cookie_value(signed_in, "argus_session").empty());
  EXPECT_EQ(cookie_value(signed_in, "argus_two_factor"), "") << "the challenge cookie is cleared";

  auto again = second_step(password_step(), code_body(code));
  EXPECT_EQ(again.status, 401) << "the same code again is a replay";
  EXPECT_EQ(body_of(again)["mode"], "two_factor");
  EXPECT_EQ(body_of(again)["error"], "Incorrect code. Please try again.");
}

TEST_F(TwoFactorApiTest, ARecoveryCodeSignsInOnce) {
  auto recovery = turn_on();
  auto typed = recovery[3];
  for (auto& c : typed)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  auto first = second_step(password_step(), code_body(typed));
  EXPECT_EQ(first.status, 200) << "upper case is the same code";
  api_.now_ms += 10'000;
  auto reused = second_step(password_step(), code_body(recovery[3]));
  EXPECT_EQ(reused.status, 401);
  EXPECT_EQ(body_of(api_.call(api_.request("GET", "/n1/vision/user/two_factor"), session_))["recovery_codes_left"], 9);
}

TEST_F(TwoFactorApiTest, FiveWrongCodesEndTheSignIn) {
  turn_on();
  api_.now_ms += 30'000;
  auto token = password_step();
  const auto right = current_code();
  const std::string wrong = right == "123456" ? "654321" : "123456";
  for (int i = 1; i <= 4; ++i) {
    auto answer = second_step(token, code_body(wrong));
    EXPECT_EQ(answer.status, 401);
    EXPECT_EQ(body_of(answer)["mode"], "two_factor") << "wrong code " << i;
    api_.now_ms += 20'000; // past the throttle's growing delay
  }
  auto last = second_step(token, code_body(wrong));
  EXPECT_EQ(last.status, 401);
  EXPECT_TRUE(body_of(last)["mode"].is_null());
  EXPECT_EQ(body_of(last)["error"], "Too many incorrect codes. Please sign in again.");
  api_.now_ms += 60'000;
  auto after = second_step(token, code_body(current_code()));
  EXPECT_EQ(body_of(after)["error"], "Your sign-in expired. Please sign in again.") << "the right code is too late";
}

TEST_F(TwoFactorApiTest, WrongCodesAddUpAcrossSignInsTheRightPasswordDoesNotForgetThem) {
  turn_on();
  api_.now_ms += 30'000;
  const auto right = current_code();
  const std::string wrong = right == "123456" ? "654321" : "123456";
  std::vector<int> statuses;
  for (int sign_in = 0; sign_in < 3; ++sign_in) {
    auto token = password_step();
    for (int i = 0; i < 2; ++i)
      statuses.push_back(second_step(token, code_body(wrong)).status);
  }
  EXPECT_EQ(statuses, (std::vector<int>{401, 401, 401, 429, 429, 429}));
}

TEST_F(TwoFactorApiTest, AChallengeExpiresAfterFiveMinutesAndNeedsItsCookie) {
  turn_on();
  api_.now_ms += 30'000;
  auto token = password_step();
  auto without = second_step("", code_body(current_code()));
  EXPECT_EQ(without.status, 401);
  EXPECT_EQ(body_of(without)["error"], "Your sign-in expired. Please sign in again.");
  EXPECT_EQ(second_step("forged", code_body(current_code())).status, 401);
  api_.now_ms += 5 * 60'000;
  auto late = second_step(token, code_body(current_code()));
  EXPECT_EQ(late.status, 401);
  EXPECT_TRUE(body_of(late)["mode"].is_null());
}

TEST_F(TwoFactorApiTest, TurningItOffNeedsACodeAndThenThePasswordIsEnough) {
  turn_on();
  api_.now_ms += 30'000;
  auto wrong = api_.call(api_.request("POST", "/n1/vision/user/two_factor/disable", code_body("99999x")), session_);
  EXPECT_EQ(wrong.status, 400);
  EXPECT_TRUE(body_of(api_.call(api_.request("GET", "/n1/vision/user/two_factor"), session_))["enabled"]);
  auto off = api_.call(api_.request("POST", "/n1/vision/user/two_factor/disable", code_body(current_code())), session_);
  ASSERT_EQ(off.status, 200) << off.body;
  EXPECT_EQ(body_of(off), (nlohmann::json{{"enabled", false}, {"recovery_codes_left", 0}}));
  nlohmann::json credentials{{"email", k_user}, {"password", api_.password_of(k_user)}};
  auto login = api_.call(api_.request("POST", "/n1/login/login", credentials.dump()));
  EXPECT_TRUE(body_of(login)["success"]);
  auto again = api_.call(api_.request("POST", "/n1/vision/user/two_factor/disable", code_body("123456")), session_);
  EXPECT_EQ(again.status, 409);
}

TEST_F(TwoFactorApiTest, BadInputIsRefusedAndChangesNothing) {
  auto session = api_.sign_in(k_user);
  EXPECT_EQ(api_.call(api_.request("POST", "/n1/vision/user/two_factor/confirm", code_body("123456")), session).status,
            409)
      << "nothing enrolled";
  api_.call(api_.request("POST", "/n1/vision/user/two_factor/enrol"), session);
  for (const std::string body :
       {std::string(), std::string("[]"), std::string("{}"), std::string(R"({"code":123456})"),
        std::string(R"({"code":""})"), nlohmann::json{{"code", std::string(65, '1')}}.dump()}) {
    EXPECT_EQ(api_.call(api_.request("POST", "/n1/vision/user/two_factor/confirm", body), session).status, 400) << body;
  }
  EXPECT_FALSE(body_of(api_.call(api_.request("GET", "/n1/vision/user/two_factor"), session))["enabled"]);
  auto no_csrf = api_.request("POST", "/n1/login/two_factor/verify", code_body("123456"), false);
  EXPECT_EQ(api_.call(no_csrf).status, 403);
  EXPECT_EQ(api_.call(api_.request("GET", "/n1/vision/user/two_factor")).status, 401) << "needs a session";
}

} // namespace
} // namespace argus::testing
