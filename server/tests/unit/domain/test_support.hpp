#pragma once
// Shared fixtures for domain tests: a temporary data directory and an api harness (demo-seeded database, services
// with an injected clock, a router with every api route).
#include <cstdint>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "api/api_context.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "http/router.hpp"
#include "services/access_log.hpp"
#include "services/csrf_service.hpp"
#include "services/login_throttle.hpp"
#include "services/password_hasher.hpp"
#include "services/session_service.hpp"
#include "services/two_factor.hpp"
#include "services/two_factor_challenges.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::testing {

//! The JSON body of an answer.
nlohmann::json body_of(const http::Response& response);
//! The value a Set-Cookie header of the answer gives cookie `name` ("" when none).
std::string cookie_value(const http::Response& response, const std::string& name);

struct TempDir {
  TempDir();
  ~TempDir();
  std::filesystem::path path;
};

struct ApiHarness {
  ApiHarness();

  //! Password of a demo user from demo-credentials.json.
  std::string password_of(const std::string& email) const;
  //! A request; non-GET ones carry a valid CSRF cookie and header unless with_csrf is false.
  http::Request request(const std::string& method, const std::string& path, const std::string& body = "",
                        bool with_csrf = true) const;
  //! Dispatches a request with the session cookie (when not empty); a CSRF header made by request() is replaced by the
  //! token for that session.
  http::Response call(http::Request request, const std::string& session_token = "");
  //! Signs a demo user in and returns the session token.
  std::string sign_in(const std::string& email);

  TempDir dir;
  std::int64_t now_ms = 1'700'000'000'000;
  store::SqliteDatabase database;
  services::PasswordHasher hasher{services::PasswordHasher::Strength::minimal};
  services::Catalog catalog;
  services::SessionService sessions;
  services::CsrfService csrf;
  services::LoginThrottle throttle;
  services::TwoFactor two_factor;
  services::TwoFactorChallenges two_factor_challenges;
  services::AccessLog access_log;
  api::ApiContext context;
  http::Router router;
  std::string csrf_cookie_id;
};

} // namespace argus::testing
