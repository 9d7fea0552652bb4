// Passwords (issue 12; spec 01 §4 "Password expiry"; docs/api/openapi.yaml): the rules, changing one's own password
// (also the way out of an expired one), and forgot-password with a single-use link sent by e-mail.
#include <spdlog/spdlog.h>

#include "api/api_routes.hpp"
#include "api/request_parsing.hpp"
#include "api/route_registrar.hpp"
#include "api/sign_in_answers.hpp"
#include "common/error.hpp"
#include "http/router.hpp"
#include "services/login_throttle.hpp"
#include "services/outbox.hpp"
#include "services/password_hasher.hpp"
#include "services/password_policy.hpp"
#include "services/report_limiter.hpp"
#include "services/session_service.hpp"
#include "services/token_codec.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_reset_link_lifetime_ms = 30 * 60'000;
constexpr const char* k_wrong_current = "Your current password is not correct.";
constexpr const char* k_too_many = "Too many failed attempts. Please wait a moment and try again.";
constexpr const char* k_link_used = "This link has expired or was already used. Please ask for a new one.";
constexpr const char* k_reset_sent = "If an account exists for that e-mail address, we sent it a link to reset the "
                                     "password.";
constexpr std::size_t k_max_password_bytes = 4 * services::PasswordPolicy::k_max_length; // UTF-8: ≤ 4 bytes each

const services::PasswordPolicy& policy_of(const ApiContext& context) {
  static const services::PasswordPolicy without_list{""};
  return context.password_policy ? *context.password_policy : without_list;
}

//! A password field: a string of sane size (the rules give the user-facing message for the length).
std::string password_field(const nlohmann::json& body, std::string_view name) {
  auto value = required_string(body, name);
  if (value.size() > k_max_password_bytes)
    throw Error(Error::Kind::invalid_input, "Use at most 256 characters.");
  return value;
}

void check_rules(const ApiContext& context, const std::string& password, const store::UserRecord& user) {
  if (auto problem = policy_of(context).problem(password, user, &context.hasher))
    throw Error(Error::Kind::invalid_input, *problem);
}

http::Response throttled(std::int64_t retry_after_ms) {
  auto response = http::Response::error(429, k_too_many);
  response.add_header("Retry-After", std::to_string(std::max<std::int64_t>(1, (retry_after_ms + 999) / 1000)));
  return response;
}

http::Response change_password(ApiContext& context, http::Request& request, const SessionContext& caller) {
  auto body = parse_json_object(request);
  auto current = password_field(body, "current_password");
  auto fresh = password_field(body, "new_password");
  auto user = context.database.find_user(caller.user->user.id);
  if (!user)
    return RouteRegistrar::login_required();
  auto attempt = context.throttle.begin(user->email, request.remote_address);
  if (!attempt.allowed())
    return throttled(attempt.retry_after_ms());
  if (!context.hasher.verify(user->password_hash, current)) {
    attempt.failed();
    throw Error(Error::Kind::invalid_input, k_wrong_current);
  }
  attempt.succeeded();
  check_rules(context, fresh, *user);
  context.database.set_user_password(user->id, context.hasher.hash(fresh), context.now_ms());
  context.catalog.forget_user(user->id);
  auto ended = context.sessions.remove_user_sessions(user->id, caller.token);
  spdlog::info("user {} changed their password; {} other session(s) ended", user->id, ended);
  return http::Response::json({{"success", true}});
}

std::string reset_mail_text(const ApiContext& context, const store::UserRecord& user, const std::string& token) {
  return "Someone, hopefully you, asked to reset the password of the Argus account " + user.email +
         ".\n\nOpen this link within 30 minutes to choose a new password:\n" + context.public_url +
         "/login/reset-password?token=" + token +
         "\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.\n";
}

http::Response forgot_password(ApiContext& context, http::Request& request) {
  auto email = required_string(parse_json_object(request), "email");
  if (email.size() > 254)
    throw Error(Error::Kind::invalid_input, "email is too long");
  const nlohmann::json answer{{"success", true}, {"message", k_reset_sent}};
  auto user = context.database.find_user_by_email(email);
  if (!user)
    return http::Response::json(answer);
  // One link per account per minute: the same answer either way, so that nobody learns which e-mails exist.
  if (context.reset_links && context.reset_links->acquire(std::to_string(user->id)) != 0)
    return http::Response::json(answer);
  if (!context.mail_outbox) {
    spdlog::warn("password reset for user {} asked, but no mail server is configured (--smtp-url)", user->id);
    return http::Response::json(answer);
  }
  auto token = services::random_token_base64url(32);
  context.database.put_password_reset_token(user->id, services::token_digest_hex(token),
                                            context.now_ms() + k_reset_link_lifetime_ms);
  context.mail_outbox->post({user->email, "Reset your Argus password", reset_mail_text(context, *user, token)});
  return http::Response::json(answer);
}

http::Response reset_password(ApiContext& context, http::Request& request) {
  auto body = parse_json_object(request);
  auto token = required_string(body, "token");
  auto fresh = password_field(body, "new_password");
  if (token.empty() || token.size() > 128)
    throw Error(Error::Kind::invalid_input, k_link_used);
  const auto digest = services::token_digest_hex(token);
  // The rules first, without spending the link: a user who picked a weak password tries again with the same link.
  // Hashing happens outside the store's transaction (it takes a while by design).
  auto user_id = context.database.find_password_reset_token(digest, context.now_ms());
  auto user = user_id ? context.database.find_user(*user_id) : std::nullopt;
  if (!user)
    throw Error(Error::Kind::invalid_input, k_link_used);
  check_rules(context, fresh, *user);
  auto hash = context.hasher.hash(fresh);
  bool changed = false;
  context.database.in_transaction([&] {
    if (context.database.take_password_reset_token(digest, context.now_ms()) != user->id)
      return; // used or voided meanwhile
    changed = context.database.set_user_password(user->id, hash, context.now_ms());
  });
  if (!changed)
    throw Error(Error::Kind::invalid_input, k_link_used);
  context.catalog.forget_user(user->id);
  auto ended = context.sessions.remove_user_sessions(user->id);
  spdlog::info("user {} reset their password with an e-mailed link; {} session(s) ended", user->id, ended);
  return http::Response::json({{"success", true}});
}

} // namespace

void register_password_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_public("GET", "/login/password_rules", [](http::Request&) {
    return http::Response::json({{"min_length", services::PasswordPolicy::k_min_length},
                                 {"max_length", services::PasswordPolicy::k_max_length}});
  });
  routes.add_session_while_password_expired("POST", "/vision/user/password",
                                            [&context](http::Request& request, const SessionContext& caller) {
                                              return change_password(context, request, caller);
                                            });
  routes.add_public("POST", "/login/forgot_password",
                    [&context](http::Request& request) { return forgot_password(context, request); });
  routes.add_public("POST", "/login/reset_password",
                    [&context](http::Request& request) { return reset_password(context, request); });
}

} // namespace argus::api
