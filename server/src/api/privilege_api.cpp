// Privileges of a user in an organization (read; replaced by an org-write administrator, issue 12) and the
// organization's access-control integrations.
#include <spdlog/spdlog.h>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
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

[[noreturn]] void bad_entry(std::size_t index, const std::string& field, const char* why) {
  throw Error(Error::Kind::invalid_input, "privileges[" + std::to_string(index) + "]." + field + ": " + why);
}

std::optional<std::int64_t> optional_entry_id(const nlohmann::json& entry, const char* field, std::size_t index) {
  auto it = entry.find(field);
  if (it == entry.end() || it->is_null())
    return std::nullopt;
  if (!it->is_number_integer())
    bad_entry(index, field, "must be an id or null");
  return it->get<std::int64_t>();
}

store::RightsRecord rights_from_json(const nlohmann::json& entry, std::size_t index) {
  auto it = entry.find("rights");
  if (it == entry.end() || !it->is_object())
    bad_entry(index, "rights", "must be an object with write, export, historical and live");
  auto right = [&](const char* name) {
    auto value = it->find(name);
    if (value == it->end() || !value->is_boolean())
      bad_entry(index, std::string("rights.") + name, "must be true or false");
    return value->get<bool>();
  };
  return {right("write"), right("export"), right("historical"), right("live")};
}

// The body's entries, shape-checked; their meaning is checked by services::PrivilegeAdmin.
std::vector<store::PrivilegeRecord> privileges_from_json(const nlohmann::json& body) {
  auto list = body.find("privileges");
  if (list == body.end() || !list->is_array())
    throw Error(Error::Kind::invalid_input, "privileges must be a list");
  if (list->size() > services::PrivilegeAdmin::k_max_entries) {
    throw Error(Error::Kind::invalid_input,
                "privileges: at most " + std::to_string(services::PrivilegeAdmin::k_max_entries) + " entries");
  }
  std::vector<store::PrivilegeRecord> out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const auto& entry = (*list)[i];
    if (!entry.is_object())
      bad_entry(i, "scope", "each privilege must be an object");
    store::PrivilegeRecord privilege;
    auto scope = entry.find("scope");
    if (scope == entry.end() || !scope->is_string())
      bad_entry(i, "scope", "must be organization, network, network_tag, camera or camera_tag");
    privilege.scope = scope->get<std::string>();
    privilege.network_id = optional_entry_id(entry, "network_id", i);
    privilege.camera_id = optional_entry_id(entry, "camera_id", i);
    if (auto tag = entry.find("tag"); tag != entry.end() && !tag->is_null()) {
      if (!tag->is_string())
        bad_entry(i, "tag", "must be text or null");
      privilege.tag = tag->get<std::string>();
    }
    privilege.rights = rights_from_json(entry, i);
    out.push_back(std::move(privilege));
  }
  return out;
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
