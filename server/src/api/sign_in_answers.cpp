#include "api/sign_in_answers.hpp"

#include <algorithm>

#include "api/access_logging.hpp"
#include "api/json_views.hpp"
#include "common/error.hpp"
#include "services/csrf_service.hpp"
#include "services/org_choices.hpp"
#include "services/session_service.hpp"
#include "store/database.hpp"

namespace argus::api {

namespace {
constexpr const char* k_throttled = "Too many failed sign-in attempts. Please wait a moment and try again.";
}

http::Response login_failure(int status, const char* mode, const std::string& message) {
  nlohmann::json body{
      {"success", false}, {"mode", mode ? nlohmann::json(mode) : nlohmann::json(nullptr)}, {"error", message}};
  if (!mode)
    body["errors"] = nlohmann::json::array({message});
  return http::Response::json(body, status);
}

http::Response throttled_answer(std::int64_t retry_after_ms, const char* message) {
  auto response = login_failure(429, "captcha", message ? message : k_throttled);
  response.add_header("Retry-After", std::to_string(std::max<std::int64_t>(1, (retry_after_ms + 999) / 1000)));
  return response;
}

nlohmann::json captcha_json(const services::ProofOfWorkCaptcha::Challenge& challenge) {
  return {{"provider_id", services::ProofOfWorkCaptcha::k_provider_id},
          {"algorithm", challenge.algorithm},
          {"challenge", challenge.challenge},
          {"maxnumber", challenge.maxnumber},
          {"salt", challenge.salt},
          {"signature", challenge.signature},
          {"expires_at_ms", challenge.expires_ms}};
}

std::string second_factor_throttle_account(const std::string& email) {
  return "second-factor\n" + email;
}

std::string session_cookie(const http::Request& request) {
  return request.cookie(services::SessionService::k_cookie_name).value_or("");
}

// The organizations the user belongs to (those that still exist), sorted by name.
std::vector<const store::OrganizationRecord*> member_organizations(ApiContext& context,
                                                                   const services::UserSnapshot& user) {
  std::vector<const store::OrganizationRecord*> organizations;
  for (const auto& membership : user.memberships) {
    if (auto org = context.catalog.organization(membership.organization_id))
      organizations.push_back(&org->organization);
  }
  std::stable_sort(organizations.begin(), organizations.end(),
                   [](const auto* a, const auto* b) { return a->name < b->name; });
  return organizations;
}

nlohmann::json organizations_json(const std::vector<const store::OrganizationRecord*>& organizations) {
  nlohmann::json orgs = nlohmann::json::array();
  for (const auto* organization : organizations)
    orgs.push_back(organization_json(*organization));
  return orgs;
}

http::Response signed_in_answer(ApiContext& context, const http::Request& request, const store::UserRecord& user,
                                bool remember, std::optional<std::int64_t> organization_id) {
  context.catalog.forget_user(user.id);
  auto snapshot = context.catalog.user(user.id);
  if (!snapshot || snapshot->memberships.empty()) {
    // Memberships the organizations disabled are left out of the snapshot; say so rather than "no organization".
    bool disabled = !context.database.memberships_of_user(user.id).empty();
    return login_failure(403, nullptr,
                         disabled ? k_account_disabled : "Your account does not belong to any organization.");
  }
  auto chosen = organization_id.value_or(snapshot->memberships.front().organization_id);
  if (!snapshot->membership(chosen))
    throw Error(Error::Kind::invalid_input, k_choose_an_organization);
  auto org = context.catalog.organization(chosen);
  if (!org)
    throw Error(Error::Kind::internal, "organization of a membership is missing");

  // Signing in again ends the session this browser had, and its CSRF token with it: the new token is bound to the new
  // session and a new CSRF cookie, so a token fetched (or planted) before sign-in no longer validates.
  context.sessions.remove(session_cookie(request));
  auto session = context.sessions.create(user.id, org->organization.id, user.min_idle_timeout_minutes, remember);
  log_sign_in(context, request, user, org->organization.id, "sign_in");
  std::string csrf_id = context.csrf.new_cookie_id();
  auto response = http::Response::json({{"success", true},
                                        {"mode", nullptr},
                                        {"error", nullptr},
                                        {"user", user_json(*snapshot, *org)},
                                        {"orgs", organizations_json(member_organizations(context, *snapshot))},
                                        {"csrf_token", context.csrf.token_for(csrf_id, session.token)}});
  response.add_header("Set-Cookie", services::SessionService::cookie_header(session.token, remember, request.over_tls));
  response.add_header("Set-Cookie", services::CsrfService::cookie_header(csrf_id, request.over_tls));
  return response;
}

http::Response org_choice_answer(ApiContext& context, const services::UserSnapshot& user, int status,
                                 const char* error) {
  return http::Response::json({{"success", false},
                               {"mode", "org_choose"},
                               {"error", error ? nlohmann::json(error) : nlohmann::json(nullptr)},
                               {"orgs", organizations_json(member_organizations(context, user))}},
                              status);
}

http::Response sign_in_or_choose_org(ApiContext& context, const http::Request& request, const store::UserRecord& user,
                                     bool remember) {
  if (context.org_choices) {
    context.catalog.forget_user(user.id);
    auto snapshot = context.catalog.user(user.id);
    if (snapshot && member_organizations(context, *snapshot).size() > 1) {
      auto response = org_choice_answer(context, *snapshot, 200, nullptr);
      response.add_header("Set-Cookie", services::OrgChoices::cookie_header(
                                            context.org_choices->create(user.id, remember), request.over_tls));
      return response;
    }
  }
  return signed_in_answer(context, request, user, remember);
}

} // namespace argus::api
