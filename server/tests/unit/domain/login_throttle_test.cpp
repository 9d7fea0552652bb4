// The sign-in throttle policy with a fake clock (docs/design/sessions.md).
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "services/login_throttle.hpp"

namespace argus::services {
namespace {

constexpr const char* k_account = "user@example.test";
constexpr const char* k_address = "10.0.0.1";

class LoginThrottleTest : public ::testing::Test {
protected:
  LoginThrottle make(ThrottlePolicy policy = {}) { return LoginThrottle([this] { return now_ms; }, policy); }

  // One attempt that fails if it is allowed; answers whether it was.
  static bool fail(LoginThrottle& throttle, const std::string& account, const std::string& address) {
    auto attempt = throttle.begin(account, address);
    if (!attempt.allowed())
      return false;
    attempt.failed();
    return true;
  }

  std::int64_t now_ms = 1'000'000;
};

TEST_F(LoginThrottleTest, FreeFailuresThenDelaysThatDoubleUpToTheCap) {
  auto throttle = make();
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(fail(throttle, k_account, k_address)) << i;
  std::vector<std::int64_t> delays_ms;
  for (int i = 0; i < 12; ++i) {
    auto refused = throttle.begin(k_account, k_address);
    ASSERT_FALSE(refused.allowed());
    delays_ms.push_back(refused.retry_after_ms());
    now_ms += refused.retry_after_ms() - 1;
    EXPECT_FALSE(throttle.begin(k_account, k_address).allowed()) << "a millisecond early";
    now_ms += 1;
    ASSERT_TRUE(fail(throttle, k_account, k_address));
  }
  EXPECT_EQ(delays_ms, (std::vector<std::int64_t>{1'000, 2'000, 4'000, 8'000, 16'000, 32'000, 64'000, 128'000,
                                                  256'000, 512'000, 600'000, 600'000}));
}

TEST_F(LoginThrottleTest, AccountIsCaseInsensitiveAndOtherAddressesAndAccountsAreFree) {
  auto throttle = make();
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(fail(throttle, i % 2 ? "User@Example.TEST" : k_account, k_address));
  EXPECT_FALSE(throttle.begin("USER@example.test", k_address).allowed());
  EXPECT_TRUE(throttle.begin(k_account, "10.0.0.2").allowed());
  EXPECT_TRUE(throttle.begin("other@example.test", k_address).allowed());
}

TEST_F(LoginThrottleTest, SuccessForgetsThePairOnly) {
  auto throttle = make();
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(fail(throttle, k_account, k_address));
    ASSERT_TRUE(fail(throttle, k_account, "10.0.0.2"));
  }
  throttle.begin(k_account, k_address).succeeded();
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(fail(throttle, k_account, k_address)) << "count restarted: " << i;
  ASSERT_TRUE(fail(throttle, k_account, "10.0.0.2"));
  EXPECT_FALSE(throttle.begin(k_account, "10.0.0.2").allowed()) << "the other address keeps its failures";
}

TEST_F(LoginThrottleTest, PairsAreForgottenAfterAnHourWithoutFailures) {
  auto throttle = make();
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(fail(throttle, k_account, k_address));
  now_ms += 60 * 60'000;
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(fail(throttle, k_account, k_address)) << i;
}

TEST_F(LoginThrottleTest, AnAccountUnderAttackLosesFreeFailuresButFreshAddressesAreAlwaysChecked) {
  auto throttle = make();
  for (int i = 0; i < 10; ++i)
    ASSERT_TRUE(fail(throttle, k_account, "198.51.100." + std::to_string(i)));
  // Ten failures within a minute: an address with one failure waits 10 s (it would have had two more free).
  auto second_guess = throttle.begin(k_account, "198.51.100.0");
  ASSERT_FALSE(second_guess.allowed());
  EXPECT_EQ(second_guess.retry_after_ms(), 10'000);
  // A fresh address is never refused because of the account: the owner can always try the right password.
  for (int i = 0; i < 50; ++i) {
    auto fresh = throttle.begin(k_account, "203.0.113." + std::to_string(i));
    ASSERT_TRUE(fresh.allowed()) << i;
    fresh.failed();
  }
  auto owner = throttle.begin(k_account, "192.0.2.1");
  EXPECT_TRUE(owner.allowed());
  owner.succeeded();
  // Delays under attack double from 10 s.
  now_ms += 10'000;
  ASSERT_TRUE(fail(throttle, k_account, "198.51.100.0"));
  EXPECT_EQ(throttle.begin(k_account, "198.51.100.0").retry_after_ms(), 20'000);
  // A minute after the failures stop, the account is not under attack any more: free failures again.
  now_ms += 60'000;
  EXPECT_TRUE(fail(throttle, k_account, "203.0.113.200"));
  EXPECT_TRUE(fail(throttle, k_account, "203.0.113.200"));
}

TEST_F(LoginThrottleTest, AnAddressFailingAcrossAccountsIsRefusedForAllOfThemUntilTheWindowSlides) {
  auto throttle = make();
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(fail(throttle, "user" + std::to_string(i) + "@example.test", k_address)) << i;
    now_ms += 1'000;
  }
  auto refused = throttle.begin("fresh@example.test", k_address);
  ASSERT_FALSE(refused.allowed());
  EXPECT_EQ(refused.retry_after_ms(), 15 * 60'000 - 20'000); // until the first failure leaves the window
  EXPECT_TRUE(throttle.begin("fresh@example.test", "10.0.0.2").allowed());
  now_ms += refused.retry_after_ms();
  EXPECT_TRUE(throttle.begin("fresh@example.test", k_address).allowed());
}

TEST_F(LoginThrottleTest, AttemptsInFlightCountAsFailures) {
  auto throttle = make();
  // Thirty attempts arrive before any has been checked: only the three free ones may go ahead.
  std::vector<LoginThrottle::Attempt> allowed;
  int refused = 0;
  for (int i = 0; i < 30; ++i) {
    auto attempt = throttle.begin(k_account, k_address);
    if (attempt.allowed())
      allowed.push_back(std::move(attempt));
    else
      ++refused;
  }
  EXPECT_EQ(allowed.size(), 3u);
  EXPECT_EQ(refused, 27);
  for (auto& attempt : allowed)
    attempt.failed();
  EXPECT_FALSE(throttle.begin(k_account, k_address).allowed());

  // The same across accounts: the address limit (20) holds exactly.
  auto stuffing = make();
  std::vector<LoginThrottle::Attempt> in_flight;
  for (int i = 0; i < 30; ++i) {
    auto attempt = stuffing.begin("user" + std::to_string(i) + "@example.test", k_address);
    if (attempt.allowed())
      in_flight.push_back(std::move(attempt));
  }
  EXPECT_EQ(in_flight.size(), 20u);
}

TEST_F(LoginThrottleTest, AnAbandonedAttemptIsReleasedWithoutCounting) {
  auto throttle = make();
  for (int i = 0; i < 10; ++i) {
    auto attempt = throttle.begin(k_account, k_address);
    ASSERT_TRUE(attempt.allowed()) << i;
  } // destroyed unsettled: an exception during the check
  EXPECT_EQ(throttle.tracked_pairs(), 0u);
  EXPECT_EQ(throttle.tracked_accounts(), 0u);
  EXPECT_EQ(throttle.tracked_addresses(), 0u);
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(fail(throttle, k_account, k_address));
}

TEST_F(LoginThrottleTest, MemoryStaysBoundedUnderAnAddressFlood) {
  ThrottlePolicy policy;
  policy.max_tracked_keys = 1'000;
  auto throttle = make(policy);
  for (int i = 0; i < 20'000; ++i) {
    fail(throttle, "user" + std::to_string(i % 7) + "@example.test",
         "2001:db8::" + std::to_string(i / 256) + ":" + std::to_string(i % 256));
  }
  EXPECT_LE(throttle.tracked_pairs(), 1'000u);
  EXPECT_LE(throttle.tracked_accounts(), 1'000u);
  EXPECT_LE(throttle.tracked_addresses(), 1'000u);
  // The flood did not make the throttle forget a pair it is delaying right now.
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(fail(throttle, k_account, k_address));
  for (int i = 0; i < 2'000; ++i)
    fail(throttle, k_account, "2001:db8:1::" + std::to_string(i));
  EXPECT_FALSE(throttle.begin(k_account, k_address).allowed());
}

} // namespace
} // namespace argus::services
