// The sign-in's organization choice (spec 01 §2 ORG_CHOOSE, §7 POST login/org_choose {eid}): after the user proved who
// they are, a user of several organizations names one of them by eid and is signed in there.
#include <spdlog/spdlog.h>

#include "api/api_routes.hpp"
#include "api/request_parsing.hpp"
#include "api/sign_in_answers.hpp"
#include "common/error.hpp"
#include "http/router.hpp"
#include "services/org_choices.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::size_t k_max_eid_length = 64;

http::Response with_cleared_choice(http::Response response, const http::Request& request) {
  response.add_header("Set-Cookie", services::OrgChoices::clear_cookie_header(request.over_tls));
  return response;
}

http::Response choose(ApiContext& context, http::Request& request) {
  if (!context.org_choices)
    throw Error(Error::Kind::unavailable, "Choosing an organization is not available.");
  auto eid = required_string(parse_json_object(request), "eid");
  if (eid.empty() || eid.size() > k_max_eid_length)
    throw Error(Error::Kind::invalid_input, "eid must name one of your organizations");
  const auto token = request.cookie(services::OrgChoices::k_cookie_name).value_or("");
  auto pending = context.org_choices->find(token);
  auto user = pending ? context.database.find_user(pending->user_id) : std::nullopt;
  if (!user)
    return with_cleared_choice(login_failure(401, nullptr, k_sign_in_expired), request);

  context.catalog.forget_user(user->id);
  auto snapshot = context.catalog.user(user->id);
  if (!snapshot)
    return with_cleared_choice(login_failure(401, nullptr, k_sign_in_expired), request);
  for (const auto& membership : snapshot->memberships) {
    auto org = context.catalog.organization(membership.organization_id);
    if (org && org->organization.eid == eid) {
      context.org_choices->remove(token);
      spdlog::info("user {} chose organization {} at sign-in", user->id, org->organization.id);
      return with_cleared_choice(signed_in_answer(context, request, *user, pending->remember, org->organization.id),
                                 request);
    }
  }
  return org_choice_answer(context, *snapshot, 400, k_choose_an_organization);
}

} // namespace

void register_org_choice_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_public("POST", "/login/org_choose",
                    [&context](http::Request& request) { return choose(context, request); });
}

} // namespace argus::api
