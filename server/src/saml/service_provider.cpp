#include "saml/service_provider.hpp"

#include "saml/lasso_objects.hpp" // first: it includes lasso's own dependencies in the order C++ needs

#include <lasso/saml-2.0/saml2_helper.h>
#include <lasso/xml/saml-2.0/samlp2_authn_request.h>
#include <lasso/xml/saml-2.0/samlp2_response.h>

#include <cstdio>
#include <ctime>
#include <memory>
#include <mutex>
#include <string_view>

#include "common/error.hpp"

namespace argus::saml {
namespace {

constexpr const char* k_email_format = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

std::string xml_escape(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
    case '&':
      escaped += "&amp;";
      break;
    case '<':
      escaped += "&lt;";
      break;
    case '>':
      escaped += "&gt;";
      break;
    case '"':
      escaped += "&quot;";
      break;
    default:
      escaped += c;
    }
  }
  return escaped;
}

std::string make_metadata(const SpEndpoints& endpoints, const SpCredentials& credentials) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<md:EntityDescriptor xmlns:md=\"urn:oasis:names:tc:SAML:2.0:metadata\" "
         "xmlns:ds=\"http://www.w3.org/2000/09/xmldsig#\" entityID=\"" +
         xml_escape(endpoints.entity_id) +
         "\">\n"
         "  <md:SPSSODescriptor AuthnRequestsSigned=\"true\" WantAssertionsSigned=\"true\" "
         "protocolSupportEnumeration=\"urn:oasis:names:tc:SAML:2.0:protocol\">\n"
         "    <md:KeyDescriptor use=\"signing\"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>" +
         certificate_base64(credentials.certificate_pem) +
         "</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\n"
         "    <md:SingleLogoutService Binding=\"urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect\" Location=\"" +
         xml_escape(endpoints.slo_url) +
         "\"/>\n"
         "    <md:NameIDFormat>" +
         k_email_format +
         "</md:NameIDFormat>\n"
         "    <md:AssertionConsumerService Binding=\"urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST\" Location=\"" +
         xml_escape(endpoints.acs_url) +
         "\" index=\"0\" isDefault=\"true\"/>\n"
         "  </md:SPSSODescriptor>\n"
         "</md:EntityDescriptor>\n";
}

std::string text_or_empty(const char* text) {
  return text ? text : "";
}

//! SAML's xs:dateTime in UTC ("2026-11-29T11:20:00Z", optionally with fractional seconds), or -1.
time_t parse_saml_time(const char* text) {
  std::tm tm{};
  int consumed = 0;
  if (!text || std::sscanf(text, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                           &tm.tm_min, &tm.tm_sec, &consumed) != 6)
    return -1;
  std::string_view rest(text + consumed);
  if (!rest.empty() && rest.front() == '.')
    rest.remove_prefix(std::min(rest.find_first_not_of("0123456789", 1), rest.size()));
  if (rest != "Z")
    return -1;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return timegm(&tm);
}

RefusedResponse refused(Refusal refusal, const std::string& detail) {
  return RefusedResponse(refusal, detail);
}

//! The identity provider's assertion in a processed response (owned by the response).
LassoSaml2Assertion* first_assertion(LassoProfile* profile) {
  if (!LASSO_IS_SAMLP2_RESPONSE(profile->response))
    return nullptr;
  GList* assertions = LASSO_SAMLP2_RESPONSE(profile->response)->Assertion;
  if (!assertions || !LASSO_IS_SAML2_ASSERTION(assertions->data))
    return nullptr;
  return LASSO_SAML2_ASSERTION(assertions->data);
}

void check_conditions(LassoSaml2Assertion* assertion, const SpEndpoints& endpoints, std::int64_t now_ms) {
  auto now_s = static_cast<time_t>(now_ms / 1000);
  if (lasso_saml2_assertion_validate_time_checks(assertion, ServiceProvider::k_clock_skew_s, now_s) !=
      LASSO_SAML2_ASSERTION_VALID)
    throw refused(Refusal::expired, "the assertion is not valid at this time");
  if (!lasso_saml2_assertion_has_audience_restriction(assertion) ||
      lasso_saml2_assertion_validate_audience(assertion, endpoints.entity_id.c_str()) != LASSO_SAML2_ASSERTION_VALID)
    throw refused(Refusal::wrong_audience, "the assertion is not restricted to this service provider");
  auto* confirmation = lasso_saml2_assertion_get_subject_confirmation_data(assertion, FALSE);
  if (!confirmation)
    throw refused(Refusal::malformed, "the assertion has no bearer confirmation");
  if (text_or_empty(confirmation->Recipient) != endpoints.acs_url)
    throw refused(Refusal::wrong_recipient,
                  "the assertion is for another address: " + text_or_empty(confirmation->Recipient));
  if (confirmation->NotOnOrAfter) {
    time_t until = parse_saml_time(confirmation->NotOnOrAfter);
    if (until == -1 || now_s >= until + ServiceProvider::k_clock_skew_s)
      throw refused(Refusal::expired, "the assertion's bearer confirmation has expired");
  }
}

