// CSRF token, sign-in, sign-out, the session user, and the two idle-timer refresh calls.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/request_parsing.hpp"
#include "api/route_registrar.hpp"
#include "api/second_factor_step.hpp"
#include "api/sign_in_answers.hpp"
#include "common/error.hpp"
#include "http/router.hpp"
#include "services/csrf_service.hpp"
#include "services/login_throttle.hpp"
#include "services/password_hasher.hpp"
#include "services/proof_of_work_captcha.hpp"
#include "services/session_service.hpp"
#include "services/single_sign_on.hpp"
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

// The captcha solution of a sign-in, when the body carries one of ours.
std::optional<std::string> submitted_captcha(const nlohmann::json& body) {
  auto provider = body.find("mki_captcha_provider_id");
  auto response = body.find("mki_captcha_provider_response");
  if (provider == body.end() || response == body.end() || !provider->is_string() || !response->is_string() ||
      *provider != services::ProofOfWorkCaptcha::k_provider_id)
    return std::nullopt;
  return response->get<std::string>();
}

// 429 in captcha mode: the throttle's answer with a new challenge to solve instead of waiting.
http::Response captcha_answer(ApiContext& context, std::int64_t retry_after_ms, bool captcha_was_sent) {
  auto response = throttled_answer(retry_after_ms, captcha_was_sent ? k_captcha_not_accepted : nullptr);
  if (!context.captcha)
    return response;
  auto body = nlohmann::json::parse(response.body);
  body["captcha"] = captcha_json(context.captcha->issue());
  auto with_challenge = http::Response::json(body, 429);
  for (const auto& [name, value] : response.headers) {
    if (name == "Retry-After")
      with_challenge.add_header(name, value);
  }
  return with_challenge;
}

http::Response login(ApiContext& context, http::Request& request) {
  auto body = parse_json_object(request);
  std::string email = required_string(body, "email");
  std::string password = required_string(body, "password");
  bool remember = parse_remember(body);

  // A solved captcha (spec 01 §7: captcha_shown, mki_captcha_provider_id, mki_captcha_provider_response) stands in
  // for waiting out the throttle's delay.
  const auto captcha = submitted_captcha(body);
  const bool captcha_solved = captcha && context.captcha && context.captcha->verify(*captcha);
  auto attempt = context.throttle.begin(email, request.remote_address, captcha_solved);
  if (!attempt.allowed())
    return captcha_answer(context, attempt.retry_after_ms(), captcha.has_value());
  auto user = context.database.find_user_by_email(email);
  bool ok = context.hasher.verify_or_dummy(user ? std::optional(user->password_hash) : std::nullopt, password);
  if (!ok) {
    attempt.failed();
    spdlog::info("failed sign-in from {}", request.remote_address);
    if (user) {
      for (const auto& membership : context.database.memberships_of_user(user->id))
        log_sign_in(context, request, *user, membership.organization_id, "sign_in_failed", "wrong password");
    }
    return login_failure(401, nullptr, k_wrong_credentials);
  }
  attempt.succeeded();
  // A user with a second factor proves it next (an authenticator or a sent code); no session until then.
  if (auto step = second_factor_step(context, request, *user, remember))
    return std::move(*step);
  return sign_in_or_choose_org(context, request, *user, remember);
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

  routes.add_public("GET", "/login/captcha", [&context](http::Request&) {
    if (!context.captcha)
      throw Error(Error::Kind::unavailable, "The captcha is not available.");
    auto response = http::Response::json(captcha_json(context.captcha->issue()));
    response.add_header("Cache-Control", "no-store");
    return response;
  });

  routes.add_public("GET", "/login/logout", [&context](http::Request& request) {
    auto token = session_cookie(request);
    if (auto session = token.empty() ? std::nullopt : context.sessions.find(token)) {
      if (auto user = context.database.find_user(session->user_id))
        log_sign_in(context, request, *user, session->organization_id, "sign_out");
    }
    context.sessions.remove(token);
    // A session signed in by SSO also signs out at the identity provider: the portal goes there next.
    std::optional<std::string> slo_url;
    if (context.single_sign_on && !token.empty())
      slo_url = context.single_sign_on->sign_out_url(token);
    auto response = http::Response::json({{"slo_logout_url", slo_url ? nlohmann::json(*slo_url) : nlohmann::json()}});
    response.add_header("Set-Cookie", services::SessionService::clear_cookie_header(request.over_tls));
    return response;
  });

  routes.add_session_while_password_expired("GET", "/vision/user",
                                            [&context](http::Request&, const SessionContext& caller) {
                                              if (password_expired(context, caller))
                                                return http::Response::text("User password expired");
                                              return http::Response::json(user_json(caller));
                                            });

  routes.add_session_while_password_expired("POST", "/manage/dashboard/keep_idle_timeout_alive",
                                            [&context](http::Request&, const SessionContext& caller) {
                                              if (!context.sessions.refresh(caller.token))
                                                return RouteRegistrar::login_required();
                                              return http::Response::text("OK");
                                            });

  routes.add_session_while_password_expired(
      "POST", "/vision/session/refresh", [&context](http::Request&, const SessionContext& caller) {
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
  register_org_choice_routes(routes, context);
  register_sso_routes(routes, context);
  register_sign_in_code_routes(routes, context);
  register_password_routes(routes, context);
  register_organization_routes(routes, context);
  register_privilege_routes(routes, context);
  register_user_admin_routes(routes, context);
  register_invitation_routes(routes, context);
  register_access_log_routes(routes, context);
  register_sign_in_policy_routes(routes, context);
  register_network_routes(routes, context);
  register_camera_routes(routes, context);
  register_camera_admin_routes(routes, context);
  register_live_routes(routes, context);
  register_history_routes(routes, context);
  register_motion_search_routes(routes, context);
  register_motion_telemetry_routes(routes, context);
  register_object_detection_routes(routes, context);
  register_similarity_routes(routes, context);
  register_wall_routes(routes, context);
  register_wall_rotation_routes(routes, context);
  register_event_log_routes(routes, context);
  register_client_telemetry_routes(routes, context);
  register_export_routes(routes, context);
  register_bookmark_routes(routes, context);
  register_access_control_routes(routes, context);
  register_access_webhook_routes(routes, context);
  register_global_search_routes(routes, context);
  register_feedback_routes(routes, context);
}

} // namespace argus::api
