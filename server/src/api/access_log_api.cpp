// The organization's access log for its administrators (issue 12; docs/design/permissions.md "The access log"):
// GET /api/v1/organizations/{orgId}/access_log, newest first, filtered and paged by id. Org-write administrators only;
// another organization answers 404.
#include "api/api_routes.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "services/access_log.hpp"

namespace argus::api {
namespace {

nlohmann::json optional_json(const std::optional<std::int64_t>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json optional_json(const std::optional<std::string>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json entry_json(const store::AccessLogEntryRecord& entry) {
  nlohmann::json user = nullptr;
  if (entry.user_id) {
    user = {{"id", *entry.user_id}, {"name", entry.user_name.value_or("")}, {"email", entry.user_email.value_or("")}};
  }
  return {{"id", entry.id},
          {"time_ms", entry.time_ms},
          {"kind", entry.kind},
          {"user", user},
          {"network_id", optional_json(entry.network_id)},
          {"network_name", optional_json(entry.network_name)},
          {"camera_id", optional_json(entry.camera_id)},
          {"camera_name", optional_json(entry.camera_name)},
          {"ip", entry.ip},
          {"user_agent", entry.user_agent},
          {"detail", optional_json(entry.detail)}};
}

store::AccessLogQuery query_of(const http::Request& request, std::int64_t organization_id) {
  store::AccessLogQuery query;
  query.organization_id = organization_id;
  if (auto kinds = request.query_param("kinds"))
    query.kinds = split_list(*kinds);
  query.user_id = query_id(request, "user_id");
  query.network_id = query_id(request, "network_id");
  query.camera_id = query_id(request, "camera_id");
  query.since_ms = query_id(request, "since_ms");
  query.until_ms = query_id(request, "until_ms");
  query.before_id = query_id(request, "before_id");
  if (auto limit = query_id(request, "limit")) {
    if (*limit > services::AccessLog::k_max_page)
      throw Error(Error::Kind::invalid_input,
                  "limit must be from 1 to " + std::to_string(services::AccessLog::k_max_page));
    query.limit = static_cast<int>(*limit);
  }
  return query;
}

http::Response access_log_page(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto organization_id = caller_administering_org(context, caller, path_id(request, "orgId")).org->organization.id;
  if (!context.access_log)
    throw Error(Error::Kind::unavailable, "The access log is not available.");
  auto query = query_of(request, organization_id);
  auto entries = context.access_log->page(query);
  auto out = nlohmann::json::array();
  for (const auto& entry : entries)
    out.push_back(entry_json(entry));
  bool full_page = static_cast<int>(entries.size()) == query.limit;
  return http::Response::json(
      {{"entries", out},
       {"next_before_id", full_page ? nlohmann::json(entries.back().id) : nlohmann::json(nullptr)},
       {"retained", context.access_log->size(organization_id)}});
}

} // namespace

void register_access_log_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("GET", "/api/v1/organizations/{orgId}/access_log", access_log_page);
}

} // namespace argus::api
