#pragma once
// SAML single sign-on for organizations (issue 12; spec 01 §2 SSO, §7 GET /login/sso): the sign-ins on their way to
// an organization's identity provider, the answers coming back, and signing SSO sessions out there. The SAML itself is
// saml::ServiceProvider's (lasso); this keeps what is between the calls, in memory and thread-safe:
// - a started sign-in: a random RelayState token → organization, AuthnRequest ID and the portal path to return to,
//   spent by its answer and gone after 10 minutes;
// - assertion IDs already accepted, until they expire (a replayed answer is refused);
// - per SSO session, lasso's session, so that signing out also signs out at the identity provider.
// Restarting argusd forgets them: sign-ins under way start again, and SSO sessions then sign out locally only.
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

#include "saml/service_provider.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

class SingleSignOn {
public:
  static constexpr std::int64_t k_request_lifetime_ms = 10 * 60 * 1000;
  static constexpr std::size_t k_max_pending = 10'000;

  //! Why an answer from an identity provider did not sign anyone in; the portal's /login?sso_error= names.
  enum class Failure { invalid, expired };
  class Failed : public std::runtime_error {
  public:
    Failed(Failure failure, const std::string& detail) : std::runtime_error(detail), failure_(failure) {}
    Failure failure() const { return failure_; }

  private:
    Failure failure_;
  };

  struct Verified {
    std::int64_t organization_id = 0;
    std::string name_id;   // who the identity provider says this is (an e-mail address)
    std::string return_to; // the portal path the sign-in started from
    std::string session_dump;
  };

  SingleSignOn(store::Database& database, saml::ServiceProvider provider, std::function<std::int64_t()> now_ms);

  //! Our SAML metadata for identity providers.
  std::string metadata() const { return provider_.metadata(); }
  const saml::SpEndpoints& endpoints() const { return provider_.endpoints(); }

  //! The identity provider's address to send the browser to. Throws argus::Error(not_found) for an unknown
  //! identifier, Error(rate_limited) when too many sign-ins are under way, Error(invalid_input) when the
  //! organization's metadata is unusable.
  std::string start(std::string_view identifier, const std::string& return_to);

  //! Checks the identity provider's answer for the started sign-in named by relay_state (spent either way). Throws
  //! Failed: expired for an unknown, spent or late sign-in or a replayed assertion, invalid for anything else.
  Verified finish(const std::string& relay_state, const std::string& saml_response);

  //! Keeps lasso's session of a session just signed in by SSO, for sign_out_url.
  void remember_session(const std::string& session_token, std::int64_t organization_id, std::string session_dump);
  //! The identity provider's sign-out address for the session (and forgets it), or nullopt for a session that was not
  //! signed in by SSO or whose identity provider has no sign-out endpoint.
  std::optional<std::string> sign_out_url(const std::string& session_token);
  //! Checks the identity provider's answer to a sign-out we sent (the whole query string of the HTTP-Redirect binding
  //! and its RelayState); throws Failed.
  void finish_sign_out(const std::string& relay_state, const std::string& query);

private:
  struct Started {
    std::int64_t organization_id = 0;
    std::string request_id;
    std::string return_to;
    std::int64_t expires_ms = 0;
  };
  struct SsoSession {
    std::int64_t organization_id = 0;
    std::string session_dump;
    std::int64_t started_ms = 0;
  };

  std::optional<Started> take(std::unordered_map<std::string, Started>& pending, const std::string& relay_state);
  void add(std::unordered_map<std::string, Started>& pending, const std::string& relay_state, Started started);
  void remember_assertion(const std::string& assertion_id, std::int64_t valid_until_ms);
  void drop_expired(std::int64_t now_ms);

  store::Database& database_;
  saml::ServiceProvider provider_;
  std::function<std::int64_t()> now_ms_;
  std::mutex mutex_;
  std::unordered_map<std::string, Started> started_;        // by RelayState token
  std::map<std::string, std::int64_t> accepted_assertions_; // assertion ID → until when it is remembered
  std::unordered_map<std::string, SsoSession> sessions_;    // by session token digest
  std::unordered_map<std::string, Started> signing_out_;    // by RelayState token (request_id unused)
};

} // namespace argus::services
