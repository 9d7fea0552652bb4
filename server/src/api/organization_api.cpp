// Env, organizations (map, manifest, bundle, switching, administered), feature flags and shard features.
#include <algorithm>

#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "services/session_service.hpp"

namespace argus::api {
namespace {

nlohmann::json nfos_json(const SessionContext& caller) {
  auto listed = listed_network_ids(caller);
  auto out = nlohmann::json::array();
  for (const auto& flag : caller.org->feature_flags)
    out.push_back(nfo_json(flag, listed));
  return out;
}

// Enabled shard features; with a requested list, only the enabled ones of those (in the requested order).
nlohmann::json shard_features_json(ApiContext& context, std::int64_t shard_id,
                                   const std::optional<std::string>& requested) {
  auto enabled = context.catalog.shard_features(shard_id);
  if (!requested)
    return *enabled;
  auto out = nlohmann::json::array();
  for (const auto& name : split_list(*requested)) {
    if (std::find(enabled->begin(), enabled->end(), name) != enabled->end())
      out.push_back(name);
  }
  return out;
}

nlohmann::json member_organizations(ApiContext& context, const SessionContext& caller, bool administered_only) {
  auto out = nlohmann::json::array();
  for (const auto& membership : caller.user->memberships) {
    if (administered_only && !membership.is_admin && !membership.is_org_write_admin)
      continue;
    if (auto org = context.catalog.organization(membership.organization_id)) {
      out.push_back(organization_json(org->organization));
    }
  }
  return out;
}

nlohmann::json bundle_json(ApiContext& context, const SessionContext& caller) {
  auto networks = nlohmann::json::array();
  auto permissions = nlohmann::json::object();
  for (const auto* network : listed_networks(caller)) {
    networks.push_back(network_json(*network));
    permissions[std::to_string(network->id)] = network_permissions_json(network_permissions(caller, *network));
  }
  return {{"env", env_json(caller.org->organization)},
          {"nfos", nfos_json(caller)},
          {"networks", networks},
          {"shard_features", shard_features_json(context, caller.org->organization.shard_id, std::nullopt)},
          {"user", user_json(caller)},
          {"permissions", permissions}};
}

http::Response change_org(ApiContext& context, http::Request& request, const SessionContext& caller) {
  auto body = parse_json_object(request);
  std::string eid = required_string(body, "org_eid");
  for (const auto& membership : caller.user->memberships) {
    auto org = context.catalog.organization(membership.organization_id);
    if (!org || org->organization.eid != eid)
      continue;
    context.sessions.set_organization(caller.token, org->organization.id);
    return http::Response::json({{"success", true}, {"organization", organization_json(org->organization)}});
  }
  throw Error(Error::Kind::not_found, "Organization not found");
}

} // namespace

void register_organization_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session("GET", "/vision/env", [](http::Request&, const SessionContext& caller) {
    return http::Response::json(env_json(caller.org->organization));
  });

  routes.add_session("GET", "/vision/nfos", [&context](http::Request& request, const SessionContext& caller) {
    auto org_id = query_id(request, "id").value_or(caller.org->organization.id);
    return http::Response::json(nfos_json(caller_in_org(context, caller, org_id)));
  });

  routes.add_session("GET", "/vision/shard_features", [&context](http::Request& request, const SessionContext& caller) {
    return http::Response::json(
        shard_features_json(context, caller.org->organization.shard_id, request.query_param("features")));
  });

  routes.add_session("GET", "/vision/organizations", [&context](http::Request&, const SessionContext& caller) {
    auto out = nlohmann::json::object();
    for (const auto& org : member_organizations(context, caller, false)) {
      out[std::to_string(org["id"].get<std::int64_t>())] = org;
    }
    return http::Response::json(out);
  });

  routes.add_session(
      "GET", "/vision/organizations/{orgId}/manifest",
      [&context](http::Request& request, const SessionContext& caller) {
        auto in_org = caller_in_org(context, caller, path_id(request, "orgId"));
        const auto& org = in_org.org->organization;
        return http::Response::json(
            {{"organization", organization_json(org)},
             {"shard_features", shard_features_json(context, org.shard_id, request.query_param("shard_features"))}});
      });

  routes.add_session("GET", "/vision/organizations/{orgId}/bundle",
                     [&context](http::Request& request, const SessionContext& caller) {
                       auto in_org = caller_in_org(context, caller, path_id(request, "orgId"));
                       return http::Response::json(bundle_json(context, in_org));
                     });

  routes.add_session("PUT", "/vision/change_org", [&context](http::Request& request, const SessionContext& caller) {
    return change_org(context, request, caller);
  });

  routes.add_session("GET", "/manage/organization/administered_orgs",
                     [&context](http::Request&, const SessionContext& caller) {
                       return http::Response::json(member_organizations(context, caller, true));
                     });
}

} // namespace argus::api
