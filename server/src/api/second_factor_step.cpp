#include "api/second_factor_step.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "api/sign_in_answers.hpp"
#include "common/error.hpp"
#include "services/sign_in_codes.hpp"
#include "services/two_factor.hpp"
#include "services/two_factor_challenges.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

std::optional<http::Response> authenticator_step(ApiContext& context, const http::Request& request,
                                                 const store::UserRecord& user, bool remember) {
  if (!context.two_factor || !context.two_factor_challenges || !context.two_factor->state(user.id).enabled)
    return std::nullopt;
  auto token = context.two_factor_challenges->create(user.id, remember);
  auto response = http::Response::json({{"success", false}, {"mode", "two_factor"}, {"error", nullptr}});
  response.add_header("Set-Cookie", services::TwoFactorChallenges::cookie_header(token, request.over_tls));
  return response;
}

//! Whether one of the organizations the user is an active member of requires two-factor at every sign-in.
bool organization_requires_two_factor(ApiContext& context, std::int64_t user_id) {
  for (const auto& membership : context.database.memberships_of_user(user_id)) {
    if (membership.disabled)
      continue;
    auto organization = context.database.find_organization(membership.organization_id);
    if (organization && organization->require_two_factor)
      return true;
  }
  return false;
}

std::optional<http::Response> sign_in_code_step(ApiContext& context, const http::Request& request,
                                                const store::UserRecord& user, bool remember) {
  auto setting = context.database.find_sign_in_code_setting(user.id);
  // A member of an organization that requires two-factor, with neither an authenticator nor a code setting of their
  // own, gets a code by e-mail.
  if (!setting && organization_requires_two_factor(context, user.id))
    setting = store::SignInCodeSettingRecord{user.id, "email", std::nullopt, std::nullopt};
  if (!setting)
    return std::nullopt;
  if (!context.sign_in_codes) // a user who must prove a code never signs in without one
    return login_failure(503, nullptr, k_code_not_sent);
  try {
    auto started = context.sign_in_codes->start(user, *setting, remember);
    bool sms = started.channel == services::SignInCodes::Channel::sms;
    nlohmann::json body{{"success", false},
                        {"mode", sms ? "sms" : "one_time_password"},
                        {"error", nullptr},
                        {"code_destination", started.destination}};
    if (sms)
      body["has_secondary_phone"] = started.has_secondary_phone;
    auto response = http::Response::json(body);
    response.add_header("Set-Cookie", services::SignInCodes::cookie_header(started.token, request.over_tls));
    return response;
  } catch (const Error& error) {
    if (error.kind() != Error::Kind::unavailable && error.kind() != Error::Kind::invalid_input)
      throw;
    spdlog::warn("sign-in code for user {} not sent: {}", user.id, error.what());
    return login_failure(503, nullptr, k_code_not_sent);
  }
}

} // namespace

std::optional<http::Response> second_factor_step(ApiContext& context, const http::Request& request,
                                                 const store::UserRecord& user, bool remember) {
  if (auto step = authenticator_step(context, request, user, remember))
    return step;
  return sign_in_code_step(context, request, user, remember);
}

} // namespace argus::api