std::int64_t valid_until_ms(LassoSaml2Assertion* assertion, std::int64_t now_ms) {
  constexpr std::int64_t k_default_ms = 10 * 60 * 1000;
  auto* conditions = assertion->Conditions;
  if (!conditions || !conditions->NotOnOrAfter)
    return now_ms + k_default_ms;
  time_t until = parse_saml_time(conditions->NotOnOrAfter);
  return until == -1 ? now_ms + k_default_ms
                     : (static_cast<std::int64_t>(until) + ServiceProvider::k_clock_skew_s) * 1000;
}

} // namespace

ServiceProvider::ServiceProvider(SpEndpoints endpoints, SpCredentials credentials)
    : endpoints_(std::move(endpoints)), credentials_(std::move(credentials)),
      metadata_(make_metadata(endpoints_, credentials_)) {}

std::string ServiceProvider::metadata() const {
  return metadata_;
}

IdentityProviderInfo ServiceProvider::describe_identity_provider(const std::string& idp_metadata) {
  std::lock_guard lock(lasso_mutex());
  auto provider = identity_provider_from_metadata(idp_metadata);
  IdentityProviderInfo info;
  info.entity_id = provider->ProviderID;
  auto* logout = lasso_provider_get_metadata_one(provider.get(), "SingleLogoutService HTTP-Redirect");
  info.signs_out = logout != nullptr;
  g_free(logout);
  return info;
}

SignInRequest ServiceProvider::sign_in_request(const std::string& idp_metadata, const std::string& relay_state) const {
  std::lock_guard lock(lasso_mutex());
  auto server = make_server(metadata_, credentials_, idp_metadata);
  GObjectPtr<LassoLogin> login(lasso_login_new(server.server.get()));
  auto* profile = LASSO_PROFILE(login.get());
  check_lasso(lasso_login_init_authn_request(login.get(), server.idp_entity_id.c_str(), LASSO_HTTP_METHOD_REDIRECT),
              "starting the sign-in request");
  auto* request = LASSO_SAMLP2_AUTHN_REQUEST(profile->request);
  g_free(request->NameIDPolicy->Format);
  request->NameIDPolicy->Format = g_strdup(k_email_format);
  request->NameIDPolicy->AllowCreate = TRUE;
  g_free(request->ProtocolBinding);
  request->ProtocolBinding = g_strdup(LASSO_SAML2_METADATA_BINDING_POST);
  g_free(request->AssertionConsumerServiceURL);
  request->AssertionConsumerServiceURL = g_strdup(endpoints_.acs_url.c_str());
  g_free(profile->msg_relayState);
  profile->msg_relayState = g_strdup(relay_state.c_str());
  check_lasso(lasso_login_build_authn_request_msg(login.get()), "building the sign-in request");
  return SignInRequest{text_or_empty(profile->msg_url), text_or_empty(LASSO_SAMLP2_REQUEST_ABSTRACT(request)->ID)};
}

