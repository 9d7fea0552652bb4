// The sign-in captcha (services/proof_of_work_captcha, and through the API): a throttled sign-in answers mode captcha
// with a proof-of-work challenge; a solution lets the next attempt go ahead without waiting, once; wrong, forged,
// expired, reused or malformed solutions are refused; the challenge is renewed with GET /login/captcha.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/proof_of_work_captcha.hpp"
#include "services/token_codec.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

using services::ProofOfWorkCaptcha;

// What the browser does: try numbers until the digest matches; the solution as the portal sends it (optionally with
// a wrong number or another salt, as a forger would).
std::string solve(const nlohmann::json& challenge, std::int64_t number_offset = 0, std::string sent_salt = "") {
  for (std::int64_t n = 0; n <= challenge["maxnumber"].get<std::int64_t>(); ++n) {
    if (ProofOfWorkCaptcha::digest_hex(challenge["salt"].get<std::string>(), n) == challenge["challenge"]) {
      nlohmann::json solution{{"algorithm", "SHA-256"},
                              {"challenge", challenge["challenge"]},
                              {"number", n + number_offset},
                              {"salt", sent_salt.empty() ? challenge["salt"].get<std::string>() : sent_salt},
                              {"signature", challenge["signature"]}};
      return services::base64_encode(solution.dump());
    }
  }
  return {};
}

nlohmann::json challenge_json(const ProofOfWorkCaptcha::Challenge& c) {
  return {{"challenge", c.challenge}, {"maxnumber", c.maxnumber}, {"salt", c.salt}, {"signature", c.signature}};
}

TEST(ProofOfWorkCaptcha, ASolutionIsAcceptedOnceAndOnlyWhileTheChallengeLives) {
  std::int64_t now = 1'700'000'000'000;
  ProofOfWorkCaptcha captcha([&] { return now; }, 1000);
  auto challenge = challenge_json(captcha.issue());
  auto solution = solve(challenge);
  ASSERT_FALSE(solution.empty());
  EXPECT_FALSE(captcha.verify(solve(challenge, 1))) << "a wrong number";
  EXPECT_TRUE(captcha.verify(solution));
  EXPECT_FALSE(captcha.verify(solution)) << "used up";

  auto late = challenge_json(captcha.issue());
  now += ProofOfWorkCaptcha::k_lifetime_ms;
  EXPECT_FALSE(captcha.verify(solve(late))) << "expired";
}

TEST(ProofOfWorkCaptcha, ForgedAndMalformedSolutionsAreRefused) {
  std::int64_t now = 1'700'000'000'000;
  ProofOfWorkCaptcha captcha([&] { return now; }, 1000);
  ProofOfWorkCaptcha other_server([&] { return now; }, 1000);
  EXPECT_FALSE(captcha.verify(solve(challenge_json(other_server.issue())))) << "signed with another key";
  // A later expiry written into the salt: the digest no longer matches the signed challenge.
  auto challenge = challenge_json(captcha.issue());
  auto salt = challenge["salt"].get<std::string>();
  auto forged = solve(challenge, 0, salt.substr(0, salt.find('=') + 1) + "9999999999");
  ASSERT_FALSE(forged.empty());
  EXPECT_FALSE(captcha.verify(forged));
  EXPECT_TRUE(captcha.verify(solve(challenge))) << "the honest solution still works";
  for (const std::string& bad :
       std::vector<std::string>{"", "not base64!", services::base64_encode("not json"), services::base64_encode("[]"),
                                services::base64_encode("{\"algorithm\":\"SHA-1\"}"), std::string(5000, 'A')}) {
    EXPECT_FALSE(captcha.verify(bad)) << bad.substr(0, 40);
  }
}

class CaptchaApiTest : public ::testing::Test {
protected:
  CaptchaApiTest() { api_.context.captcha = &captcha_; }
  http::Response login(const std::string& password, const std::string& captcha = "") {
    nlohmann::json body{{"email", "viewer@argus.demo"}, {"password", password}};
    if (!captcha.empty()) {
      body["captcha_shown"] = true;
      body["mki_captcha_provider_id"] = "argus-pow";
      body["mki_captcha_provider_response"] = captcha;
    }
    return api_.call(api_.request("POST", "/n1/login/login", body.dump()));
  }

  ApiHarness api_;
  ProofOfWorkCaptcha captcha_{[this] { return api_.now_ms; }, 2000};
};

TEST_F(CaptchaApiTest, AThrottledSignInGetsAChallengeWhoseSolutionSkipsTheWait) {
  http::Response throttled;
  for (int i = 0; i < 4; ++i)
    throttled = login("wrong password");
  ASSERT_EQ(throttled.status, 429);
  auto body = nlohmann::json::parse(throttled.body);
  EXPECT_EQ(body["mode"], "captcha");
  ASSERT_TRUE(body.contains("captcha")) << throttled.body;
  EXPECT_EQ(body["captcha"]["provider_id"], "argus-pow");
  EXPECT_EQ(body["captcha"]["algorithm"], "SHA-256");

  auto solution = solve(body["captcha"]);
  auto with_captcha = login(api_.password_of("viewer@argus.demo"), solution);
  EXPECT_EQ(with_captcha.status, 200) << with_captcha.body;

  for (int i = 0; i < 5; ++i)
    throttled = login("wrong password");
  auto reused = login(api_.password_of("viewer@argus.demo"), solution);
  EXPECT_EQ(reused.status, 429);
  EXPECT_EQ(nlohmann::json::parse(reused.body)["error"], "The captcha was not accepted. Please solve it again.");
  auto missing = login(api_.password_of("viewer@argus.demo"));
  EXPECT_EQ(missing.status, 429);
  EXPECT_EQ(nlohmann::json::parse(missing.body)["error"],
            "Too many failed sign-in attempts. Please wait a moment and try again.");
}

TEST_F(CaptchaApiTest, ANewChallengeReplacesAnExpiredOne) {
  auto first = api_.call(api_.request("GET", "/n1/login/captcha"));
  ASSERT_EQ(first.status, 200);
  auto challenge = nlohmann::json::parse(first.body);
  EXPECT_EQ(challenge["expires_at_ms"], api_.now_ms + ProofOfWorkCaptcha::k_lifetime_ms);
  auto second = nlohmann::json::parse(api_.call(api_.request("GET", "/n1/login/captcha")).body);
  EXPECT_NE(second["challenge"], challenge["challenge"]);
}

} // namespace
} // namespace argus::testing
