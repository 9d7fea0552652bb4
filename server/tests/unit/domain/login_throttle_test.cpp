#include <gtest/gtest.h>

#include "services/login_throttle.hpp"

namespace argus::services {
namespace {

constexpr std::int64_t k_minute_ms = 60'000;

TEST(LoginThrottle, BlocksAnAccountAfterFiveFailuresAnyCase) {
  std::int64_t now = 0;
  LoginThrottle throttle([&] { return now; });
  for (int i = 0; i < 5; ++i) {
    EXPECT_FALSE(throttle.is_blocked("User@Example.test", "10.0.0.1"));
    throttle.record_failure(i % 2 ? "user@example.test" : "USER@example.test", "10.0.0." + std::to_string(i));
  }
  EXPECT_TRUE(throttle.is_blocked("user@example.test", "10.9.9.9"));
  EXPECT_FALSE(throttle.is_blocked("other@example.test", "10.9.9.9"));
}

TEST(LoginThrottle, BlocksAnAddressAfterTwentyFailures) {
  std::int64_t now = 0;
  LoginThrottle throttle([&] { return now; });
  for (int i = 0; i < 20; ++i)
    throttle.record_failure("user" + std::to_string(i) + "@example.test", "10.0.0.1");
  EXPECT_TRUE(throttle.is_blocked("fresh@example.test", "10.0.0.1"));
  EXPECT_FALSE(throttle.is_blocked("fresh@example.test", "10.0.0.2"));
}

TEST(LoginThrottle, WindowSlides) {
  std::int64_t now = 0;
  LoginThrottle throttle([&] { return now; });
  for (int i = 0; i < 5; ++i) {
    throttle.record_failure("user@example.test", "10.0.0.1");
    now += k_minute_ms;
  }
  EXPECT_TRUE(throttle.is_blocked("user@example.test", "10.0.0.1"));
  now = 15 * k_minute_ms; // the first failure (t=0) has left the window
  EXPECT_FALSE(throttle.is_blocked("user@example.test", "10.0.0.1"));
  throttle.record_failure("user@example.test", "10.0.0.1");
  EXPECT_TRUE(throttle.is_blocked("user@example.test", "10.0.0.1"));
}

TEST(LoginThrottle, SuccessClearsTheAccount) {
  std::int64_t now = 0;
  LoginThrottle throttle([&] { return now; });
  for (int i = 0; i < 4; ++i)
    throttle.record_failure("user@example.test", "10.0.0.1");
  throttle.record_success("user@example.test");
  throttle.record_failure("user@example.test", "10.0.0.1");
  EXPECT_FALSE(throttle.is_blocked("user@example.test", "10.0.0.1"));
}

} // namespace
} // namespace argus::services
