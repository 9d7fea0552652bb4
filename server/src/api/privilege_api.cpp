// Privileges of a user in an organization and the organization's access-control integrations.
#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"

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

} // namespace

void register_privilege_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session("GET", "/api/v1/organizations/{orgId}/admins/{adminId}/privileges",
                     [&context](http::Request& request, const SessionContext& caller) {
                       return privileges(context, request, caller);
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
