// Sign-in throttling against a real argusd (docs/design/sessions.md): a few free failures per (account, address), then
// growing delays answered 429 + Retry-After; a per-account cap that removes the free failures while an account is
// under attack but never refuses the right password from a fresh address; a per-address cap across accounts; every
// attempt counted even when they arrive together; X-Forwarded-For only from --trusted-proxy peers.
// Each test runs its own argusd: the failures it provokes must not count against other tests' sign-ins.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using namespace std::chrono_literals;

constexpr int k_free_failures = 3;         // per (account, address)
constexpr int k_address_failure_limit = 20; // per address across accounts, 15 minutes
constexpr int k_account_failure_cap = 10;   // per account across addresses, 1 minute

HttpResponse attempt(HttpClient& client, const std::string& email, const std::string& password,
                     const std::string& forwarded_for = {}) {
  Headers headers;
  if (!forwarded_for.empty())
    headers.emplace_back("X-Forwarded-For", forwarded_for);
  return client.post_json(api("/login/login"), {{"email", email}, {"password", password}}, headers);
}

ArgusdOptions with_flags(std::vector<std::string> flags) {
  ArgusdOptions options;
  options.extra_args = std::move(flags);
  return options;
}

HttpClient primed(const ArgusdProcess& server, const std::string& source_address = {}) {
  auto client = server.client();
  if (!source_address.empty())
    client.set_source_address(source_address);
  prime_csrf(client);
  return client;
}

::testing::AssertionResult is_throttled(const HttpResponse& response) {
  if (response.status != 429)
    return ::testing::AssertionFailure() << "status " << response.status << ": " << response.body;
  auto body = nlohmann::json::parse(response.body, nullptr, false);
  if (!body.is_object() || body.value("success", true) != false || body.value("mode", "") != "captcha" ||
      !body.contains("error") || !body["error"].is_string() || body.contains("user")) {
    return ::testing::AssertionFailure() << "not the spec's captcha-mode answer: " << response.body;
  }
  auto retry_after = response.header("retry-after");
  if (retry_after.empty() || retry_after.find_first_not_of("0123456789") != std::string::npos ||
      std::stoi(retry_after) < 1) {
    return ::testing::AssertionFailure() << "Retry-After '" << retry_after << "' is not a positive number of seconds";
  }
  return ::testing::AssertionSuccess();
}

// Sends `count` sign-in attempts at once (one connection each) and answers their statuses.
std::vector<int> concurrent_attempts(const ArgusdProcess& server, int count,
                                     const std::function<std::string(int)>& email_of) {
  std::vector<HttpClient> clients;
  for (int i = 0; i < count; ++i)
    clients.push_back(primed(server));
  std::vector<int> statuses(static_cast<std::size_t>(count), 0);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < count; ++i) {
    threads.emplace_back([&, i] {
      ++ready;
      while (ready < count)
        std::this_thread::yield();
      statuses[static_cast<std::size_t>(i)] =
          attempt(clients[static_cast<std::size_t>(i)], email_of(i), "wrong-password").status;
    });
  }
  for (auto& thread : threads)
    thread.join();
  return statuses;
}

TEST(SignInThrottle, AnAddressGetsAFewFreeFailuresThenGrowingDelays) {
  ArgusdProcess server;
  auto client = primed(server);
  auto password = demo_password(server, k_viewer);
  for (int i = 0; i < k_free_failures; ++i)
    ASSERT_EQ(attempt(client, k_viewer, "wrong").status, 401) << "failure " << i + 1 << " should answer at once";

  auto delayed = attempt(client, k_viewer, "wrong");
  ASSERT_TRUE(is_throttled(delayed));
  EXPECT_EQ(delayed.header("retry-after"), "1") << "the first delay is one second";
  // The right password from the same address waits too (no session, no cookie) ...
  EXPECT_TRUE(is_throttled(attempt(client, k_viewer, password)));
  EXPECT_EQ(client.cookies().count("argus_session"), 0u);
  // ... and the key is the lower-cased e-mail.
  EXPECT_TRUE(is_throttled(attempt(client, "VIEWER@Argus.Demo", "wrong")));

  // After the delay the address may try again; another failure doubles the delay.
  std::this_thread::sleep_for(1100ms);
  ASSERT_EQ(attempt(client, k_viewer, "wrong").status, 401);
  auto doubled = attempt(client, k_viewer, "wrong");
  ASSERT_TRUE(is_throttled(doubled));
  EXPECT_EQ(doubled.header("retry-after"), "2");

  // Other accounts from the same address are not affected.
  EXPECT_EQ(sign_in(client, k_admin, demo_password(server, k_admin)).status, 200);
}

TEST(SignInThrottle, ASuccessRestartsTheAddressCount) {
  ArgusdProcess server;
  auto client = primed(server);
  auto password = demo_password(server, k_writer);
  for (int i = 0; i < k_free_failures - 1; ++i)
    ASSERT_EQ(attempt(client, k_writer, "wrong").status, 401);
  ASSERT_EQ(attempt(client, k_writer, password).status, 200);
  prime_csrf(client);
  for (int i = 0; i < k_free_failures; ++i)
    EXPECT_EQ(attempt(client, k_writer, "wrong").status, 401) << "the count should restart after a success: " << i;
}

