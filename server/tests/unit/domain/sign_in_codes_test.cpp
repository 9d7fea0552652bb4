// The sign-ins waiting for a code by e-mail or text message (services/sign_in_codes): single-use 6-digit codes that
// live 10 minutes and allow 5 wrong tries, new codes 30 s apart and at most 5 per sign-in, the primary or secondary
// phone, a 30-minute sign-in, and a sender that is down.
#include <gtest/gtest.h>

#include "recording_sender.hpp"
#include "services/sign_in_codes.hpp"

namespace argus::testing {
namespace {

using services::SignInCodes;

class SignInCodesTest : public ::testing::Test {
protected:
  SignInCodes::Started start_email(bool remember = false) {
    return codes_.start(user_, {user_.id, "email", std::nullopt, std::nullopt}, remember);
  }
  SignInCodes::Started start_sms(std::optional<std::string> secondary = "+15550199") {
    return codes_.start(user_, {user_.id, "sms", "+15550100", secondary}, false);
  }
  SignInCodes::Check check(const std::string& token, const std::string& code,
                           SignInCodes::Channel channel = SignInCodes::Channel::email) {
    return codes_.check(token, channel, code).outcome;
  }
  static std::string other_than(const std::string& code) { return code == "000000" ? "000001" : "000000"; }

