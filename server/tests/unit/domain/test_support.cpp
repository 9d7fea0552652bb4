#include "test_support.hpp"

#include "http/url.hpp"

#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "api/api_routes.hpp"
#include "demo/demo_seeder.hpp"

namespace argus::testing {

TempDir::TempDir() {
  std::random_device random;
  path = std::filesystem::temp_directory_path() / ("argus-domain-test-" + std::to_string(random()));
  std::filesystem::create_directories(path);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

nlohmann::json body_of(const http::Response& response) {
  return nlohmann::json::parse(response.body);
}

std::string cookie_value(const http::Response& response, const std::string& name) {
  for (const auto& [header, value] : response.headers) {
    if (header == "Set-Cookie" && value.rfind(name + "=", 0) == 0)
      return value.substr(name.size() + 1, value.find(';') - name.size() - 1);
  }
  return {};
}

ApiHarness::ApiHarness()
    : database(dir.path / "argus.db"), catalog(
                                           database, [this] { return now_ms; }, 0),
      sessions(database, [this] { return now_ms; }), csrf(database), throttle([this] { return now_ms; }),
      two_factor(database, [this] { return now_ms; }), two_factor_challenges([this] { return now_ms; }),
      access_log(database, [this] { return now_ms; }), context{database, catalog, sessions, csrf,
                                                               throttle, hasher,  dir.path} {
  context.two_factor = &two_factor;
  context.two_factor_challenges = &two_factor_challenges;
  context.access_log = &access_log;
  context.now_ms = [this] { return now_ms; };
  demo::DemoSeeder(database, hasher, dir.path).seed();
  api::register_api_routes(router, context);
  csrf_cookie_id = csrf.new_cookie_id();
}

std::string ApiHarness::password_of(const std::string& email) const {
  std::ifstream in(demo::DemoSeeder::credentials_path(dir.path));
  for (const auto& entry : nlohmann::json::parse(in)) {
    if (entry["email"] == email)
      return entry["password"];
  }
  return {};
}

http::Request ApiHarness::request(const std::string& method, const std::string& path, const std::string& body,
                                  bool with_csrf) const {
  http::Request request;
  request.method = method;
  auto question = path.find('?');
  request.path = path.substr(0, question);
  request.target = path;
  if (question != std::string::npos) {
    std::string query = path.substr(question + 1);
    std::size_t start = 0;
    while (start <= query.size()) {
      auto amp = query.find('&', start);
      auto pair = query.substr(start, amp == std::string::npos ? std::string::npos : amp - start);
      auto eq = pair.find('=');
      auto value = eq == std::string::npos ? std::string() : pair.substr(eq + 1);
      request.query[pair.substr(0, eq)] = http::percent_decode(value, true).value_or(value);
      if (amp == std::string::npos)
        break;
      start = amp + 1;
    }
  }
  request.body = body;
  request.remote_address = "192.0.2.10";
  if (method != "GET" && with_csrf) {
    request.headers["cookie"] = std::string(services::CsrfService::k_cookie_name) + "=" + csrf_cookie_id;
    request.headers["x-csrf-token"] = csrf.token_for(csrf_cookie_id, "");
  }
  return request;
}

http::Response ApiHarness::call(http::Request request, const std::string& session_token) {
  if (!session_token.empty()) {
    auto& cookie = request.headers["cookie"];
    cookie += (cookie.empty() ? "" : "; ") + std::string(services::SessionService::k_cookie_name) + "=" + session_token;
    // CSRF tokens are bound to the session cookie: the portal fetches its token after signing in.
    if (request.headers.count("x-csrf-token"))
      request.headers["x-csrf-token"] = csrf.token_for(csrf_cookie_id, session_token);
  }
  return router.dispatch(request);
}

std::string ApiHarness::sign_in(const std::string& email) {
  nlohmann::json body{{"email", email}, {"password", password_of(email)}};
  auto response = call(request("POST", "/n1/login/login", body.dump()));
  for (const auto& [name, value] : response.headers) {
    std::string prefix = std::string(services::SessionService::k_cookie_name) + "=";
    if (name == "Set-Cookie" && value.rfind(prefix, 0) == 0) {
      return value.substr(prefix.size(), value.find(';') - prefix.size());
    }
  }
  return {};
}

} // namespace argus::testing
