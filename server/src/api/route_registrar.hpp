#pragma once
// Registers api routes with the checks every call needs, in one place: the CSRF token on every non-GET call (403
// before anything else runs) and, for session routes, the session (401 login mode when absent or expired) and a
// password that has not expired (403 'Please change your password.' except on the few routes that serve it).
#include <functional>
#include <string>

#include "api/api_context.hpp"
#include "http/request.hpp"
#include "http/response.hpp"

namespace argus::http {
class Router;
}

namespace argus::api {

using PublicHandler = std::function<http::Response(http::Request&)>;
using SessionHandler = std::function<http::Response(http::Request&, const SessionContext&)>;
//! A session handler written as a free function of the api context.
using ContextHandler = http::Response (*)(ApiContext&, const http::Request&, const SessionContext&);

class RouteRegistrar {
public:
  RouteRegistrar(http::Router& router, ApiContext& context) : router_(router), context_(context) {}

  //! A route that needs no session (CSRF still checked on non-GET).
  void add_public(const std::string& method, const std::string& pattern, PublicHandler handler);
  //! A POST that another site's page submits as a form (the SAML identity provider's answer): no CSRF token, no
  //! session; the handler must authenticate what it is sent.
  void add_cross_site_form(const std::string& pattern, PublicHandler handler);
  //! A POST another server sends with a signature of its own (an access-control partner's webhook): no CSRF token,
  //! no session; the handler must check the signature before anything else.
  void add_signed_webhook(const std::string& pattern, PublicHandler handler);
  //! A route that needs a live session whose password has not expired (an expired one answers 403 text 'Please
  //! change your password.').
  void add_session(const std::string& method, const std::string& pattern, SessionHandler handler);
  //! A route that needs a live session and also serves one whose password has expired (the user, changing the
  //! password, keeping the session alive).
  void add_session_while_password_expired(const std::string& method, const std::string& pattern,
                                          SessionHandler handler);
  //! A route that needs a live session, handled by a free function that also gets the api context.
  void add_session(const std::string& method, const std::string& pattern, ContextHandler handler);

  //! The 401 login-mode answer.
  static http::Response login_required();

private:
  void add_session_route(const std::string& method, const std::string& pattern, SessionHandler handler,
                         bool serves_expired_password);

  http::Router& router_;
  ApiContext& context_;
};

//! Whether the caller's password has expired (the user's flag, or an expiry policy of one of their organizations).
bool password_expired(ApiContext& context, const SessionContext& caller);

//! The session of a request, or nullopt when it has none (or it expired, or its user or organization is gone).
std::optional<SessionContext> resolve_session(ApiContext& context, const http::Request& request);

//! The caller as seen in another organization they belong to (for org-id routes); Error(not_found) otherwise.
SessionContext caller_in_org(ApiContext& context, const SessionContext& caller, std::int64_t organization_id);
//! The same for the organization's administration (users, privileges, access log): the caller must be an
//! administrator with the write right there (Error(permission_denied) otherwise).
SessionContext caller_administering_org(ApiContext& context, const SessionContext& caller,
                                        std::int64_t organization_id);

} // namespace argus::api