  std::int64_t now_ms_ = 1'700'000'000'000;
  RecordingSender mail_;
  RecordingSender sms_;
  SignInCodes codes_{{&mail_, &sms_}, [this] { return now_ms_; }};
  store::UserRecord user_{7, "Casey", "casey@example.com", "", 30, false};
};

TEST_F(SignInCodesTest, TheCodeGoesByEmailAndSignsInOnce) {
  auto started = start_email(true);
  ASSERT_EQ(mail_.sent.size(), 1u);
  EXPECT_EQ(mail_.sent[0].to, "casey@example.com");
  EXPECT_EQ(mail_.sent[0].subject, "Your Argus sign-in code");
  EXPECT_EQ(started.destination, "c\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2@example.com");
  EXPECT_GE(started.token.size(), 40u);
  EXPECT_EQ(codes_.pending_user(started.token, SignInCodes::Channel::email), 7);
  const auto code = mail_.last_code();
  ASSERT_EQ(code.size(), 6u);
  auto result = codes_.check(started.token, SignInCodes::Channel::email, code);
  EXPECT_EQ(result.outcome, SignInCodes::Check::accepted);
  EXPECT_EQ(result.user_id, 7);
  EXPECT_TRUE(result.remember);
  EXPECT_EQ(check(started.token, code), SignInCodes::Check::unknown) << "single use: the sign-in is over";
  EXPECT_TRUE(sms_.sent.empty());
}

TEST_F(SignInCodesTest, FourWrongTriesLeaveTheCodeTheFifthSpendsIt) {
  auto started = start_email();
  const auto code = mail_.last_code();
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(check(started.token, other_than(code)), SignInCodes::Check::wrong);
  EXPECT_EQ(check(started.token, other_than(code)), SignInCodes::Check::spent);
  EXPECT_EQ(check(started.token, code), SignInCodes::Check::spent) << "the right code no longer works";

  auto fresh = start_email();
  const auto fresh_code = mail_.last_code();
  for (int i = 0; i < 4; ++i)
    check(fresh.token, other_than(fresh_code));
  EXPECT_EQ(check(fresh.token, fresh_code), SignInCodes::Check::accepted);
}

TEST_F(SignInCodesTest, ACodeExpiresAfterTenMinutesAndANewOneWorks) {
  auto started = start_email();
  const auto old_code = mail_.last_code();
  now_ms_ += SignInCodes::k_code_lifetime_ms;
  EXPECT_EQ(check(started.token, old_code), SignInCodes::Check::expired);
  auto resent = codes_.resend(started.token, SignInCodes::Channel::email, SignInCodes::Phone::primary);
  ASSERT_EQ(resent.outcome, SignInCodes::Resend::sent);
  EXPECT_EQ(mail_.sent.size(), 2u);
  EXPECT_EQ(check(started.token, mail_.last_code()), SignInCodes::Check::accepted);
}

TEST_F(SignInCodesTest, NewCodesAreThirtySecondsApartReplaceTheLastAndStopAtFive) {
  auto started = start_email();
  const auto first = mail_.last_code();
  now_ms_ += 10'000;
  auto early = codes_.resend(started.token, SignInCodes::Channel::email, SignInCodes::Phone::primary);
  EXPECT_EQ(early.outcome, SignInCodes::Resend::wait);
  EXPECT_EQ(early.retry_after_ms, 20'000);
  EXPECT_EQ(mail_.sent.size(), 1u);
  for (int sent = 2; sent <= SignInCodes::k_max_codes_per_sign_in; ++sent) {
    now_ms_ += SignInCodes::k_resend_interval_ms;
    EXPECT_EQ(codes_.resend(started.token, SignInCodes::Channel::email, SignInCodes::Phone::primary).outcome,
              SignInCodes::Resend::sent);
  }
  EXPECT_EQ(mail_.sent.size(), 5u);
  now_ms_ += SignInCodes::k_resend_interval_ms;
  EXPECT_EQ(codes_.resend(started.token, SignInCodes::Channel::email, SignInCodes::Phone::primary).outcome,
            SignInCodes::Resend::too_many);
  if (first != mail_.last_code())
    EXPECT_EQ(check(started.token, first), SignInCodes::Check::wrong) << "an earlier code stopped working";
  EXPECT_EQ(check(started.token, mail_.last_code()), SignInCodes::Check::accepted);
}

TEST_F(SignInCodesTest, TextMessagesGoToThePrimaryPhoneOrOnRequestTheSecondary) {
  auto started = start_sms();
  EXPECT_EQ(started.channel, SignInCodes::Channel::sms);
  EXPECT_TRUE(started.has_secondary_phone);
  EXPECT_EQ(started.destination, "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 0100");
  ASSERT_EQ(sms_.sent.size(), 1u);
  EXPECT_EQ(sms_.sent[0].to, "+15550100");
  now_ms_ += SignInCodes::k_resend_interval_ms;
  auto resent = codes_.resend(started.token, SignInCodes::Channel::sms, SignInCodes::Phone::secondary);
  ASSERT_EQ(resent.outcome, SignInCodes::Resend::sent);
  EXPECT_EQ(sms_.sent.back().to, "+15550199");
  EXPECT_EQ(resent.destination, "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 0199");
  EXPECT_EQ(check(started.token, sms_.last_code(), SignInCodes::Channel::email), SignInCodes::Check::unknown)
      << "a text-message sign-in does not take the e-mail step";
  EXPECT_EQ(check(started.token, sms_.last_code(), SignInCodes::Channel::sms), SignInCodes::Check::accepted);

  auto single = start_sms(std::nullopt);
  EXPECT_FALSE(single.has_secondary_phone);
  now_ms_ += SignInCodes::k_resend_interval_ms;
  EXPECT_EQ(codes_.resend(single.token, SignInCodes::Channel::sms, SignInCodes::Phone::secondary).outcome,
            SignInCodes::Resend::no_secondary);
}

TEST_F(SignInCodesTest, ASignInLastsThirtyMinutes) {
  auto started = start_email();
  now_ms_ += SignInCodes::k_sign_in_lifetime_ms;
  EXPECT_FALSE(codes_.pending_user(started.token, SignInCodes::Channel::email));
  EXPECT_EQ(check(started.token, mail_.last_code()), SignInCodes::Check::unknown);
  EXPECT_EQ(codes_.resend(started.token, SignInCodes::Channel::email, SignInCodes::Phone::primary).outcome,
            SignInCodes::Resend::unknown);
  EXPECT_EQ(check("", "123456"), SignInCodes::Check::unknown);
  EXPECT_EQ(check("not-a-token", "123456"), SignInCodes::Check::unknown);
}

TEST_F(SignInCodesTest, ASenderThatIsDownKeepsNothingAndAFailedResendKeepsTheLastCode) {
  mail_.down = true;
  EXPECT_THROW(start_email(), Error);
  mail_.down = false;

  auto kept = start_email();
  const auto code = mail_.last_code();
  now_ms_ += SignInCodes::k_resend_interval_ms;
  mail_.down = true;
  EXPECT_THROW(codes_.resend(kept.token, SignInCodes::Channel::email, SignInCodes::Phone::primary), Error);
  mail_.down = false;
  EXPECT_EQ(check(kept.token, code), SignInCodes::Check::accepted) << "the last code still works";

  auto retried = start_email();
  now_ms_ += SignInCodes::k_resend_interval_ms;
  mail_.down = true;
  EXPECT_THROW(codes_.resend(retried.token, SignInCodes::Channel::email, SignInCodes::Phone::primary), Error);
  mail_.down = false;
  EXPECT_EQ(codes_.resend(retried.token, SignInCodes::Channel::email, SignInCodes::Phone::primary).outcome,
            SignInCodes::Resend::sent)
      << "a failed send does not start the 30 s wait";
}

TEST_F(SignInCodesTest, AChannelWithoutASenderCannotStart) {
  SignInCodes no_sms{{&mail_, nullptr}, [this] { return now_ms_; }};
  EXPECT_THROW(no_sms.start(user_, {user_.id, "sms", "+15550100", std::nullopt}, false), Error);
}

} // namespace
} // namespace argus::testing
