// User administration (issue 12; docs/design/administration.md): an organization's members and the changes an
// administrator with the write right (is_org_write_admin) makes to another member. Ids come from the path and are
// checked against the caller's memberships: another organization answers 404, a member of another organization too.
#include <spdlog/spdlog.h>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "http/router.hpp"
#include "services/user_admin.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

// The organization of the path, for a caller who administers its users.
std::int64_t administered_organization(ApiContext& context, const http::Request& request,
                                       const SessionContext& caller) {
  return caller_administering_org(context, caller, path_id(request, "orgId")).org->organization.id;
}

std::optional<bool> optional_bool(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end())
    return std::nullopt;
  if (!it->is_boolean())
    throw Error(Error::Kind::invalid_input, std::string(field) + " must be true or false");
  return it->get<bool>();
}

services::MemberChange member_change_from_json(const nlohmann::json& body) {
  services::MemberChange change;
  change.disabled = optional_bool(body, "disabled");
  change.is_admin = optional_bool(body, "is_admin");
  change.is_org_write_admin = optional_bool(body, "is_org_write_admin");
  if (auto it = body.find("min_idle_timeout"); it != body.end()) {
    if (!it->is_number_integer() || (it->is_number_unsigned() && it->get<std::uint64_t>() > 1'000'000'000))
      throw Error(Error::Kind::invalid_input, "min_idle_timeout must be a whole number of minutes");
    change.min_idle_timeout_minutes = it->get<std::int64_t>();
  }
  if (!change.disabled && !change.is_admin && !change.is_org_write_admin && !change.min_idle_timeout_minutes)
    throw Error(Error::Kind::invalid_input, "nothing to change: give disabled, is_admin, is_org_write_admin or "
                                            "min_idle_timeout");
  return change;
}

// What an administrator changed, for the access log: "disabled, administrator, idle timeout 45 min".
std::string change_summary(const services::MemberChange& change) {
  std::vector<std::string> parts;
  if (change.disabled)
    parts.push_back(*change.disabled ? "disabled" : "enabled");
  if (change.is_admin)
    parts.push_back(*change.is_admin ? "administrator" : "not administrator");
  if (change.is_org_write_admin)
    parts.push_back(*change.is_org_write_admin ? "org-write administrator" : "not org-write administrator");
  if (change.min_idle_timeout_minutes)
    parts.push_back("idle timeout " + std::to_string(*change.min_idle_timeout_minutes) + " min");
  std::string out;
  for (const auto& part : parts)
    out += (out.empty() ? "" : ", ") + part;
  return out;
}

http::Response list_members(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto organization_id = administered_organization(context, request, caller);
  auto out = nlohmann::json::array();
  for (const auto& member : services::UserAdmin(context.database, context.catalog).members(organization_id))
    out.push_back(member_json(member));
  return http::Response::json(out);
}

http::Response change_member(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto organization_id = administered_organization(context, request, caller);
  auto user_id = path_id(request, "userId");
  auto change = member_change_from_json(parse_json_object(request));
  auto member = services::UserAdmin(context.database, context.catalog)
                    .change(organization_id, caller.user->user.id, user_id, change);
  spdlog::info("user {} changed member {} of organization {}", caller.user->user.id, user_id, organization_id);
  log_access(context, request, caller, "member_changed", nullptr, nullptr,
             member.email + ": " + change_summary(change));
  return http::Response::json(member_json(member));
}

http::Response reset_member_two_factor(ApiContext& context, const http::Request& request,
                                       const SessionContext& caller) {
  auto organization_id = administered_organization(context, request, caller);
  auto user_id = path_id(request, "userId");
  services::UserAdmin(context.database, context.catalog)
      .reset_two_factor(organization_id, caller.user->user.id, user_id);
  spdlog::info("user {} reset the two-factor of member {} of organization {}", caller.user->user.id, user_id,
               organization_id);
  auto members = context.database.members_of_organization(organization_id, user_id);
  log_access(context, request, caller, "member_changed", nullptr, nullptr,
             (members.empty() ? std::string("?") : members.front().email) + ": two-factor reset");
  return http::Response::no_content();
}

} // namespace

void register_user_admin_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("GET", "/api/v1/organizations/{orgId}/users", list_members);
  routes.add_session("PUT", "/api/v1/organizations/{orgId}/users/{userId}", change_member);
  routes.add_session("POST", "/api/v1/organizations/{orgId}/users/{userId}/reset_two_factor", reset_member_two_factor);
}

} // namespace argus::api
