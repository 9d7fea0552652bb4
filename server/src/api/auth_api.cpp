// CSRF token, sign-in, sign-out, the session user, and the two idle-timer refresh calls.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/sign_in_answers.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "http/router.hpp"
#include "services/csrf_service.hpp"
#include "services/login_throttle.hpp"
#include "services/password_hasher.hpp"
#include "services/session_service.hpp"
#include "services/two_factor.hpp"
#include "services/two_factor_challenges.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr const char* k_wrong_credentials = "Incorrect e-mail or password.";

bool parse_remember(const nlohmann::json& body) {
  auto it = body.find("remember");
  if (it == body.end() || it->is_null())
    return false;
  if (it->is_boolean())
    return it->get<bool>();
  if (it->is_number_integer() && (it->get<std::int64_t>() == 0 || it->get<std::int64_t>() == 1)) {
    return it->get<std::int64_t>() == 1;
  }
  throw Error(Error::Kind::invalid_input, "remember must be 0 or 1");
}

http::Response login(ApiContext& context, http::Request& request) {
  auto body = parse_json_object(request);
  std::string email = required_string(body, "email");
  std::string password = required_string(body, "password");
  bool remember = parse_remember(body);

  auto attempt = context.throttle.begin(email, request.remote_address);
  if (!attempt.allowed())
    return throttled_answer(attempt.retry_after_ms());
  auto user = context.database.find_user_by_email(email);
  bool ok = context.hasher.verify_or_dummy(user ? std::optional(user->password_hash) : std::nullopt, password);
  if (!ok) {
    attempt.failed();
    spdlog::info("failed sign-in from {}", request.remote_address);
    return login_failure(401, nullptr, k_wrong_credentials);
  }
  attempt.succeeded();
  // A user with an authenticator proves it next (/login/two_factor/verify); no session until then.
  if (context.two_factor && context.two_factor_challenges && context.two_factor->state(user->id).enabled) {
    auto token = context.two_factor_challenges->create(user->id, remember);
    auto response = http::Response::json({{"success", false}, {"mode", "two_factor"}, {"error", nullptr}});
    response.add_header("Set-Cookie", services::TwoFactorChallenges::cookie_header(token, request.over_tls));
    return response;
  }
  return signed_in_answer(context, request, *user, remember);
}

} // namespace

void register_auth_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_public("GET", "/csrf/token", [&context](http::Request& request) {
    auto cookie_id = request.cookie(services::CsrfService::k_cookie_name);
    bool fresh = !cookie_id || cookie_id->empty();
    std::string id = fresh ? context.csrf.new_cookie_id() : *cookie_id;
    auto response = http::Response::json({{"csrf_token", context.csrf.token_for(id, session_cookie(request))}});
    if (fresh)
      response.add_header("Set-Cookie", services::CsrfService::cookie_header(id, request.over_tls));
    response.add_header("Cache-Control", "no-store");
    return response;
  });

  routes.add_public("POST", "/login/login", [&context](http::Request& request) { return login(context, request); });

  routes.add_public("GET", "/login/logout", [&context](http::Request& request) {
    context.sessions.remove(session_cookie(request));
    auto response = http::Response::json({{"slo_logout_url", nullptr}});
    response.add_header("Set-Cookie", services::SessionService::clear_cookie_header(request.over_tls));
    return response;
  });

  routes.add_session("GET", "/vision/user", [](http::Request&, const SessionContext& caller) {
    if (caller.user->user.password_expired)
      return http::Response::text("User password expired");
    return http::Response::json(user_json(caller));
  });

  routes.add_session("POST", "/manage/dashboard/keep_idle_timeout_alive",
                     [&context](http::Request&, const SessionContext& caller) {
                       if (!context.sessions.refresh(caller.token))
                         return RouteRegistrar::login_required();
                       return http::Response::text("OK");
                     });

  routes.add_session("POST", "/vision/session/refresh", [&context](http::Request&, const SessionContext& caller) {
    auto session = context.sessions.refresh(caller.token);
    if (!session)
      return RouteRegistrar::login_required();
    return http::Response::json({{"idle_timeout_ms", session->idle_timeout_ms},
                                 {"idle_expires_at_ms", services::SessionService::idle_expires_at_ms(*session)}});
  });
}

void register_api_routes(http::Router& router, ApiContext& context) {
  RouteRegistrar routes(router, context);
  register_auth_routes(routes, context);
  register_two_factor_routes(routes, context);
  register_organization_routes(routes, context);
  register_privilege_routes(routes, context);
  register_network_routes(routes, context);
  register_camera_routes(routes, context);
  register_camera_admin_routes(routes, context);
  register_live_routes(routes, context);
  register_history_routes(routes, context);
  register_motion_search_routes(routes, context);
  register_object_detection_routes(routes, context);
  register_similarity_routes(routes, context);
  register_wall_routes(routes, context);
  register_wall_rotation_routes(routes, context);
  register_event_log_routes(routes, context);
  register_client_telemetry_routes(routes, context);
  register_export_routes(routes, context);
  register_bookmark_routes(routes, context);
}

} // namespace argus::api
