// Door access control for the portal (spec 03 §7 "Access control", docs/design/access-control.md "Portal calls"):
// GET /api/genea/v1/organizations/{orgId}/doorCameraMappings, GET .../accessEvents (page/page_size with start_date and
// end_date, or startTs/endTs; meta.pagination.page_count) and PUT .../doors/{doorUuid}/quickGrant. Everything is
// limited to the doors the caller sees (api/door_visibility); the partner's webhook is access_webhook_api.cpp.
#include <algorithm>
#include <cctype>
#include <map>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/door_visibility.hpp"
#include "api/iso_time.hpp"
#include "api/request_parsing.hpp"
#include "api/text_input.hpp"
#include "common/error.hpp"
#include "media/history_playlist.hpp"
#include "services/access_control/access_control.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_default_page_size = 100; // spec 03 §9
constexpr std::int64_t k_default_range_ms = 24LL * 3600 * 1000;
const char* const k_grant_failed = "Access could not be granted"; // spec 03 §8

nlohmann::json cameras_json(const VisibleDoor& door) {
  auto out = nlohmann::json::array();
  for (const auto* camera : door.cameras)
    out.push_back({{"id", camera->id}, {"serial", camera->serial}, {"name", camera->name}});
  return out;
}

nlohmann::json event_json(const store::AccessEventRecord& event, const VisibleDoor& door) {
  auto actor = nlohmann::json::parse(event.actor_json, nullptr, false);
  nlohmann::json controller = nullptr;
  if (!event.controller_uuid.empty() || !event.controller_name.empty())
    controller = {{"uuid", event.controller_uuid}, {"name", event.controller_name}};
  return {{"uuid", event.partner_event_id},
          {"time", media::iso8601_utc_ms(event.time_ms)},
          {"type", event.type},
          {"message", event.message},
          {"cardNumber", event.card_number ? nlohmann::json(*event.card_number) : nlohmann::json(nullptr)},
          {"actor", actor.is_object() ? actor : nlohmann::json{{"type", "SYSTEM"}}},
          {"door", {{"uuid", door.door.uuid}, {"name", door.door.name}}},
          {"controller", controller},
          {"cameras", cameras_json(door)}};
}

bool door_mapped_to(const VisibleDoor& door, const std::string& serial) {
  return std::any_of(door.cameras.begin(), door.cameras.end(),
                     [&](const store::CameraRecord* camera) { return camera->serial == serial; });
}

//! The visible doors the query names (serial, location_uuid, door_uuid list, door_name substring).
std::vector<const VisibleDoor*> chosen_doors(const std::vector<VisibleDoor>& doors, const http::Request& request) {
  auto serial = request.query_param("serial").value_or("");
  auto location = request.query_param("location_uuid").value_or("");
  auto uuids = split_list(request.query_param("door_uuid").value_or(""));
  auto name = lower(request.query_param("door_name").value_or(""));
  if (name.size() > 255)
    throw Error(Error::Kind::invalid_input, "door_name must be at most 255 characters");
  if (!serial.empty() &&
      std::none_of(doors.begin(), doors.end(), [&](const auto& d) { return door_mapped_to(d, serial); })) {
    // A serial the caller cannot see (or without doors) has no events; say so the same way for both.
    return {};
  }
  std::vector<const VisibleDoor*> out;
  for (const auto& door : doors) {
    if (!serial.empty() && !door_mapped_to(door, serial))
      continue;
    if (!location.empty() && door.door.location_uuid != location)
      continue;
    if (!uuids.empty() && std::find(uuids.begin(), uuids.end(), door.door.uuid) == uuids.end())
      continue;
    if (!name.empty() && lower(door.door.name).find(name) == std::string::npos)
      continue;
    out.push_back(&door);
  }
  return out;
}

std::int64_t query_time(const http::Request& request, const char* iso_name, const char* ms_name,
                        std::int64_t fallback) {
  if (auto text = request.query_param(iso_name); text && !text->empty()) {
    auto ms = parse_iso8601_ms(*text);
    if (!ms)
      throw Error(Error::Kind::invalid_input, std::string(iso_name) + " must be an ISO 8601 time with a zone");
    return *ms;
  }
  if (auto text = request.query_param(ms_name); text && !text->empty())
    return parse_id(*text, ms_name);
  return fallback;
}

std::int64_t query_number(const http::Request& request, const char* name, std::int64_t fallback, std::int64_t max) {
  auto text = request.query_param(name);
  if (!text || text->empty())
    return fallback;
  auto value = parse_id(*text, name);
  if (value > max)
    throw Error(Error::Kind::invalid_input, std::string(name) + " must be at most " + std::to_string(max));
  return value;
}

