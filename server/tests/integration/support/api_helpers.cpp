#include "support/api_helpers.hpp"

#include <algorithm>
#include <regex>
#include <stdexcept>

namespace argus::testing {

std::string prime_csrf(HttpClient& client) {
  auto response = client.get(api("/csrf/token"));
  if (response.status != 200)
    throw std::runtime_error("GET /csrf/token answered " + std::to_string(response.status) + ": " + response.body);
  auto token = response.json().at("csrf_token").get<std::string>();
  client.set_default_header("X-CSRF-Token", token);
  return token;
}

std::string demo_password(const ArgusdProcess& server, const std::string& email) {
  for (const auto& account : server.demo_credentials()) {
    if (account.at("email") == email)
      return account.at("password").get<std::string>();
  }
  throw std::runtime_error("no demo account " + email);
}

HttpResponse sign_in(HttpClient& client, const std::string& email, const std::string& password, int remember) {
  prime_csrf(client);
  auto response =
      client.post_json(api("/login/login"), {{"email", email}, {"password", password}, {"remember", remember}});
  // A user of several organizations chooses one (mode org_choose): the one with the lowest id, as sign-in did before.
  auto answer = nlohmann::json::parse(response.body, nullptr, false);
  if (response.status == 200 && answer.is_object() && answer.value("mode", nlohmann::json()) == "org_choose") {
    const auto& orgs = answer.at("orgs");
    auto first =
        std::min_element(orgs.begin(), orgs.end(), [](const auto& a, const auto& b) { return a["id"] < b["id"]; });
    response = client.post_json(api("/login/org_choose"), {{"eid", first->at("eid")}});
  }
  // Sign-in issues a new CSRF cookie bound to the new session; like the portal, fetch its token before the next call.
  if (response.status == 200)
    prime_csrf(client);
  return response;
}

HttpClient signed_in(const ArgusdProcess& server, const std::string& email, int remember) {
  auto client = server.client();
  auto response = sign_in(client, email, demo_password(server, email), remember);
  if (response.status != 200 || !client.cookies().count("argus_session"))
    throw std::runtime_error("sign-in of " + email + " answered " + std::to_string(response.status) + ": " +
                             response.body);
  return client;
}

std::string set_cookie_for(const HttpResponse& response, const std::string& name) {
  for (const auto& [header, value] : response.headers) {
    if (header == "set-cookie" && value.rfind(name + "=", 0) == 0)
      return value;
  }
  return {};
}

::testing::AssertionResult is_error_body(const HttpResponse& response) {
  auto body = nlohmann::json::parse(response.body, nullptr, false);
  if (body.is_discarded() || !body.is_object())
    return ::testing::AssertionFailure() << "not a JSON object: " << response.body;
  auto errors = body.find("errors");
  if (errors == body.end() || !errors->is_array() || errors->empty())
    return ::testing::AssertionFailure() << "no non-empty errors array: " << response.body;
  for (const auto& message : *errors) {
    if (!message.is_string() || message.get<std::string>().empty())
      return ::testing::AssertionFailure() << "an error that is not a non-empty string: " << response.body;
  }
  if (response.header("content-type").rfind("application/json", 0) != 0)
    return ::testing::AssertionFailure() << "content type " << response.header("content-type");
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult is_login_mode(const HttpResponse& response) {
  if (response.status != 401)
    return ::testing::AssertionFailure() << "status " << response.status << ": " << response.body;
  auto body = nlohmann::json::parse(response.body, nullptr, false);
  nlohmann::json expected = {{"mode", "login"}, {"errors", {k_login_required}}};
  if (body != expected)
    return ::testing::AssertionFailure() << "body " << response.body;
  return ::testing::AssertionSuccess();
}

std::vector<std::int64_t> ids_of(const nlohmann::json& items) {
  std::vector<std::int64_t> ids;
  for (const auto& item : items)
    ids.push_back(item.at("id").get<std::int64_t>());
  return ids;
}

std::uint16_t demo_inbox_port(const ArgusdProcess& server) {
  std::smatch match;
  auto output = server.output();
  if (!std::regex_search(output, match, std::regex("Demo inbox[^\\n]*http://127\\.0\\.0\\.1:([0-9]+)/")))
    return 0;
  return static_cast<std::uint16_t>(std::stoi(match[1]));
}

} // namespace argus::testing
