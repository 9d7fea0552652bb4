// Authenticator two-factor (issue 12; docs/api/openapi.yaml): the second sign-in step after a password
// (/login/two_factor/verify) and the session user's own authenticator (state, enrol, confirm, disable).
#include <spdlog/spdlog.h>

#include "api/api_routes.hpp"
#include "api/request_parsing.hpp"
#include "api/sign_in_answers.hpp"
#include "common/error.hpp"
#include "http/router.hpp"
#include "services/login_throttle.hpp"
#include "services/two_factor.hpp"
#include "services/two_factor_challenges.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr const char* k_too_many_codes = "Too many incorrect codes. Please sign in again.";
constexpr std::size_t k_max_code_length = 64;

services::TwoFactor& two_factor_of(ApiContext& context) {
  if (!context.two_factor || !context.two_factor_challenges)
    throw Error(Error::Kind::unavailable, "Two-factor authentication is not available.");
  return *context.two_factor;
}

std::string code_of(const http::Request& request) {
  auto code = required_string(parse_json_object(request), "code");
  if (code.empty() || code.size() > k_max_code_length)
    throw Error(Error::Kind::invalid_input, "code must be 6 digits or a recovery code");
  return code;
}

http::Response with_cleared_challenge(http::Response response, const http::Request& request) {
  response.add_header("Set-Cookie", services::TwoFactorChallenges::clear_cookie_header(request.over_tls));
  return response;
}

http::Response verify(ApiContext& context, http::Request& request) {
  auto& two_factor = two_factor_of(context);
  auto& challenges = *context.two_factor_challenges;
  const auto code = code_of(request);
  const auto token = request.cookie(services::TwoFactorChallenges::k_cookie_name).value_or("");
  auto challenge = challenges.find(token);
  auto user = challenge ? context.database.find_user(challenge->user_id) : std::nullopt;
  if (!user)
    return with_cleared_challenge(login_failure(401, nullptr, k_sign_in_expired), request);

  auto attempt = context.throttle.begin(second_factor_throttle_account(user->email), request.remote_address);
  if (!attempt.allowed())
    return throttled_answer(attempt.retry_after_ms());
  if (!two_factor.verify(user->id, code)) {
    attempt.failed();
    spdlog::info("wrong second factor from {}", request.remote_address);
    if (challenges.wrong_code(token))
      return login_failure(401, "two_factor", services::TwoFactor::k_incorrect_code);
    return with_cleared_challenge(login_failure(401, nullptr, k_too_many_codes), request);
  }
  attempt.succeeded();
  challenges.remove(token);
  return with_cleared_challenge(sign_in_or_choose_org(context, request, *user, challenge->remember), request);
}

nlohmann::json state_json(const services::TwoFactor::State& state) {
  return {{"enabled", state.enabled}, {"recovery_codes_left", state.recovery_codes_left}};
}

} // namespace

void register_two_factor_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_public("POST", "/login/two_factor/verify",
                    [&context](http::Request& request) { return verify(context, request); });
  routes.add_session("GET", "/vision/user/two_factor", [&context](http::Request&, const SessionContext& caller) {
    return http::Response::json(state_json(two_factor_of(context).state(caller.user->user.id)));
  });
  routes.add_session("POST", "/vision/user/two_factor/enrol", [&context](http::Request&, const SessionContext& caller) {
    auto enrolment = two_factor_of(context).enrol(caller.user->user.id, caller.user->user.email);
    return http::Response::json(
        {{"secret", enrolment.secret}, {"otpauth_uri", enrolment.otpauth_uri}, {"qr_svg", enrolment.qr_svg}});
  });
  routes.add_session("POST", "/vision/user/two_factor/confirm",
                     [&context](http::Request& request, const SessionContext& caller) {
                       auto codes = two_factor_of(context).confirm(caller.user->user.id, code_of(request));
                       return http::Response::json({{"enabled", true}, {"recovery_codes", codes}});
                     });
  routes.add_session("POST", "/vision/user/two_factor/disable",
                     [&context](http::Request& request, const SessionContext& caller) {
                       auto& two_factor = two_factor_of(context);
                       two_factor.disable(caller.user->user.id, code_of(request));
                       return http::Response::json(state_json(two_factor.state(caller.user->user.id)));
                     });
}

} // namespace argus::api
