#pragma once
// Argus as a SAML 2.0 service provider, on Entr'ouvert's lasso (which checks the XML signatures; nothing here parses
// or signs XML by hand). Stateless: each call builds lasso's objects from our endpoints, our credentials and the
// identity provider's metadata, so organizations can change their identity provider at any time. lasso is not known
// to be thread-safe; calls are serialized (sign-ins by SSO are rare next to the rest of the traffic).
//
//   saml::ServiceProvider sp({entity_id, acs_url, slo_url}, saml::load_or_create_sp_credentials(dir));
//   auto request = sp.sign_in_request(idp_metadata, relay_state);  // redirect the browser to request.redirect_url
//   auto signed_in = sp.verify_response(idp_metadata, saml_response, request.request_id, now_ms);  // at the ACS
//   signed_in.name_id;  // "ana@example.com"
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "saml/sp_credentials.hpp"

namespace argus::saml {

//! Where the identity provider reaches us.
struct SpEndpoints {
  std::string entity_id; // our metadata's address, e.g. "https://argus.example.com/login/saml/metadata"
  std::string acs_url;   // where the identity provider posts its answer (HTTP-POST binding)
  std::string slo_url;   // where it redirects after signing out (HTTP-Redirect binding)
};

//! Why an identity provider's answer was not accepted.
enum class Refusal {
  malformed,       // not a SAML response we can read, or no assertion or subject in it
  bad_signature,   // neither the response nor the assertion carries a valid signature of the identity provider
  not_success,     // the identity provider answered with an error status (e.g. the person cancelled)
  not_for_request, // InResponseTo is not the request we sent
  expired,         // outside the assertion's NotBefore..NotOnOrAfter (with a minute's tolerance)
  wrong_audience,  // the assertion is not restricted to us
  wrong_recipient, // the bearer confirmation names another address or has expired
};

class RefusedResponse : public std::runtime_error {
public:
  RefusedResponse(Refusal refusal, const std::string& detail) : std::runtime_error(detail), refusal_(refusal) {}
  Refusal refusal() const { return refusal_; }

private:
  Refusal refusal_;
};

//! What the identity provider's metadata says, once it parsed.
struct IdentityProviderInfo {
  std::string entity_id;
  bool signs_out = false; // has a SingleLogoutService with the HTTP-Redirect binding
};

struct SignInRequest {
  std::string redirect_url; // the identity provider's sign-in address with the signed AuthnRequest
  std::string request_id;   // the AuthnRequest's ID: the answer's InResponseTo must name it
};

struct VerifiedSignIn {
  std::string name_id;             // the subject's NameID, e.g. an e-mail address
  std::string name_id_format;      // e.g. urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress ("" when absent)
  std::string assertion_id;        // for replay detection
  std::int64_t valid_until_ms = 0; // the assertion's NotOnOrAfter (or a few minutes from now when it has none)
  std::string session_dump;        // lasso's session, needed to sign this person out at the identity provider
};

class ServiceProvider {
public:
  //! Tolerance for clock differences with the identity provider.
  static constexpr std::int64_t k_clock_skew_s = 60;

  ServiceProvider(SpEndpoints endpoints, SpCredentials credentials);

  //! Our SAML 2.0 metadata (entity id, signing certificate, ACS and SLO endpoints, e-mail NameID format).
  std::string metadata() const;
  const SpEndpoints& endpoints() const { return endpoints_; }

  //! Reads an identity provider's metadata; throws argus::Error(invalid_input) saying what is wrong with it.
  static IdentityProviderInfo describe_identity_provider(const std::string& idp_metadata);

  //! A signed AuthnRequest for the HTTP-Redirect binding, asking for an e-mail NameID; relay_state comes back with
  //! the answer. Throws argus::Error(invalid_input) for unusable metadata.
  SignInRequest sign_in_request(const std::string& idp_metadata, const std::string& relay_state) const;

  //! Checks a base64 SAMLResponse from the HTTP-POST binding: signature (lasso), status, InResponseTo, time conditions,
  //! audience, bearer recipient; throws RefusedResponse. Replays are the caller's to refuse (by assertion_id).
  VerifiedSignIn verify_response(const std::string& idp_metadata, const std::string& saml_response,
                                 const std::string& expected_request_id, std::int64_t now_ms) const;

  //! The identity provider's sign-out address with a signed LogoutRequest for the session (HTTP-Redirect), or
  //! nullopt when it has no such endpoint or the session cannot be read.
  std::optional<std::string> logout_request_url(const std::string& idp_metadata, const std::string& session_dump,
                                                const std::string& relay_state) const;

  //! Checks a LogoutResponse's query string (HTTP-Redirect): signature and status. Throws RefusedResponse.
  void verify_logout_response(const std::string& idp_metadata, const std::string& query) const;

private:
  SpEndpoints endpoints_;
  SpCredentials credentials_;
  std::string metadata_;
};

} // namespace argus::saml