TEST(SignInThrottle, TheVictimSignsInFromANewAddressWhileAnAttackerHammers) {
  ArgusdProcess server;
  auto attacker = primed(server); // 127.0.0.1
  int refused = 0;
  for (int i = 0; i < 15; ++i)
    refused += attempt(attacker, k_viewer, "guess-" + std::to_string(i)).status == 429;
  EXPECT_GE(refused, 15 - k_free_failures);

  auto victim = primed(server, "127.0.0.2");
  auto login = sign_in(victim, k_viewer, demo_password(server, k_viewer));
  ASSERT_EQ(login.status, 200) << login.body;
  EXPECT_EQ(victim.get(api("/vision/user")).json().at("email"), k_viewer);
  // The attacker's address still waits, even with the right password.
  EXPECT_TRUE(is_throttled(attempt(attacker, k_viewer, demo_password(server, k_viewer))));
}

TEST(SignInThrottle, ThirtyConcurrentWrongAttemptsAreAllCounted) {
  ArgusdProcess server;
  auto statuses = concurrent_attempts(server, 30, [](int) { return std::string(k_writer); });
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 401), k_free_failures)
      << "only the free failures may reach the password check";
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 429), 30 - k_free_failures);
}

TEST(SignInThrottle, ConcurrentAttemptsOnManyAccountsStopExactlyAtTheAddressLimit) {
  ArgusdProcess server;
  auto statuses =
      concurrent_attempts(server, 30, [](int i) { return "stuffing-" + std::to_string(i) + "@example.com"; });
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 401), k_address_failure_limit);
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 429), 30 - k_address_failure_limit);

  // The address is refused for every account, even with the right password; another address is not.
  auto same_address = primed(server);
  EXPECT_TRUE(is_throttled(attempt(same_address, k_admin, demo_password(server, k_admin))));
  auto other_address = primed(server, "127.0.0.3");
  EXPECT_EQ(sign_in(other_address, k_admin, demo_password(server, k_admin)).status, 200);
}

TEST(SignInThrottle, ForwardedForIsIgnoredFromAnUntrustedPeer) {
  for (const std::vector<std::string>& flags :
       {std::vector<std::string>{}, std::vector<std::string>{"--trusted-proxy", "10.0.0.0/8"}}) {
    ArgusdProcess server(with_flags(flags));
    auto client = primed(server);
    for (int i = 0; i < k_free_failures; ++i)
      ASSERT_EQ(attempt(client, k_viewer, "wrong", "203.0.113." + std::to_string(i + 1)).status, 401);
    // A new X-Forwarded-For does not make the peer a new client.
    EXPECT_TRUE(is_throttled(attempt(client, k_viewer, "wrong", "203.0.113.99")))
        << "with flags: " << (flags.empty() ? "none" : flags[1]);
  }
}

TEST(SignInThrottle, ForwardedForFromATrustedProxyNamesTheClient) {
  ArgusdProcess server(with_flags({"--trusted-proxy", "127.0.0.1/32"}));
  auto proxy = primed(server);
  auto password = demo_password(server, k_viewer);
  for (int i = 0; i < k_free_failures; ++i)
    ASSERT_EQ(attempt(proxy, k_viewer, "wrong", "203.0.113.7").status, 401);
  EXPECT_TRUE(is_throttled(attempt(proxy, k_viewer, "wrong", "203.0.113.7")));
  // The right-most address the trusted proxy did not add is the client: a spoofed entry to its left changes nothing,
  // a trusted hop to its right is skipped.
  EXPECT_TRUE(is_throttled(attempt(proxy, k_viewer, password, "198.51.100.1, 203.0.113.7")));
  EXPECT_TRUE(is_throttled(attempt(proxy, k_viewer, password, "203.0.113.7, 127.0.0.1")));
  // Another client behind the same proxy signs in.
  auto login = attempt(proxy, k_viewer, password, "203.0.113.8");
  EXPECT_EQ(login.status, 200) << login.body;
}

TEST(SignInThrottle, AnAccountUnderAttackLosesItsFreeFailuresButNotItsOwner) {
  ArgusdProcess server(with_flags({"--trusted-proxy", "127.0.0.1/32"}));
  auto proxy = primed(server);
  // Every fresh address gets its attempt checked ...
  for (int i = 0; i < k_account_failure_cap + 2; ++i)
    ASSERT_EQ(attempt(proxy, k_monitor, "wrong", "198.51.100." + std::to_string(10 + i)).status, 401) << i;
  // ... but once the account is over its cap, an address with a failure must wait before its second guess ...
  EXPECT_TRUE(is_throttled(attempt(proxy, k_monitor, "wrong", "198.51.100.10")));
  // ... while the owner from an address without failures signs in.
  auto login = attempt(proxy, k_monitor, demo_password(server, k_monitor), "192.0.2.44");
  EXPECT_EQ(login.status, 200) << login.body;
}

} // namespace
} // namespace argus::testing
