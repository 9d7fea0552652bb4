// The organization's sign-in policy for its org-write administrators (issue 12; docs/design/permissions.md "Sign-in
// policy"): password expiry, required two-factor and SAML single sign-on (docs/design/sso.md), read and replaced
// as one document. GET/PUT /api/v1/organizations/{orgId}/sign_in_policy.
#include <ctime>

#include <spdlog/spdlog.h>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "saml/service_provider.hpp"
#include "services/catalog.hpp"
#include "services/single_sign_on.hpp"
#include "services/sso_settings.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_max_expiry_days = 3650;
constexpr const char* k_bad_expiry = "password_expiry_days must be a whole number of days from 1 to 3650, or null.";

std::string iso_utc(std::int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
  return text;
}

nlohmann::json sso_json(const store::OrganizationSsoRecord& sso) {
  nlohmann::json out{{"identifier", sso.identifier}, {"updated_at", iso_utc(sso.updated_ms)}};
  try {
    auto idp = saml::ServiceProvider::describe_identity_provider(sso.idp_metadata);
    out["idp_entity_id"] = idp.entity_id;
    out["idp_signs_out"] = idp.signs_out;
  } catch (const Error&) {
    out["idp_entity_id"] = nullptr; // stored before a stricter check: the administrator sees it and replaces it
    out["idp_signs_out"] = false;
  }
  return out;
}

nlohmann::json policy_json(ApiContext& context, std::int64_t organization_id) {
  auto organization = context.database.find_organization(organization_id);
  if (!organization)
    throw Error(Error::Kind::not_found, "Organization not found");
  auto sso = context.database.find_sso_of_organization(organization_id);
  return {{"password_expiry_days",
           organization->password_expiry_days ? nlohmann::json(*organization->password_expiry_days) : nlohmann::json()},
          {"require_two_factor", organization->require_two_factor},
          {"sso", sso ? sso_json(*sso) : nlohmann::json()},
          {"sp_metadata_url",
           context.single_sign_on ? nlohmann::json(context.single_sign_on->endpoints().entity_id) : nlohmann::json()}};
}

struct PolicyInput {
  std::optional<std::int64_t> password_expiry_days;
  bool require_two_factor = false;
  bool has_sso = false;
  std::string sso_identifier;
  std::optional<std::string> idp_metadata; // nullopt: keep the stored metadata
};

PolicyInput policy_input(const nlohmann::json& body) {
  for (const auto& [field, value] : body.items()) {
    if (field != "password_expiry_days" && field != "require_two_factor" && field != "sso")
      throw Error(Error::Kind::invalid_input, "Unknown field '" + field + "'.");
  }
  PolicyInput input;
  if (!body.contains("password_expiry_days") || !body.contains("require_two_factor") || !body.contains("sso"))
    throw Error(Error::Kind::invalid_input, "password_expiry_days, require_two_factor and sso are required.");
  const auto& days = body.at("password_expiry_days");
  if (!days.is_null()) {
    if (!days.is_number_integer() || days.get<std::int64_t>() < 1 || days.get<std::int64_t>() > k_max_expiry_days)
      throw Error(Error::Kind::invalid_input, k_bad_expiry);
    input.password_expiry_days = days.get<std::int64_t>();
  }
  if (!body.at("require_two_factor").is_boolean())
    throw Error(Error::Kind::invalid_input, "require_two_factor must be true or false.");
  input.require_two_factor = body.at("require_two_factor").get<bool>();
  const auto& sso = body.at("sso");
  if (sso.is_null())
    return input;
  if (!sso.is_object() || !sso.contains("identifier") || !sso.at("identifier").is_string())
    throw Error(Error::Kind::invalid_input, "sso must be null or an object with an identifier.");
  input.has_sso = true;
  input.sso_identifier = sso.at("identifier").get<std::string>();
  if (sso.contains("idp_metadata") && !sso.at("idp_metadata").is_null()) {
    if (!sso.at("idp_metadata").is_string())
      throw Error(Error::Kind::invalid_input, "sso.idp_metadata must be the identity provider's metadata (XML).");
    input.idp_metadata = sso.at("idp_metadata").get<std::string>();
  }
  return input;
}

//! What changed, for the access log ("password expiry 90 days; two-factor required; SSO 'acme'").
std::string change_summary(const PolicyInput& input) {
  std::string summary = input.password_expiry_days
                            ? "password expiry " + std::to_string(*input.password_expiry_days) + " days"
                            : std::string("passwords never expire");
  summary += input.require_two_factor ? "; two-factor required" : "; two-factor not required";
  summary += input.has_sso ? "; SSO '" + input.sso_identifier + "'" + (input.idp_metadata ? " (new metadata)" : "")
                           : "; no SSO";
  return summary;
}

http::Response read_policy(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto in_org = caller_administering_org(context, caller, path_id(request, "orgId"));
  auto response = http::Response::json(policy_json(context, in_org.org->organization.id));
  response.add_header("Cache-Control", "no-store");
  return response;
}

http::Response replace_policy(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto in_org = caller_administering_org(context, caller, path_id(request, "orgId"));
  auto organization_id = in_org.org->organization.id;
  auto input = policy_input(parse_json_object(request));
  // Everything is checked before anything is stored: the SSO settings first (the only part that can be refused).
  std::optional<std::string> metadata = input.idp_metadata;
  if (input.has_sso && !metadata) {
    auto current = context.database.find_sso_of_organization(organization_id);
    if (!current)
      throw Error(Error::Kind::invalid_input, "The identity provider's metadata is required to set up single sign-on.");
    metadata = current->idp_metadata;
  }
  if (input.has_sso)
    services::save_sso_settings(context.database, organization_id, input.sso_identifier, *metadata, context.now_ms());
  else
    context.database.remove_organization_sso(organization_id);
  context.database.set_organization_password_expiry(organization_id, input.password_expiry_days);
  context.database.set_organization_require_two_factor(organization_id, input.require_two_factor);
  context.catalog.invalidate();
  auto summary = change_summary(input);
  spdlog::info("user {} set the sign-in policy of organization {}: {}", caller.user->user.id, organization_id, summary);
  log_access(context, request, in_org, "sign_in_policy_changed", nullptr, nullptr, summary);
  return http::Response::json(policy_json(context, organization_id));
}

} // namespace

void register_sign_in_policy_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("GET", "/api/v1/organizations/{orgId}/sign_in_policy", read_policy);
  routes.add_session("PUT", "/api/v1/organizations/{orgId}/sign_in_policy", replace_policy);
}

} // namespace argus::api
