// SAML single sign-on end to end (issue 12): real argusd (--demo, which runs the demo identity provider
// tools/samlidp on lasso and gives organization 1 the SSO identifier "demo"), the browser's part played by HTTP
// clients: GET /login/sso, the identity provider's sign-in form, its auto-posted answer to our assertion consumer,
// then sign-out through the identity provider. Every refusal: tampered, expired, another audience, replayed, not a
// member, unknown identifier.
#include <sodium.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/curl_transfer.hpp"
#include "support/api_helpers.hpp"
#include "support/argusd_process.hpp"
#include "support/http_client.hpp"

namespace argus::testing {
namespace {

constexpr const char* k_sso_error =
    "An error has occurred. Please double check the subdomain identifier and try again.";

std::string form(const std::vector<std::pair<std::string, std::string>>& fields) {
  std::string body;
  for (const auto& [name, value] : fields)
    body += (body.empty() ? "" : "&") + services::url_encoded(name) + "=" + services::url_encoded(value);
  return body;
}

std::string html_unescaped(std::string text) {
  for (const auto& [entity, character] : std::vector<std::pair<std::string, std::string>>{
           {"&quot;", "\""}, {"&#x27;", "'"}, {"&#39;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
    for (auto at = text.find(entity); at != std::string::npos; at = text.find(entity, at + character.size()))
      text.replace(at, entity.size(), character);
  }
  return text;
}

//! The value of the named input in an HTML page ("" when absent).
std::string input_value(const std::string& html, const std::string& name) {
  std::smatch match;
  std::regex pattern("name=\"" + name + "\"[^>]*value=\"([^\"]*)\"");
  return std::regex_search(html, match, pattern) ? html_unescaped(match[1]) : "";
}

std::string base64_decoded(const std::string& text) {
  std::string out(text.size(), '\0');
  std::size_t length = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), "\n\r ",
                        &length, nullptr, sodium_base64_VARIANT_ORIGINAL) != 0)
    throw std::runtime_error("not base64");
  out.resize(length);
  return out;
}

std::string base64_encoded(const std::string& bytes) {
  std::string out(sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(std::strlen(out.c_str()));
  return out;
}

//! An http://127.0.0.1:PORT/path?query URL split into port and target.
std::pair<std::uint16_t, std::string> loopback_target(const std::string& url) {
  std::smatch match;
  static const std::regex k_url("^http://127\\.0\\.0\\.1:([0-9]+)(/.*)$");
  if (!std::regex_match(url, match, k_url))
    throw std::runtime_error("not a loopback URL: " + url);
  return {static_cast<std::uint16_t>(std::stoi(match[1])), match[2]};
}

//! The identity provider's answer, as its page would auto-post it.
struct IdpAnswer {
  std::string acs_url;
  std::string saml_response;
  std::string relay_state;
};

struct IdpSignInOptions {
  std::string audience;    // empty: the identity provider's default (us)
  std::string valid_for_s; // empty: its default
};

class SsoTest : public SharedArgusdTest {
protected:
  //! GET /login/sso for the identifier: the identity provider's address.
  std::string start_sso(HttpClient& browser, const std::string& identifier, const std::string& return_to = "") {
    auto answer = browser.get(api("/login/sso?method=get&id=" + identifier +
                                  (return_to.empty() ? "" : "&return_to=" + services::url_encoded(return_to))));
    EXPECT_EQ(answer.status, 200) << answer.body;
    return answer.json().at("sp_saml_idp_auth_request").at("saml_request_url").get<std::string>();
  }

  //! The identity provider's sign-in: its form, then the e-mail and password; answers the auto-posted form.
  IdpAnswer sign_in_at_idp(const std::string& idp_url, const std::string& email, const IdpSignInOptions& options = {}) {
    auto [port, target] = loopback_target(idp_url);
    HttpClient idp("127.0.0.1", port);
    auto page = idp.get(target);
    EXPECT_EQ(page.status, 200) << page.body;
    std::vector<std::pair<std::string, std::string>> fields = {
        {"email", email}, {"password", demo_password(server(), email)}, {"pending", input_value(page.body, "pending")}};
    if (!options.audience.empty())
      fields.emplace_back("audience", options.audience);
    if (!options.valid_for_s.empty())
      fields.emplace_back("valid_for_s", options.valid_for_s);
    auto posted =
        idp.request("POST", "/sso/login", form(fields), {{"Content-Type", "application/x-www-form-urlencoded"}});
    EXPECT_EQ(posted.status, 200) << posted.body;
    std::smatch action;
    std::regex_search(posted.body, action, std::regex("id=\"saml-response\"[^>]*action=\"([^\"]*)\""));
    return IdpAnswer{action.empty() ? "" : html_unescaped(action[1]), input_value(posted.body, "SAMLResponse"),
                     input_value(posted.body, "RelayState")};
  }

  //! The browser posting the identity provider's answer to our assertion consumer.
  HttpResponse post_to_acs(HttpClient& browser, const IdpAnswer& answer) {
    return browser.request("POST", api("/login/saml/acs"),
                           form({{"SAMLResponse", answer.saml_response}, {"RelayState", answer.relay_state}}),
                           {{"Content-Type", "application/x-www-form-urlencoded"}});
  }

  //! A full sign-in of the demo account through SSO "demo"; answers the assertion consumer's answer.
  HttpResponse sso_sign_in(HttpClient& browser, const std::string& email, const IdpSignInOptions& options = {},
                           const std::string& return_to = "") {
    auto answer = sign_in_at_idp(start_sso(browser, "demo", return_to), email, options);
    return post_to_acs(browser, answer);
  }
};

TEST_F(SsoTest, PublishesOurMetadataWithTheAssertionConsumerAndSigningCertificate) {
  auto client = server().client();
  auto metadata = client.get(api("/login/saml/metadata"));
  ASSERT_EQ(metadata.status, 200);
  EXPECT_EQ(metadata.header("content-type"), "application/samlmetadata+xml");
  EXPECT_NE(metadata.body.find("entityID=\"" + server().base_url() + "/n1/login/saml/metadata\""), std::string::npos);
  EXPECT_NE(metadata.body.find("Location=\"" + server().base_url() + "/n1/login/saml/acs\""), std::string::npos);
  EXPECT_NE(metadata.body.find("<ds:X509Certificate>"), std::string::npos);
}

TEST_F(SsoTest, SignsAMemberInAndReturnsToThePageTheSignInStartedFrom) {
  auto browser = server().client();
  auto answer = sso_sign_in(browser, "writer@argus.demo", {}, "/n/101/cameras?x=1");
  ASSERT_EQ(answer.status, 303) << answer.body;
  EXPECT_EQ(answer.header("location"), "/n/101/cameras?x=1");
  ASSERT_FALSE(set_cookie_for(answer, "argus_session").empty());
  auto user = browser.get(api("/vision/user"));
  ASSERT_EQ(user.status, 200) << user.body;
  EXPECT_EQ(user.json().value("email", ""), "writer@argus.demo");
}

TEST_F(SsoTest, NeverReturnsToAnotherSite) {
  auto browser = server().client();
  auto answer = sso_sign_in(browser, "writer@argus.demo", {}, "//evil.example/steal");
  ASSERT_EQ(answer.status, 303) << answer.body;
  EXPECT_EQ(answer.header("location"), "/n");
}

TEST_F(SsoTest, RefusesATamperedAssertionAndSignsNobodyIn) {
  auto browser = server().client();
  auto answer = sign_in_at_idp(start_sso(browser, "demo"), "viewer@argus.demo");
  auto xml = base64_decoded(answer.saml_response);
  auto at = xml.find("viewer@argus.demo");
  ASSERT_NE(at, std::string::npos);
  xml.replace(at, std::string("viewer@argus.demo").size(), "writer@argus.demo"); // raise oneself to an administrator
  answer.saml_response = base64_encoded(xml);
  auto refused = post_to_acs(browser, answer);
  ASSERT_EQ(refused.status, 303);
  EXPECT_EQ(refused.header("location"), "/login?sso_error=invalid");
  EXPECT_TRUE(set_cookie_for(refused, "argus_session").empty());
  EXPECT_TRUE(is_login_mode(browser.get(api("/vision/user"))));
}

TEST_F(SsoTest, RefusesAnExpiredAssertion) {
  auto browser = server().client();
  auto refused = sso_sign_in(browser, "writer@argus.demo", {.valid_for_s = "-600"});
  ASSERT_EQ(refused.status, 303);
  EXPECT_EQ(refused.header("location"), "/login?sso_error=expired");
  EXPECT_TRUE(is_login_mode(browser.get(api("/vision/user"))));
}

TEST_F(SsoTest, RefusesAnAssertionForAnotherAudience) {
  auto browser = server().client();
  auto refused = sso_sign_in(browser, "writer@argus.demo", {.audience = "https://another-service.example/"});
  ASSERT_EQ(refused.status, 303);
  EXPECT_EQ(refused.header("location"), "/login?sso_error=invalid");
  EXPECT_TRUE(is_login_mode(browser.get(api("/vision/user"))));
}

TEST_F(SsoTest, RefusesAReplayedAnswerWithItsOwnOrAFreshRelayState) {
  auto browser = server().client();
  auto answer = sign_in_at_idp(start_sso(browser, "demo"), "writer@argus.demo");
  ASSERT_EQ(post_to_acs(browser, answer).status, 303);

  auto attacker = server().client();
  auto again = post_to_acs(attacker, answer);
  EXPECT_EQ(again.header("location"), "/login?sso_error=expired");
  // Another sign-in's RelayState with the captured answer: it answers another request.
  auto fresh = sign_in_at_idp(start_sso(attacker, "demo"), "viewer@argus.demo");
  fresh.saml_response = answer.saml_response;
  auto replayed = post_to_acs(attacker, fresh);
  EXPECT_EQ(replayed.header("location"), "/login?sso_error=invalid");
  EXPECT_TRUE(is_login_mode(attacker.get(api("/vision/user"))));
}

TEST_F(SsoTest, AnswersTheSpecsErrorForAnUnknownOrMissingIdentifier) {
  auto browser = server().client();
  auto unknown = browser.get(api("/login/sso?method=get&id=nobody-here"));
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.json().at("errors").at(0), k_sso_error);
  auto missing = browser.get(api("/login/sso?method=get&id=%20"));
  EXPECT_EQ(missing.status, 400);
  EXPECT_EQ(missing.json().at("errors").at(0), "Please enter an SSO identifier.");
  auto garbage = post_to_acs(browser, IdpAnswer{"", "bm90IHNhbWw=", "no-such-sign-in"});
  EXPECT_EQ(garbage.header("location"), "/login?sso_error=expired");
  auto no_fields =
      browser.request("POST", api("/login/saml/acs"), "x=1", {{"Content-Type", "application/x-www-form-urlencoded"}});
  EXPECT_EQ(no_fields.header("location"), "/login?sso_error=invalid");
}

TEST_F(SsoTest, SignsOutAtTheIdentityProviderToo) {
  auto browser = server().client();
  ASSERT_EQ(sso_sign_in(browser, "writer@argus.demo").status, 303);
  prime_csrf(browser);
  auto logout = browser.get(api("/login/logout"));
  ASSERT_EQ(logout.status, 200) << logout.body;
  ASSERT_TRUE(logout.json().at("slo_logout_url").is_string()) << logout.body;
  EXPECT_TRUE(is_login_mode(browser.get(api("/vision/user"))));

  auto [port, target] = loopback_target(logout.json().at("slo_logout_url").get<std::string>());
  HttpClient idp("127.0.0.1", port);
  auto redirected = idp.get(target);
  ASSERT_EQ(redirected.status, 302) << redirected.body;
  auto back = loopback_target(redirected.header("location"));
  EXPECT_EQ(back.first, server().port());
  EXPECT_TRUE(back.second.starts_with("/n1/login/saml/sls?")) << back.second;
  auto done = browser.get(back.second);
  EXPECT_EQ(done.status, 303);
  EXPECT_EQ(done.header("location"), "/login");
  EXPECT_EQ(server().output().find("single sign-out answer refused"), std::string::npos) << server().output();

  auto password_session = signed_in(server(), "viewer@argus.demo");
  auto plain_logout = password_session.get(api("/login/logout"));
  EXPECT_TRUE(plain_logout.json().at("slo_logout_url").is_null());
}

TEST_F(SsoTest, RefusesSomeoneWhoIsNotAMemberOfTheOrganization) {
  // Organization 2 gets its own identifier with the same identity provider (argusd sso set, on the running server's
  // data); Wendy belongs to organization 1 only.
  auto browser = server().client();
  auto [port, target] = loopback_target(start_sso(browser, "demo"));
  HttpClient idp("127.0.0.1", port);
  auto metadata_file = server().data_dir() / "idp-metadata.xml";
  std::ofstream(metadata_file) << idp.get("/metadata").body;
  auto bad = run_argusd_cli({"sso", "set", "--data-dir", server().data_dir().string(), "--org-id", "2", "--identifier",
                             "Contoso", "--idp-metadata", metadata_file.string()});
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  auto not_metadata = server().data_dir() / "not-metadata.xml";
  std::ofstream(not_metadata) << "<html>not SAML</html>";
  auto refused = run_argusd_cli({"sso", "set", "--data-dir", server().data_dir().string(), "--org-id", "2",
                                 "--identifier", "contoso", "--idp-metadata", not_metadata.string()});
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  auto taken = run_argusd_cli({"sso", "set", "--data-dir", server().data_dir().string(), "--org-id", "2",
                               "--identifier", "demo", "--idp-metadata", metadata_file.string()});
  EXPECT_EQ(taken.exit_code, 1) << taken.output;
  EXPECT_EQ(browser.get(api("/login/sso?method=get&id=contoso")).status, 404); // nothing was stored

  auto set = run_argusd_cli({"sso", "set", "--data-dir", server().data_dir().string(), "--org-id", "2", "--identifier",
                             "contoso", "--idp-metadata", metadata_file.string()});
  ASSERT_EQ(set.exit_code, 0) << set.output;
  auto answer = sign_in_at_idp(start_sso(browser, "contoso"), "writer@argus.demo");
  auto not_member = post_to_acs(browser, answer);
  EXPECT_EQ(not_member.header("location"), "/login?sso_error=not_member");
  EXPECT_TRUE(is_login_mode(browser.get(api("/vision/user"))));
  auto removed = run_argusd_cli({"sso", "remove", "--data-dir", server().data_dir().string(), "--org-id", "2"});
  EXPECT_EQ(removed.exit_code, 0) << removed.output;
}

} // namespace
} // namespace argus::testing
