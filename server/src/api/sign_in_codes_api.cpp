// Sign-in codes by e-mail and text message (issue 12; spec 01 §7 login/do_otp_auth, otp_auth_retry, do_sms_auth,
// sms_auth_retry; docs/api/openapi.yaml): the second step after a password that answered mode one_time_password or
// sms, and asking for a new code.
#include <algorithm>
#include <cctype>

#include <spdlog/spdlog.h>

#include "api/api_routes.hpp"
#include "api/request_parsing.hpp"
#include "api/sign_in_answers.hpp"
#include "common/error.hpp"
#include "http/router.hpp"
#include "services/login_throttle.hpp"
#include "services/sign_in_codes.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

using Channel = services::SignInCodes::Channel;

constexpr const char* k_incorrect_code = "Incorrect code. Please try again.";
constexpr const char* k_code_spent = "Too many incorrect codes. Please request a new code.";
constexpr const char* k_code_expired = "This code has expired. Please request a new code.";
constexpr const char* k_too_many_codes = "Too many codes were sent. Please sign in again.";
constexpr const char* k_no_secondary_phone = "No secondary phone number is set for this account.";

const char* mode_of(Channel channel) {
  return channel == Channel::sms ? "sms" : "one_time_password";
}

services::SignInCodes& codes_of(ApiContext& context) {
  if (!context.sign_in_codes)
    throw Error(Error::Kind::unavailable, "Sign-in codes are not available.");
  return *context.sign_in_codes;
}

std::string token_of(const http::Request& request) {
  return request.cookie(services::SignInCodes::k_cookie_name).value_or("");
}

//! The 6 digits of the body's code (spaces and dashes a person may type are dropped).
std::string code_of(const http::Request& request) {
  auto text = required_string(parse_json_object(request), "code");
  std::string digits;
  for (char c : text.substr(0, 64)) {
    if (c == ' ' || c == '-')
      continue;
    if (!std::isdigit(static_cast<unsigned char>(c)))
      throw Error(Error::Kind::invalid_input, "code must be 6 digits");
    digits += c;
  }
  if (digits.size() != 6 || text.size() > 64)
    throw Error(Error::Kind::invalid_input, "code must be 6 digits");
  return digits;
}

http::Response with_cleared_sign_in(http::Response response, const http::Request& request) {
  response.add_header("Set-Cookie", services::SignInCodes::clear_cookie_header(request.over_tls));
  return response;
}

http::Response sign_in_over(const http::Request& request) {
  return with_cleared_sign_in(login_failure(401, nullptr, k_sign_in_expired), request);
}

http::Response verify(ApiContext& context, http::Request& request, Channel channel) {
  auto& codes = codes_of(context);
  const auto code = code_of(request);
  const auto token = token_of(request);
  auto user_id = codes.pending_user(token, channel);
  auto user = user_id ? context.database.find_user(*user_id) : std::nullopt;
  if (!user)
    return sign_in_over(request);

  auto attempt = context.throttle.begin(second_factor_throttle_account(user->email), request.remote_address);
  if (!attempt.allowed())
    return throttled_answer(attempt.retry_after_ms());
  auto result = codes.check(token, channel, code);
  switch (result.outcome) {
  case services::SignInCodes::Check::accepted:
    attempt.succeeded();
    return with_cleared_sign_in(sign_in_or_choose_org(context, request, *user, result.remember), request);
  case services::SignInCodes::Check::wrong:
    attempt.failed();
    spdlog::info("wrong sign-in code from {}", request.remote_address);
    return login_failure(401, mode_of(channel), k_incorrect_code);
  case services::SignInCodes::Check::spent:
    attempt.failed();
    return login_failure(401, mode_of(channel), k_code_spent);
  case services::SignInCodes::Check::expired:
    return login_failure(401, mode_of(channel), k_code_expired);
  case services::SignInCodes::Check::unknown:
    break;
  }
  return sign_in_over(request);
}

services::SignInCodes::Phone phone_of(const nlohmann::json& body, Channel channel) {
  auto retry = required_string(body, "retry");
  if (channel == Channel::email) {
    if (retry != "email")
      throw Error(Error::Kind::invalid_input, "retry must be email");
    return services::SignInCodes::Phone::primary;
  }
  if (retry == "primary")
    return services::SignInCodes::Phone::primary;
  if (retry == "secondary")
    return services::SignInCodes::Phone::secondary;
  throw Error(Error::Kind::invalid_input, "retry must be primary or secondary");
}

http::Response resend(ApiContext& context, http::Request& request, Channel channel) {
  auto& codes = codes_of(context);
  auto phone = phone_of(parse_json_object(request), channel);
  const auto token = token_of(request);
  services::SignInCodes::ResendResult result;
  try {
    result = codes.resend(token, channel, phone);
  } catch (const Error& error) {
    if (error.kind() != Error::Kind::unavailable && error.kind() != Error::Kind::invalid_input)
      throw;
    spdlog::warn("sign-in code not sent again: {}", error.what());
    return login_failure(503, mode_of(channel), k_code_not_sent);
  }
  switch (result.outcome) {
  case services::SignInCodes::Resend::sent:
    return http::Response::json(
        {{"success", false}, {"mode", mode_of(channel)}, {"error", nullptr}, {"code_destination", result.destination}});
  case services::SignInCodes::Resend::wait: {
    auto seconds = std::max<std::int64_t>(1, (result.retry_after_ms + 999) / 1000);
    auto response = login_failure(
        429, mode_of(channel), "Please wait " + std::to_string(seconds) + " seconds before asking for another code.");
    response.add_header("Retry-After", std::to_string(seconds));
    return response;
  }
  case services::SignInCodes::Resend::too_many:
    codes.remove(token);
    return with_cleared_sign_in(login_failure(429, nullptr, k_too_many_codes), request);
  case services::SignInCodes::Resend::no_secondary:
    throw Error(Error::Kind::invalid_input, k_no_secondary_phone);
  case services::SignInCodes::Resend::unknown:
    break;
  }
  return sign_in_over(request);
}

} // namespace

void register_sign_in_code_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_public("POST", "/login/do_otp_auth",
                    [&context](http::Request& request) { return verify(context, request, Channel::email); });
  routes.add_public("POST", "/login/otp_auth_retry",
                    [&context](http::Request& request) { return resend(context, request, Channel::email); });
  routes.add_public("POST", "/login/do_sms_auth",
                    [&context](http::Request& request) { return verify(context, request, Channel::sms); });
  routes.add_public("POST", "/login/sms_auth_retry",
                    [&context](http::Request& request) { return resend(context, request, Channel::sms); });
}

} // namespace argus::api
