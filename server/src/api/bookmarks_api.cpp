// Clip bookmarks (spec 03 §3 "Bookmark", §7 "Bookmarks"): GET /api/v1/organizations/{orgId}/camera/video/bookmarks
// (serials, endingBefore, perPage 30; items and meta.counts.items.remaining), POST and DELETE
// /api/v1/devices/{serial}/camera/video/bookmarks[/{id}]. A bookmark needs the historical right on its camera; it is
// deleted by its creator or an administrator with the network's write right. Another organization's camera or
// bookmark answers 404 like a missing one. docs/design/exports.md "Bookmarks".
#include <algorithm>
#include <map>

#include "api/api_routes.hpp"
#include "api/camera_media_access.hpp"
#include "api/iso_time.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "media/history_playlist.hpp"
#include "services/clock.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_default_per_page = 30; // spec 03 §9
constexpr std::int64_t k_max_per_page = 100;
constexpr std::size_t k_max_description_chars = 1000;
constexpr std::int64_t k_max_span_ms = 24LL * 3600 * 1000;
constexpr std::int64_t k_future_slack_ms = 60'000;
constexpr std::size_t k_max_serials = 200;
const char* const k_bookmark_not_found = "Bookmark not found";

//! A camera of the caller's organization by serial, with the historical right (404 unknown, 403 without the right).
CameraMediaAccess camera_by_serial(const SessionContext& caller, const std::string& serial) {
  return require_camera_media_by_serial(caller, serial, MediaRight::historical);
}

nlohmann::json bookmark_json(const store::BookmarkRecord& bookmark, const std::string& serial) {
  return {{"id", bookmark.id},
          {"serial", serial},
          {"cameraId", bookmark.camera_id},
          {"description", bookmark.description},
          {"startTs", media::iso8601_utc_ms(bookmark.start_ms)},
          {"endTs", media::iso8601_utc_ms(bookmark.end_ms)},
          {"createdAt", media::iso8601_utc_ms(bookmark.created_ms)},
          {"userName", bookmark.user_name},
          {"userId", bookmark.user_id ? nlohmann::json(*bookmark.user_id) : nlohmann::json(nullptr)}};
}

std::int64_t iso_field(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  auto ms = it != body.end() && it->is_string() ? parse_iso8601_ms(it->get<std::string>()) : std::nullopt;
  if (!ms)
    throw Error(Error::Kind::invalid_input,
                std::string(field) + " must be an ISO 8601 time with a zone, e.g. 2026-11-28T14:05:00.000Z");
  return *ms;
}

std::string checked_description(const nlohmann::json& body) {
  auto it = body.find("description");
  if (it == body.end() || it->is_null())
    return "";
  if (!it->is_string())
    throw Error(Error::Kind::invalid_input, "description must be text");
  auto text = it->get<std::string>();
  auto first = text.find_first_not_of(" \t\r\n");
  text = first == std::string::npos ? "" : text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
  if (text.size() > k_max_description_chars)
    throw Error(Error::Kind::invalid_input, "description must be at most 1000 characters");
  if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 && c != '\n'; }))
    throw Error(Error::Kind::invalid_input, "description may not hold control characters");
  return text;
}