http::Response door_camera_mappings(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto in_org = caller_in_org(context, caller, path_id(request, "orgId"));
  auto doors = visible_doors(context, in_org);
  auto serial = request.query_param("serial").value_or("");
  auto out = nlohmann::json::array();
  for (const auto& door : doors) {
    if (!serial.empty() && !door_mapped_to(door, serial))
      continue;
    out.push_back({{"door", {{"uuid", door.door.uuid}, {"name", door.door.name}}},
                   {"location_uuid", door.door.location_uuid},
                   {"integration_id", door.door.integration_id},
                   {"cameras", cameras_json(door)}});
  }
  auto response = http::Response::json(out);
  response.add_header("Cache-Control", "no-cache");
  return response;
}

http::Response access_events(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto in_org = caller_in_org(context, caller, path_id(request, "orgId"));
  auto now = context.now_ms();
  auto to_ms = query_time(request, "end_date", "endTs", now);
  auto from_ms = query_time(request, "start_date", "startTs", to_ms - k_default_range_ms);
  if (to_ms <= from_ms)
    throw Error(Error::Kind::invalid_input, "The end of the range must be after its start");
  auto order = request.query_param("order").value_or("desc");
  if (order != "asc" && order != "desc")
    throw Error(Error::Kind::invalid_input, "order must be asc or desc");
  if (auto by = request.query_param("order_by"); by && !by->empty() && *by != "time")
    throw Error(Error::Kind::invalid_input, "order_by must be time");
  auto page = query_number(request, "page", 1, 1'000'000);
  auto page_size = query_number(request, "page_size", k_default_page_size, 100);

  auto doors = visible_doors(context, in_org);
  auto chosen = chosen_doors(doors, request);
  store::AccessEventQuery query;
  std::map<std::int64_t, const VisibleDoor*> door_of;
  for (const auto* door : chosen) {
    query.door_ids.push_back(door->door.id);
    door_of[door->door.id] = door;
  }
  query.from_ms = from_ms;
  query.to_ms = to_ms;
  query.ascending = order == "asc";
  query.limit = page_size;
  query.offset = (page - 1) * page_size;
  auto found = context.database.access_events(query);
  auto data = nlohmann::json::array();
  for (const auto& event : found.items)
    data.push_back(event_json(event, *door_of.at(event.door_id)));
  auto page_count = (found.total + page_size - 1) / page_size;
  auto response = http::Response::json(
      {{"data", std::move(data)},
       {"meta",
        {{"pagination",
          {{"page", page}, {"page_size", page_size}, {"page_count", page_count}, {"total", found.total}}}}}});
  response.add_header("Cache-Control", "no-cache");
  return response;
}

http::Response quick_grant(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto in_org = caller_in_org(context, caller, path_id(request, "orgId"));
  auto doors = visible_doors(context, in_org);
  const auto& door = require_visible_door(doors, request.param("doorUuid"));
  if (!may_command_door(in_org, door))
    throw Error(Error::Kind::permission_denied, "You do not have permission to unlock this door");
  if (!door.integration->can_issue_commands)
    throw Error(Error::Kind::conflict, "Commands cannot be issued to this door");
  if (!context.access_control)
    return http::Response::error(502, k_grant_failed);
  services::UnlockCommand command;
  command.user_uuid = std::to_string(in_org.user->user.id);
  command.user_name = in_org.user->user.name.empty() ? in_org.user->user.email : in_org.user->user.name;
  command.user_email = in_org.user->user.email;
  std::string command_id;
  try {
    command_id = context.access_control->unlock(*door.integration, door.door, command);
  } catch (const std::exception& error) {
    log_access(context, request, in_org, "door_quick_grant", nullptr, door.cameras.front(),
               door.door.name + ": failed (" + error.what() + ")");
    return http::Response::error(502, k_grant_failed);
  }
  log_access(context, request, in_org, "door_quick_grant", nullptr, door.cameras.front(), door.door.name);
  return http::Response::json({{"commandId", command_id}});
}

} // namespace

void register_access_control_routes(RouteRegistrar& routes, ApiContext& context) {
  (void)context;
  routes.add_session("GET", "/api/genea/v1/organizations/{orgId}/doorCameraMappings", door_camera_mappings);
  routes.add_session("GET", "/api/genea/v1/organizations/{orgId}/accessEvents", access_events);
  routes.add_session("PUT", "/api/genea/v1/organizations/{orgId}/doors/{doorUuid}/quickGrant", quick_grant);
}

} // namespace argus::api
