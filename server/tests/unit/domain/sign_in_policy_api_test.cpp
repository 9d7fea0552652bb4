// The organization's sign-in policy through the API on a real SQLite store (issue 12): org-write administrators read
// and replace password expiry, required two-factor and SAML single sign-on as one document; every bad field is a 400
// and nothing changes; other members and organizations are refused; a required two-factor sends members without a
// second factor of their own an e-mailed code at sign-in; the change is in the access log.
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "recording_sender.hpp"
#include "saml/sp_credentials.hpp"
#include "services/sign_in_codes.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr const char* k_policy = "/n1/api/v1/organizations/1/sign_in_policy";

//! SAML 2.0 metadata of an identity provider with a real (throw-away) signing certificate.
std::string idp_metadata(const std::string& entity_id, bool with_logout) {
  auto dir = std::filesystem::temp_directory_path() / ("argus-idp-" + std::to_string(::getpid()));
  auto certificate = saml::certificate_base64(saml::load_or_create_sp_credentials(dir).certificate_pem);
  std::filesystem::remove_all(dir);
  return "<md:EntityDescriptor xmlns:md=\"urn:oasis:names:tc:SAML:2.0:metadata\" "
         "xmlns:ds=\"http://www.w3.org/2000/09/xmldsig#\" entityID=\"" +
         entity_id +
         "\"><md:IDPSSODescriptor protocolSupportEnumeration=\"urn:oasis:names:tc:SAML:2.0:protocol\">"
         "<md:KeyDescriptor use=\"signing\"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>" +
         certificate + "</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>" +
         (with_logout ? "<md:SingleLogoutService Binding=\"urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect\" "
                        "Location=\"https://idp.example.com/slo\"/>"
                      : "") +
         "<md:SingleSignOnService Binding=\"urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect\" "
         "Location=\"https://idp.example.com/sso\"/></md:IDPSSODescriptor></md:EntityDescriptor>";
}

class SignInPolicyApiTest : public ::testing::Test {
protected:
  void SetUp() override { writer_ = api_.sign_in("writer@argus.demo"); }

  http::Response put(const json& body, const std::string& session = "") {
    return api_.call(api_.request("PUT", k_policy, body.dump()), session.empty() ? writer_ : session);
  }
  json policy() {
    auto answer = api_.call(api_.request("GET", k_policy), writer_);
    EXPECT_EQ(answer.status, 200) << answer.body;
    return body_of(answer);
  }

  ApiHarness api_;
  std::string writer_;
};

TEST_F(SignInPolicyApiTest, AnAdministratorReadsAndReplacesThePolicyAndTheChangeIsLogged) {
  auto initial = policy();
  EXPECT_TRUE(initial["password_expiry_days"].is_null());
  EXPECT_EQ(initial["require_two_factor"], false);
  EXPECT_TRUE(initial["sso"].is_null());

  auto metadata = idp_metadata("https://idp.example.com/metadata", true);
  auto answer = put({{"password_expiry_days", 90},
                     {"require_two_factor", true},
                     {"sso", {{"identifier", "northwind"}, {"idp_metadata", metadata}}}});
  ASSERT_EQ(answer.status, 200) << answer.body;
  auto stored = policy();
  EXPECT_EQ(stored["password_expiry_days"], 90);
  EXPECT_EQ(stored["require_two_factor"], true);
  EXPECT_EQ(stored["sso"]["identifier"], "northwind");
  EXPECT_EQ(stored["sso"]["idp_entity_id"], "https://idp.example.com/metadata");
  EXPECT_EQ(stored["sso"]["idp_signs_out"], true);
  EXPECT_EQ(body_of(answer), stored);

  // The metadata may be left out to keep it; sso null removes single sign-on.
  ASSERT_EQ(
      put({{"password_expiry_days", nullptr}, {"require_two_factor", false}, {"sso", {{"identifier", "nw"}}}}).status,
      200);
  EXPECT_EQ(policy()["sso"]["idp_entity_id"], "https://idp.example.com/metadata");
  EXPECT_EQ(policy()["sso"]["identifier"], "nw");
  ASSERT_EQ(put({{"password_expiry_days", nullptr}, {"require_two_factor", false}, {"sso", nullptr}}).status, 200);
  EXPECT_TRUE(policy()["sso"].is_null());
  EXPECT_FALSE(api_.database.find_sso_of_organization(1));

  auto log = body_of(api_.call(
      api_.request("GET", "/n1/api/v1/organizations/1/access_log?kinds=sign_in_policy_changed"), writer_))["entries"];
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[2]["detail"], "password expiry 90 days; two-factor required; SSO 'northwind' (new metadata)");
  EXPECT_EQ(log[0]["detail"], "passwords never expire; two-factor not required; no SSO");
}

