#include "api/route_registrar.hpp"

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "http/router.hpp"
#include "services/csrf_service.hpp"
#include "services/password_policy.hpp"
#include "services/session_service.hpp"

namespace argus::api {
namespace {

bool needs_csrf(const std::string& method) {
  return method != "GET" && method != "HEAD";
}

void check_csrf(const ApiContext& context, const http::Request& request) {
  if (!context.csrf.is_valid(request.cookie(services::CsrfService::k_cookie_name),
                             request.cookie(services::SessionService::k_cookie_name).value_or(""),
                             request.header(services::CsrfService::k_header_name))) {
    throw Error(Error::Kind::permission_denied, "Invalid CSRF token");
  }
}

} // namespace

http::Response RouteRegistrar::login_required() {
  return http::Response::json(
      {{"mode", "login"}, {"errors", nlohmann::json::array({"No user in session. Login required."})}}, 401);
}

std::optional<SessionContext> resolve_session(ApiContext& context, const http::Request& request) {
  auto token = request.cookie(services::SessionService::k_cookie_name);
  if (!token || token->empty())
    return std::nullopt;
  auto session = context.sessions.find(*token);
  if (!session)
    return std::nullopt;
  SessionContext caller{*token,           *session,         context.catalog.user(session->user_id), nullptr, nullptr,
                        context.shard_id, &context.database};
  if (!caller.user)
    return std::nullopt;
  caller.membership = caller.user->membership(session->organization_id);
  if (!caller.membership)
    return std::nullopt;
  caller.org = context.catalog.organization(session->organization_id);
  if (!caller.org)
    return std::nullopt;
  return caller;
}

SessionContext caller_in_org(ApiContext& context, const SessionContext& caller, std::int64_t organization_id) {
  if (organization_id == caller.org->organization.id)
    return caller;
  SessionContext other = caller;
  other.membership = caller.user->membership(organization_id);
  other.org = other.membership ? context.catalog.organization(organization_id) : nullptr;
  if (!other.org)
    throw Error(Error::Kind::not_found, "Organization not found");
  return other;
}

SessionContext caller_administering_org(ApiContext& context, const SessionContext& caller,
                                        std::int64_t organization_id) {
  auto in_org = caller_in_org(context, caller, organization_id);
  if (!in_org.membership->is_admin || !in_org.membership->is_org_write_admin)
    throw Error(Error::Kind::permission_denied, "Unable to complete action, please check your permission");
  return in_org;
}

void RouteRegistrar::add_public(const std::string& method, const std::string& pattern, PublicHandler handler) {
  bool csrf = needs_csrf(method);
  router_.add(method, pattern, [&context = context_, csrf, handler = std::move(handler)](http::Request& request) {
    if (csrf)
      check_csrf(context, request);
    return handler(request);
  });
}

void RouteRegistrar::add_cross_site_form(const std::string& pattern, PublicHandler handler) {
  router_.add("POST", pattern, std::move(handler));
}

void RouteRegistrar::add_signed_webhook(const std::string& pattern, PublicHandler handler) {
  router_.add("POST", pattern, std::move(handler));
}

void RouteRegistrar::add_session(const std::string& method, const std::string& pattern, ContextHandler handler) {
  add_session(method, pattern, [&context = context_, handler](http::Request& request, const SessionContext& caller) {
    return handler(context, request, caller);
  });
}

void RouteRegistrar::add_session(const std::string& method, const std::string& pattern, SessionHandler handler) {
  add_session_route(method, pattern, std::move(handler), false);
}

void RouteRegistrar::add_session_while_password_expired(const std::string& method, const std::string& pattern,
                                                        SessionHandler handler) {
  add_session_route(method, pattern, std::move(handler), true);
}

void RouteRegistrar::add_session_route(const std::string& method, const std::string& pattern, SessionHandler handler,
                                       bool serves_expired_password) {
  bool csrf = needs_csrf(method);
  router_.add(
      method, pattern,
      [&context = context_, csrf, serves_expired_password, handler = std::move(handler)](http::Request& request) {
        if (csrf)
          check_csrf(context, request);
        auto caller = resolve_session(context, request);
        if (!caller)
          return login_required();
        if (!serves_expired_password && password_expired(context, *caller))
          return http::Response::text("Please change your password.", 403);
        return handler(request, *caller);
      });
}

bool password_expired(ApiContext& context, const SessionContext& caller) {
  std::vector<std::optional<std::int64_t>> expiry_days;
  for (const auto& membership : caller.user->memberships) {
    if (auto org = context.catalog.organization(membership.organization_id))
      expiry_days.push_back(org->organization.password_expiry_days);
  }
  return services::PasswordPolicy::expired(caller.user->user, expiry_days, context.now_ms());
}

} // namespace argus::api
