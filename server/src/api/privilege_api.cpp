// Privileges of a user in an organization (read; replaced by an org-write administrator, issue 12) and the
// organization's access-control integrations.
#include <spdlog/spdlog.h>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
#include "api/privilege_input.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "services/privilege_admin.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

http::Response privileges(ApiContext& context, http::Request& request, const SessionContext& caller) {
  auto in_org = caller_in_org(context, caller, path_id(request, "orgId"));
  auto admin_id = path_id(request, "adminId");
  std::int64_t org_id = in_org.org->organization.id;
  std::shared_ptr<const services::UserSnapshot> target = in_org.user;
  if (admin_id != in_org.user->user.id) {
    if (!in_org.membership->is_org_write_admin) {
      throw Error(Error::Kind::permission_denied, "Unable to complete action, please check your permission");
    }
    target = context.catalog.user(admin_id);
    if (!target || !target->membership(org_id))
      throw Error(Error::Kind::not_found, "User not found");
  }
  auto out = nlohmann::json::array();
  for (const auto& privilege : target->permissions(org_id).privileges())
    out.push_back(privilege_json(privilege));
  return http::Response::json(out);
}

// The new list in a line, for the access log: "viewer@argus.demo: camera_tag 'public' live; camera 1004 live".
std::string privileges_summary(ApiContext& context, std::int64_t organization_id, std::int64_t user_id,
                               const std::vector<store::PrivilegeRecord>& privileges) {
  auto members = context.database.members_of_organization(organization_id, user_id);
  std::string out = (members.empty() ? std::string("?") : members.front().email) + ":";
  if (privileges.empty())
    out += " none (every right)";
  for (std::size_t i = 0; i < privileges.size(); ++i) {
    const auto& privilege = privileges[i];
    out += (i ? "; " : " ") + privilege.scope;
    if (privilege.network_id)
      out += " network " + std::to_string(*privilege.network_id);
    if (privilege.camera_id)
      out += " " + std::to_string(*privilege.camera_id);
    if (privilege.tag)
      out += " '" + *privilege.tag + "'";
    const auto& rights = privilege.rights;
    for (auto [has, name] : {std::pair{rights.live, " live"}, std::pair{rights.historical, " historical"},
                             std::pair{rights.export_video, " export"}, std::pair{rights.write, " write"}}) {
      if (has)
        out += name;
    }
  }
  return out;
}

http::Response replace_privileges(ApiContext& context, http::Request& request, const SessionContext& caller) {
  auto in_org = caller_administering_org(context, caller, path_id(request, "orgId"));
  auto user_id = path_id(request, "adminId");
  auto entries = privileges_from_json(parse_json_object(request));
  std::int64_t org_id = in_org.org->organization.id;
  auto stored = services::PrivilegeAdmin(context.database, &context.catalog)
                    .replace(org_id, caller.user->user.id, user_id, std::move(entries));
  spdlog::info("user {} set {} privilege(s) of member {} of organization {}", caller.user->user.id, stored.size(),
               user_id, org_id);
  log_access(context, request, caller, "privileges_changed", nullptr, nullptr,
             privileges_summary(context, org_id, user_id, stored));
  auto out = nlohmann::json::array();
  for (const auto& privilege : stored)
    out.push_back(privilege_json(privilege));
  return http::Response::json(out);
}

} // namespace

void register_privilege_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session("GET", "/api/v1/organizations/{orgId}/admins/{adminId}/privileges",
                     [&context](http::Request& request, const SessionContext& caller) {
                       return privileges(context, request, caller);
                     });
  routes.add_session("PUT", "/api/v1/organizations/{orgId}/admins/{adminId}/privileges",
                     [&context](http::Request& request, const SessionContext& caller) {
                       return replace_privileges(context, request, caller);
                     });

  routes.add_session("GET", "/api/v1/organizations/{orgId}/camera/accessControlPartnerIntegrations",
                     [&context](http::Request& request, const SessionContext& caller) {
                       auto in_org = caller_in_org(context, caller, path_id(request, "orgId"));
                       auto listed = listed_network_ids(in_org);
                       auto out = nlohmann::json::array();
                       for (const auto& integration : in_org.org->integrations) {
                         out.push_back(integration_json(integration, listed));
                       }
                       return http::Response::json(out);
                     });
}

} // namespace argus::api