VerifiedSignIn ServiceProvider::verify_response(const std::string& idp_metadata, const std::string& saml_response,
                                                const std::string& expected_request_id, std::int64_t now_ms) const {
  std::lock_guard lock(lasso_mutex());
  auto server = make_server(metadata_, credentials_, idp_metadata);
  GObjectPtr<LassoLogin> login(lasso_login_new(server.server.get()));
  auto* profile = LASSO_PROFILE(login.get());
  lasso_profile_set_signature_verify_hint(profile, LASSO_PROFILE_SIGNATURE_VERIFY_HINT_MAYBE);
  std::string message = saml_response; // lasso takes a non-const pointer
  int rc = lasso_login_process_authn_response_msg(login.get(), message.data());
  if (rc == LASSO_PROFILE_ERROR_CANNOT_VERIFY_SIGNATURE || rc == LASSO_DS_ERROR_SIGNATURE_NOT_FOUND ||
      rc == LASSO_DS_ERROR_INVALID_SIGNATURE || rc == LASSO_SERVER_ERROR_PROVIDER_NOT_FOUND ||
      rc == LASSO_PROFILE_ERROR_MISSING_ISSUER)
    throw refused(Refusal::bad_signature, lasso_strerror(rc));
  if (rc == LASSO_LOGIN_ERROR_STATUS_NOT_SUCCESS || rc == LASSO_LOGIN_ERROR_REQUEST_DENIED ||
      rc == LASSO_LOGIN_ERROR_UNKNOWN_PRINCIPAL || rc == LASSO_LOGIN_ERROR_FEDERATION_NOT_FOUND)
    throw refused(Refusal::not_success, lasso_strerror(rc));
  if (rc != 0)
    throw refused(Refusal::malformed, lasso_strerror(rc));

  auto* assertion = first_assertion(profile);
  if (!assertion || !assertion->Subject || !assertion->Subject->NameID || !assertion->Subject->NameID->content)
    throw refused(Refusal::malformed, "the response has no assertion with a subject");
  auto response_in_response_to = text_or_empty(LASSO_SAMLP2_STATUS_RESPONSE(profile->response)->InResponseTo);
  auto in_response_to = text_or_empty(lasso_saml2_assertion_get_in_response_to(assertion));
  if (expected_request_id.empty() || in_response_to != expected_request_id ||
      (!response_in_response_to.empty() && response_in_response_to != expected_request_id))
    throw refused(Refusal::not_for_request, "the answer is not for our sign-in request");
  check_conditions(assertion, endpoints_, now_ms);

  VerifiedSignIn signed_in;
  signed_in.name_id = assertion->Subject->NameID->content;
  signed_in.name_id_format = text_or_empty(assertion->Subject->NameID->Format);
  signed_in.assertion_id = text_or_empty(assertion->ID);
  signed_in.valid_until_ms = valid_until_ms(assertion, now_ms);
  if (signed_in.assertion_id.empty())
    throw refused(Refusal::malformed, "the assertion has no ID");
  rc = lasso_login_accept_sso(login.get());
  if (rc != 0)
    throw refused(Refusal::malformed, lasso_strerror(rc));
  if (auto* session = lasso_profile_get_session(profile)) {
    GCharPtr dump(lasso_session_dump(session));
    signed_in.session_dump = text_or_empty(dump.get());
  }
  return signed_in;
}

std::optional<std::string> ServiceProvider::logout_request_url(const std::string& idp_metadata,
                                                               const std::string& session_dump,
                                                               const std::string& relay_state) const {
  std::lock_guard lock(lasso_mutex());
  auto server = make_server(metadata_, credentials_, idp_metadata);
  GObjectPtr<LassoLogout> logout(lasso_logout_new(server.server.get()));
  auto* profile = LASSO_PROFILE(logout.get());
  if (lasso_profile_set_session_from_dump(profile, session_dump.c_str()) != 0)
    return std::nullopt;
  if (lasso_logout_init_request(logout.get(), server.idp_entity_id.data(), LASSO_HTTP_METHOD_REDIRECT) != 0)
    return std::nullopt;
  g_free(profile->msg_relayState);
  profile->msg_relayState = g_strdup(relay_state.c_str());
  if (lasso_logout_build_request_msg(logout.get()) != 0 || !profile->msg_url)
    return std::nullopt;
  return std::string(profile->msg_url);
}

void ServiceProvider::verify_logout_response(const std::string& idp_metadata, const std::string& query) const {
  std::lock_guard lock(lasso_mutex());
  auto server = make_server(metadata_, credentials_, idp_metadata);
  GObjectPtr<LassoLogout> logout(lasso_logout_new(server.server.get()));
  lasso_profile_set_signature_verify_hint(LASSO_PROFILE(logout.get()), LASSO_PROFILE_SIGNATURE_VERIFY_HINT_FORCE);
  std::string message = query;
  int rc = lasso_logout_process_response_msg(logout.get(), message.data());
  if (rc == LASSO_PROFILE_ERROR_CANNOT_VERIFY_SIGNATURE || rc == LASSO_DS_ERROR_INVALID_SIGNATURE ||
      rc == LASSO_DS_ERROR_SIGNATURE_NOT_FOUND)
    throw refused(Refusal::bad_signature, lasso_strerror(rc));
  if (rc != 0)
    throw refused(Refusal::not_success, lasso_strerror(rc));
}

} // namespace argus::saml