TEST_F(SignInPolicyApiTest, BadInputIsRefusedWithItsReasonAndNothingChanges) {
  ASSERT_EQ(put({{"password_expiry_days", 30}, {"require_two_factor", false}, {"sso", nullptr}}).status, 200);
  auto before = policy();
  auto good_metadata = idp_metadata("https://idp.example.com/metadata", false);
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"password_expiry_days", 0}, {"require_two_factor", true}, {"sso", nullptr}}, "from 1 to 3650"},
      {{{"password_expiry_days", 3651}, {"require_two_factor", true}, {"sso", nullptr}}, "from 1 to 3650"},
      {{{"password_expiry_days", "90"}, {"require_two_factor", true}, {"sso", nullptr}}, "from 1 to 3650"},
      {{{"password_expiry_days", 1.5}, {"require_two_factor", true}, {"sso", nullptr}}, "from 1 to 3650"},
      {{{"password_expiry_days", 90}, {"require_two_factor", "yes"}, {"sso", nullptr}}, "true or false"},
      {{{"password_expiry_days", 90}, {"require_two_factor", true}}, "are required"},
      {{{"password_expiry_days", 90}, {"require_two_factor", true}, {"sso", nullptr}, {"admin", true}},
       "Unknown field"},
      {{{"password_expiry_days", 90}, {"require_two_factor", true}, {"sso", "acme"}}, "an object with an identifier"},
      {{{"password_expiry_days", 90},
        {"require_two_factor", true},
        {"sso", {{"identifier", "Bad Name"}, {"idp_metadata", good_metadata}}}},
       "lower-case letters"},
      {{{"password_expiry_days", 90}, {"require_two_factor", true}, {"sso", {{"identifier", "acme"}}}},
       "metadata is required"},
      {{{"password_expiry_days", 90},
        {"require_two_factor", true},
        {"sso", {{"identifier", "acme"}, {"idp_metadata", "<html>not SAML</html>"}}}},
       "IDPSSODescriptor"},
      {{{"password_expiry_days", 90},
        {"require_two_factor", true},
        {"sso", {{"identifier", "acme"}, {"idp_metadata", std::string(300 * 1024, ' ')}}}},
       "larger than 256 KB"},
  };
  for (const auto& [body, reason] : cases) {
    auto answer = put(body);
    EXPECT_EQ(answer.status, 400) << body.dump().substr(0, 200);
    EXPECT_NE(answer.body.find(reason), std::string::npos) << answer.body;
  }
  EXPECT_EQ(policy(), before);
}

TEST_F(SignInPolicyApiTest, AnIdentifierAnotherOrganizationHasIsAConflict) {
  api_.database.put_organization_sso({2, "contoso", idp_metadata("https://idp.contoso.example/", false), 1});
  auto answer =
      put({{"password_expiry_days", nullptr},
           {"require_two_factor", false},
           {"sso", {{"identifier", "contoso"}, {"idp_metadata", idp_metadata("https://idp.example/", false)}}}});
  EXPECT_EQ(answer.status, 409) << answer.body;
  EXPECT_TRUE(policy()["sso"].is_null());
}

TEST_F(SignInPolicyApiTest, OnlyTheOrganizationsWriteAdministratorsReachIt) {
  json body{{"password_expiry_days", 1}, {"require_two_factor", true}, {"sso", nullptr}};
  auto viewer = api_.sign_in("viewer@argus.demo");
  EXPECT_EQ(api_.call(api_.request("GET", k_policy), viewer).status, 403);
  EXPECT_EQ(put(body, viewer).status, 403);
  auto admin = api_.sign_in("monitor@argus.demo"); // administrator without the write right
  EXPECT_EQ(put(body, admin).status, 403);
  auto other_org = api_.call(api_.request("PUT", "/n1/api/v1/organizations/2/sign_in_policy", body.dump()), writer_);
  EXPECT_TRUE(other_org.status == 403 || other_org.status == 404) << other_org.status;
  EXPECT_TRUE(policy()["password_expiry_days"].is_null());
}

TEST_F(SignInPolicyApiTest, RequiredTwoFactorSendsMembersWithoutASecondFactorAnEmailedCode) {
  RecordingSender mail;
  RecordingSender sms;
  services::SignInCodes codes({&mail, &sms}, [this] { return api_.now_ms; });
  api_.context.sign_in_codes = &codes;
  ASSERT_EQ(put({{"password_expiry_days", nullptr}, {"require_two_factor", true}, {"sso", nullptr}}).status, 200);

  json credentials{{"email", "viewer@argus.demo"}, {"password", api_.password_of("viewer@argus.demo")}};
  auto answer = api_.call(api_.request("POST", "/n1/login/login", credentials.dump()));
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(body_of(answer)["mode"], "one_time_password");
  EXPECT_EQ(cookie_value(answer, "argus_session"), "") << "no session before the code";
  ASSERT_EQ(mail.sent.size(), 1u);
  EXPECT_EQ(mail.sent[0].to, "viewer@argus.demo");

  ASSERT_EQ(put({{"password_expiry_days", nullptr}, {"require_two_factor", false}, {"sso", nullptr}}).status, 200);
  answer = api_.call(api_.request("POST", "/n1/login/login", credentials.dump()));
  EXPECT_EQ(body_of(answer)["success"], true) << answer.body;
}

} // namespace
} // namespace argus::testing