http::Response list_bookmarks(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  if (path_id(request, "orgId") != caller.org->organization.id)
    throw Error(Error::Kind::not_found, "Organization not found");
  std::vector<std::int64_t> camera_ids;
  std::map<std::int64_t, std::string> serial_of;
  auto serials = split_list(request.query_param("serials").value_or(""));
  if (serials.size() > k_max_serials)
    throw Error(Error::Kind::invalid_input, "serials may name at most 200 cameras");
  if (serials.empty()) { // every camera the caller may play back
    for (const auto& camera : caller.org->cameras) {
      const auto* network = caller.org->network(camera.network_id);
      if (network && !caller.permissions().is_monitor_only(network->id) &&
          caller.permissions().camera_rights(*network, camera).historical)
        serials.push_back(camera.serial);
    }
  }
  for (const auto& serial : serials) {
    auto access = camera_by_serial(caller, serial);
    camera_ids.push_back(access.camera->id);
    serial_of[access.camera->id] = serial;
  }
  std::optional<store::BookmarkCursor> older_than;
  if (auto text = request.query_param("endingBefore"); text && !text->empty()) {
    auto start_ms = parse_iso8601_ms(*text);
    older_than = store::BookmarkCursor{start_ms ? *start_ms : parse_id(*text, "endingBefore"), std::nullopt};
    if (auto id = request.query_param("endingBeforeId"); id && !id->empty())
      older_than->before_id = parse_id(*id, "endingBeforeId");
  }
  auto per_page = k_default_per_page;
  if (auto text = request.query_param("perPage"); text && !text->empty())
    per_page = std::min(parse_id(*text, "perPage"), k_max_per_page);
  auto page = context.database.bookmarks_of_cameras(camera_ids, older_than, per_page);
  auto items = nlohmann::json::array();
  for (const auto& bookmark : page.items)
    items.push_back(bookmark_json(bookmark, serial_of[bookmark.camera_id]));
  auto response = http::Response::json(
      {{"items", std::move(items)}, {"meta", {{"counts", {{"items", {{"remaining", page.remaining}}}}}}}});
  response.add_header("Cache-Control", "no-cache");
  return response;
}

http::Response create_bookmark(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = camera_by_serial(caller, request.param("serial"));
  auto body = parse_json_object(request);
  auto description = checked_description(body);
  auto start_ms = iso_field(body, "startTs");
  auto end_ms = iso_field(body, "endTs");
  auto now = services::system_now_ms();
  if (end_ms <= start_ms)
    throw Error(Error::Kind::invalid_input, "The end time must be after the start time");
  if (end_ms > now + k_future_slack_ms)
    throw Error(Error::Kind::invalid_input, "A bookmark may not end in the future");
  if (end_ms - start_ms > k_max_span_ms)
    throw Error(Error::Kind::invalid_input, "A bookmark may span at most 24 hours");
  store::BookmarkRecord bookmark;
  bookmark.organization_id = caller.org->organization.id;
  bookmark.camera_id = access.camera->id;
  bookmark.user_id = caller.user->user.id;
  bookmark.user_name = caller.user->user.name.empty() ? caller.user->user.email : caller.user->user.name;
  bookmark.description = std::move(description);
  bookmark.start_ms = start_ms;
  bookmark.end_ms = end_ms;
  bookmark.created_ms = now;
  bookmark.id = context.database.insert_bookmark(bookmark);
  return http::Response::json(bookmark_json(bookmark, access.camera->serial), 201);
}

http::Response delete_bookmark(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = camera_by_serial(caller, request.param("serial"));
  auto bookmark = context.database.find_bookmark(path_id(request, "bookmarkId"));
  if (!bookmark || bookmark->organization_id != caller.org->organization.id || bookmark->camera_id != access.camera->id)
    throw Error(Error::Kind::not_found, k_bookmark_not_found);
  bool own = bookmark->user_id && *bookmark->user_id == caller.user->user.id;
  if (!own && !network_permissions(caller, *access.network).write)
    throw Error(Error::Kind::permission_denied, "Only the bookmark's creator or a network administrator may delete it");
  context.database.delete_bookmark(bookmark->id);
  return http::Response::no_content();
}

} // namespace

void register_bookmark_routes(RouteRegistrar& routes, ApiContext&) {
  routes.add_session("GET", "/api/v1/organizations/{orgId}/camera/video/bookmarks", &list_bookmarks);
  routes.add_session("POST", "/api/v1/devices/{serial}/camera/video/bookmarks", &create_bookmark);
  routes.add_session("DELETE", "/api/v1/devices/{serial}/camera/video/bookmarks/{bookmarkId}", &delete_bookmark);
}

} // namespace argus::api
