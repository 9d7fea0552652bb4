// The access-control partners' event webhook (docs/design/access-control.md "Partner → argusd"):
// POST /access_control/partners/{integrationId}/events under the api base path, authenticated by its HMAC signature
// (no session, no CSRF). Events are judged one by one; a batch sent again changes nothing.
#include "api/api_routes.hpp"
#include "api/partner_event_input.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "services/access_control/access_control.hpp"
#include "services/access_control/webhook_signature.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::size_t k_max_body_bytes = 256 * 1024;
constexpr std::size_t k_max_events = 100;
const char* const k_invalid_signature = "Invalid signature";

http::Response receive_events(ApiContext& context, http::Request& request) {
  if (!context.access_control)
    throw Error(Error::Kind::unavailable, "Access control is not running");
  if (request.body.size() > k_max_body_bytes)
    return http::Response::error(413, "The body may be at most 256 KB");
  std::optional<store::IntegrationRecord> integration;
  if (auto id = request.param("integrationId");
      !id.empty() && id.size() <= 18 && id.find_first_not_of("0123456789") == std::string::npos)
    integration = context.database.find_integration(std::stoll(id));
  auto now = context.now_ms();
  if (!integration || !integration->enabled ||
      !services::webhook_signature_valid(integration->webhook_secret, request.header("x-argus-timestamp"),
                                         request.header("x-argus-signature"), request.body, now))
    return http::Response::error(401, k_invalid_signature);

  auto body = parse_json_object(request);
  auto events = body.find("events");
  if (events == body.end() || !events->is_array())
    throw Error(Error::Kind::invalid_input, "events must be an array");
  if (events->size() > k_max_events)
    throw Error(Error::Kind::invalid_input, "events may hold at most 100 events");
  std::vector<services::IncomingAccessEvent> incoming;
  std::vector<services::AccessEventRejection> invalid;
  for (const auto& item : *events) {
    if (auto event = parse_partner_event(item, now))
      incoming.push_back(std::move(*event));
    else
      invalid.push_back({partner_event_id(item), "invalid"});
  }
  auto result = context.access_control->ingest(*integration, std::move(incoming));
  auto rejected = nlohmann::json::array();
  for (const auto& list : {invalid, result.rejected}) {
    for (const auto& rejection : list)
      rejected.push_back({{"id", rejection.id}, {"reason", rejection.reason}});
  }
  return http::Response::json(
      {{"accepted", result.accepted}, {"duplicates", result.duplicates}, {"rejected", std::move(rejected)}});
}

} // namespace

void register_access_webhook_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_signed_webhook("/access_control/partners/{integrationId}/events",
                            [&context](http::Request& request) { return receive_events(context, request); });
}

} // namespace argus::api
