#pragma once
// Small helpers shared by the integration tests: CSRF priming, signing in a demo account, and a fixture base that
// runs one argusd per test suite.
//
//   auto admin = signed_in(server(), "admin@argus.demo");   // HttpClient with session cookie and X-CSRF-Token
//   auto cameras = admin.get(api("/n/101/manage/vision/cameras")).json();
#include <memory>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/argusd_process.hpp"
#include "support/http_client.hpp"

namespace argus::testing {

inline constexpr const char* k_admin = "admin@argus.demo";
inline constexpr const char* k_writer = "writer@argus.demo";
inline constexpr const char* k_monitor = "monitor@argus.demo";
inline constexpr const char* k_viewer = "viewer@argus.demo";
inline constexpr const char* k_login_required = "No user in session. Login required.";
inline constexpr const char* k_invalid_csrf = "Invalid CSRF token";

//! "/n1" + path: every API path lives under the base path of shard 1.
inline std::string api(const std::string& path) {
  return "/n1" + path;
}

//! Fetches a CSRF token (which sets the argus_csrf cookie) and sends it as X-CSRF-Token from now on.
std::string prime_csrf(HttpClient& client);

//! The demo password of an account (from the credentials file argusd announced).
std::string demo_password(const ArgusdProcess& server, const std::string& email);

//! POST /login/login with CSRF primed first (and again after a success); a user of several organizations then chooses
//! the one with the lowest id (POST /login/org_choose). Answers the last answer.
HttpResponse sign_in(HttpClient& client, const std::string& email, const std::string& password, int remember = 0);

//! The demo inbox's port from argusd's "Demo inbox (...): http://127.0.0.1:PORT/" line (0 when absent).
std::uint16_t demo_inbox_port(const ArgusdProcess& server);

//! A new client signed in as that demo account (throws when sign-in fails), CSRF header set.
HttpClient signed_in(const ArgusdProcess& server, const std::string& email, int remember = 0);

//! The value of the Set-Cookie header that sets cookie `name`, or "".
std::string set_cookie_for(const HttpResponse& response, const std::string& name);

//! Checks the contract's failure body: JSON `{"errors": [non-empty strings...]}` with at least one message.
::testing::AssertionResult is_error_body(const HttpResponse& response);

//! Checks a 401 login-mode answer: `{"mode": "login", "errors": ["No user in session. Login required."]}`.
::testing::AssertionResult is_login_mode(const HttpResponse& response);

//! The ids of a JSON array of objects with an "id", in order.
std::vector<std::int64_t> ids_of(const nlohmann::json& items);

//! Fixture base: one argusd (demo) for the whole test suite. Derive, then use server().
class SharedArgusdTest : public ::testing::Test {
public:
  static void SetUpTestSuite() { server_ = std::make_unique<ArgusdProcess>(); }
  static void TearDownTestSuite() { server_.reset(); }

protected:
  void SetUp() override { ASSERT_TRUE(server_) << "argusd did not start (see SetUpTestSuite)"; }
  static ArgusdProcess& server() { return *server_; }

private:
  static inline std::unique_ptr<ArgusdProcess> server_;
};

} // namespace argus::testing
