// SAML single sign-on (spec 01 §2 SSO, §7 GET /login/sso, GET /login/logout's slo_logout_url; docs/design/sso.md):
// starting a sign-in at the organization's identity provider, its answer at our assertion consumer, our metadata and
// the identity provider's answer to a sign-out.
#include <spdlog/spdlog.h>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/sign_in_answers.hpp"
#include "common/error.hpp"
#include "http/url.hpp"
#include "services/session_service.hpp"
#include "services/single_sign_on.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr const char* k_sso_error =
    "An error has occurred. Please double check the subdomain identifier and try again.";
constexpr const char* k_no_identifier = "Please enter an SSO identifier.";
constexpr const char* k_unavailable = "Single sign-on is not available.";

//! A path inside the portal ("/n/3/cameras?x=1"), never another site ("//evil", "/\\evil", "https://..."): "/n" else.
std::string portal_path(const std::string& path) {
  bool inside = path.size() > 1 && path.front() == '/' && path[1] != '/' && path[1] != '\\' &&
                path.find_first_of("\r\n\\") == std::string::npos && path.size() <= 2048;
  return inside ? path : "/n";
}

http::Response see_other(const std::string& location) {
  http::Response response;
  response.status = 303;
  response.content_type = "text/plain; charset=utf-8";
  response.body = "See " + location;
  response.add_header("Location", location);
  response.add_header("Cache-Control", "no-store");
  return response;
}

http::Response sso_failed(const char* reason) {
  return see_other(std::string("/login?sso_error=") + reason);
}

http::Response start_sso(ApiContext& context, const http::Request& request) {
  if (!context.single_sign_on)
    return http::Response::error(503, k_unavailable);
  auto identifier = request.query_param("id").value_or("");
  identifier.erase(0, identifier.find_first_not_of(" \t"));
  identifier.erase(identifier.find_last_not_of(" \t") + 1);
  if (identifier.empty())
    return http::Response::error(400, k_no_identifier);
  if (identifier.size() > 64)
    return http::Response::error(404, k_sso_error);
  try {
    auto url = context.single_sign_on->start(identifier, portal_path(request.query_param("return_to").value_or("/n")));
    auto response = http::Response::json({{"sp_saml_idp_auth_request", {{"saml_request_url", url}}}});
    response.add_header("Cache-Control", "no-store");
    return response;
  } catch (const Error& error) {
    if (error.kind() == Error::Kind::not_found)
      return http::Response::error(404, k_sso_error);
    if (error.kind() == Error::Kind::invalid_input) {
      spdlog::warn("single sign-on '{}' cannot start: {}", identifier, error.what());
      return http::Response::error(503, k_unavailable);
    }
    throw;
  }
}

//! The member the identity provider named, signed in to the organization; or the portal's error page.
http::Response sign_in_member(ApiContext& context, const http::Request& request,
                              const services::SingleSignOn::Verified& verified) {
  auto user = context.database.find_user_by_email(verified.name_id);
  auto memberships = user ? context.database.memberships_of_user(user->id) : std::vector<store::MembershipRecord>{};
  auto membership = std::find_if(memberships.begin(), memberships.end(), [&](const store::MembershipRecord& m) {
    return m.organization_id == verified.organization_id;
  });
  if (!user || membership == memberships.end() || membership->disabled) {
    spdlog::info("single sign-on of '{}' to organization {} refused: not an active member", verified.name_id,
                 verified.organization_id);
    if (user && membership != memberships.end())
      log_sign_in(context, request, *user, verified.organization_id, "sign_in_failed", "single sign-on: disabled");
    return sso_failed("not_member");
  }
  context.sessions.remove(session_cookie(request));
  auto session = context.sessions.create(user->id, verified.organization_id, user->min_idle_timeout_minutes, false);
  context.single_sign_on->remember_session(session.token, verified.organization_id, verified.session_dump);
  log_sign_in(context, request, *user, verified.organization_id, "sign_in", "sso");
  auto response = see_other(verified.return_to);
  response.add_header("Set-Cookie", services::SessionService::cookie_header(session.token, false, request.over_tls));
  return response;
}

http::Response consume_assertion(ApiContext& context, const http::Request& request) {
  if (!context.single_sign_on)
    return sso_failed("unavailable");
  auto form = http::parse_query(request.body);
  auto response_field = form.find("SAMLResponse");
  auto relay_state = form.find("RelayState");
  if (response_field == form.end() || relay_state == form.end())
    return sso_failed("invalid");
  try {
    return sign_in_member(context, request,
                          context.single_sign_on->finish(relay_state->second, response_field->second));
  } catch (const services::SingleSignOn::Failed& failed) {
    spdlog::warn("single sign-on answer refused: {}", failed.what());
    return sso_failed(failed.failure() == services::SingleSignOn::Failure::expired ? "expired" : "invalid");
  }
}

http::Response finish_sign_out(ApiContext& context, const http::Request& request) {
  if (context.single_sign_on) {
    auto question = request.target.find('?');
    auto query = question == std::string::npos ? std::string() : request.target.substr(question + 1);
    try {
      context.single_sign_on->finish_sign_out(request.query_param("RelayState").value_or(""), query);
    } catch (const services::SingleSignOn::Failed& failed) {
      spdlog::warn("single sign-out answer refused: {}", failed.what());
    }
  }
  return see_other("/login"); // the session ended when the sign-out started
}

} // namespace

void register_sso_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_public("GET", "/login/sso", [&context](http::Request& request) { return start_sso(context, request); });
  routes.add_public("GET", "/login/saml/metadata", [&context](http::Request&) {
    if (!context.single_sign_on)
      return http::Response::error(503, k_unavailable);
    auto response = http::Response::text(context.single_sign_on->metadata());
    response.content_type = "application/samlmetadata+xml";
    return response;
  });
  routes.add_cross_site_form("/login/saml/acs",
                             [&context](http::Request& request) { return consume_assertion(context, request); });
  routes.add_public("GET", "/login/saml/sls",
                    [&context](http::Request& request) { return finish_sign_out(context, request); });
}

} // namespace argus::api
