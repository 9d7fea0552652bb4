// Adding, editing and removing cameras and reading their source URLs: administrators with the write right only.
// Ids come from the path and are checked against the caller's organization (another organization's network or camera
// answers 404 like a missing one); CSRF and the session are checked by the registrar. Source URLs are answered only by
// GET .../source and never logged.
#include "api/camera_admin_api.hpp"

#include <spdlog/spdlog.h>

#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"

namespace argus::api {
namespace {

[[noreturn]] void wrong_type(const std::string& field, const char* expected) {
  throw Error(Error::Kind::invalid_input, field + " must be " + expected);
}

std::optional<std::string> string_field(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end())
    return std::nullopt;
  if (!it->is_string())
    wrong_type(field, "a string");
  return it->get<std::string>();
}

// A string, null (none) or absent (none) URL of an imager entry.
std::optional<std::string> nullable_url(const nlohmann::json& entry, const std::string& field) {
  auto it = entry.find(field.substr(field.rfind('.') + 1));
  if (it == entry.end() || it->is_null())
    return std::nullopt;
  if (!it->is_string())
    wrong_type(field, "a string or null");
  return it->get<std::string>();
}

// "imagers": [{imager_id, main_rtsp_url, sub_rtsp_url}, ...] (the types only; services::validated checks the rest).
std::vector<services::ImagerSourceInput> imagers_from_json(const nlohmann::json& list) {
  if (!list.is_array())
    wrong_type("imagers", "an array of {imager_id, main_rtsp_url, sub_rtsp_url}");
  if (list.size() > 15)
    throw Error(Error::Kind::invalid_input, "imagers must list at most 15 imagers");
  std::vector<services::ImagerSourceInput> imagers;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& entry = list[i];
    auto field = "imagers[" + std::to_string(i) + "]";
    if (!entry.is_object())
      wrong_type(field, "an object {imager_id, main_rtsp_url, sub_rtsp_url}");
    auto id = entry.find("imager_id");
    if (id == entry.end() || !id->is_number_integer() || (id->is_number_unsigned() && id->get<std::uint64_t>() > 1000))
      wrong_type(field + ".imager_id", "an integer from 1 to 15");
    imagers.push_back({id->get<std::int64_t>(), nullable_url(entry, field + ".main_rtsp_url"),
                       nullable_url(entry, field + ".sub_rtsp_url")});
  }
  return imagers;
}

struct CameraTarget {
  const store::NetworkRecord* network;
  store::CameraRecord camera;
  services::CameraScope scope;
};

// The camera of the path inside the path's network of the caller's organization, for a caller who may write it:
// 404 when it lies elsewhere or the caller cannot see it, 403 without the write right.
CameraTarget require_writable_camera(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_network_content(caller, path_id(request, "networkId"));
  services::CameraScope scope{caller.org->organization.id, network.id};
  auto camera =
      services::CameraAdmin(context.database, services::system_now_ms).find(path_id(request, "cameraId"), scope);
  auto rights = caller.permissions().camera_rights(network, camera);
  if (!services::any_right(rights))
    throw Error(Error::Kind::not_found, "Camera not found");
  if (!caller.membership->is_admin || !rights.write)
    throw Error(Error::Kind::permission_denied, k_no_write_permission);
  return {&network, std::move(camera), scope};
}

// The camera as the list shows it, read from a fresh snapshot (placement included).
nlohmann::json fresh_camera_json(ApiContext& context, const SessionContext& caller, const store::NetworkRecord& network,
                                 const store::CameraRecord& written) {
  context.catalog.invalidate();
  const store::CameraRecord* camera = &written;
  auto org = context.catalog.organization(caller.org->organization.id);
  if (org) {
    for (const auto* listed : org->cameras_of(network.id)) {
      if (listed->id == written.id)
        camera = listed;
    }
  }
  return camera_json(*camera, caller.permissions().camera_rights(network, *camera));
}

void notify_recorder(ApiContext& context, std::int64_t camera_id,
                     const std::optional<store::CameraSourceRecord>& source) {
  if (!context.on_camera_source_changed)
    return;
  try {
    context.on_camera_source_changed(camera_id, source);
  } catch (const std::exception& error) {
    spdlog::error("camera {}: the recorder did not take the new source: {}", camera_id, error.what());
  }
}

http::Response add_camera(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_writable_network(caller, path_id(request, "networkId"));
  auto input = camera_input_from_json(parse_json_object(request));
  services::CameraAdmin admin(context.database, services::system_now_ms);
  auto change = admin.create(network.id, input, services::CameraScope{caller.org->organization.id, network.id});
  spdlog::info("camera {} added to network {} by user {}", change.camera.id, network.id, caller.user->user.id);
  notify_recorder(context, change.camera.id, change.source);
  return http::Response::json(fresh_camera_json(context, caller, network, change.camera), 201);
}

http::Response edit_camera(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto target = require_writable_camera(context, request, caller);
  auto input = camera_input_from_json(parse_json_object(request));
  services::CameraAdmin admin(context.database, services::system_now_ms);
  auto change = admin.update(target.camera.id, input, target.scope);
  spdlog::info("camera {} edited by user {}{}", change.camera.id, caller.user->user.id,
               change.source_changed ? " (new source)" : "");
  if (change.source_changed)
    notify_recorder(context, change.camera.id, change.source);
  return http::Response::json(fresh_camera_json(context, caller, *target.network, change.camera));
}

http::Response remove_camera(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto target = require_writable_camera(context, request, caller);
  services::CameraAdmin admin(context.database, services::system_now_ms);
  auto previous = admin.source(target.camera.id, target.scope);
  // Stop recording first so that no index row or chunk file of the camera is written after it is gone.
  notify_recorder(context, target.camera.id, std::nullopt);
  std::vector<std::string> files;
  try {
    files = admin.remove(target.camera.id, target.scope);
  } catch (...) {
    notify_recorder(context, target.camera.id, previous);
    throw;
  }
  context.catalog.invalidate();
  delete_camera_files(context.data_dir, target.camera.id, files);
  spdlog::info("camera {} removed by user {} ({} recording files)", target.camera.id, caller.user->user.id,
               files.size());
  return http::Response::no_content();
}

http::Response camera_source(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto target = require_writable_camera(context, request, caller);
  auto source = services::CameraAdmin(context.database, services::system_now_ms).source(target.camera.id, target.scope);
  auto url_json = [](const std::optional<std::string>& url) {
    return url ? nlohmann::json(*url) : nlohmann::json(nullptr);
  };
  auto imagers = nlohmann::json::array();
  for (const auto& imager : source.imagers) {
    imagers.push_back({{"imager_id", imager.imager_id},
                       {"main_rtsp_url", url_json(imager.main_rtsp_url)},
                       {"sub_rtsp_url", url_json(imager.sub_rtsp_url)}});
  }
  auto response = http::Response::json({{"main_rtsp_url", url_json(source.main_rtsp_url)},
                                        {"sub_rtsp_url", url_json(source.sub_rtsp_url)},
                                        {"retention_days", source.retention_days},
                                        {"imagers", std::move(imagers)}});
  response.add_header("Cache-Control", "no-store");
  return response;
}

} // namespace

services::CameraInput camera_input_from_json(const nlohmann::json& body) {
  services::CameraInput input;
  input.name = string_field(body, "name");
  input.model = string_field(body, "model");
  input.mac = string_field(body, "mac");
  input.serial = string_field(body, "serial");
  input.notes = string_field(body, "notes");
  input.product_short_description = string_field(body, "product_short_description");
  input.main_rtsp_url = string_field(body, "main_rtsp_url");
  if (auto it = body.find("sub_rtsp_url"); it != body.end()) {
    if (it->is_null())
      input.sub_rtsp_url = std::optional<std::string>{};
    else if (it->is_string())
      input.sub_rtsp_url = it->get<std::string>();
    else
      wrong_type("sub_rtsp_url", "a string or null");
  }
  if (auto it = body.find("tags"); it != body.end()) {
    if (!it->is_array())
      wrong_type("tags", "an array of strings");
    std::vector<std::string> tags;
    for (const auto& tag : *it) {
      if (!tag.is_string())
        wrong_type("tags", "an array of strings");
      tags.push_back(tag.get<std::string>());
    }
    input.tags = std::move(tags);
  }
  if (auto it = body.find("retention_days"); it != body.end()) {
    if (!it->is_number_integer())
      wrong_type("retention_days", "an integer");
    input.retention_days = it->is_number_unsigned() && it->get<std::uint64_t>() > 1'000'000 ? std::int64_t{1'000'000}
                                                                                            : it->get<std::int64_t>();
  }
  if (auto it = body.find("imager_count"); it != body.end()) {
    if (!it->is_number_integer())
      wrong_type("imager_count", "an integer");
    input.imager_count =
        it->is_number_unsigned() && it->get<std::uint64_t>() > 1000 ? std::int64_t{1000} : it->get<std::int64_t>();
  }
  if (auto it = body.find("imagers"); it != body.end())
    input.imagers = imagers_from_json(*it);
  return input;
}

void delete_camera_files(const std::filesystem::path& data_dir, std::int64_t camera_id,
                         const std::vector<std::string>& files) {
  std::error_code error;
  for (const auto& file : files) {
    if (file.empty() || file.find("..") != std::string::npos || file.front() == '/')
      continue;
    std::filesystem::remove(data_dir / file, error);
    if (error)
      spdlog::warn("camera {}: cannot delete {}: {}", camera_id, file, error.message());
  }
  auto dir = data_dir / "recordings" / std::to_string(camera_id);
  std::filesystem::remove_all(dir, error);
  if (error)
    spdlog::warn("camera {}: cannot delete {}: {}", camera_id, dir.string(), error.message());
}

void register_camera_admin_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("POST", "/n/{networkId}/manage/vision/cameras", add_camera);
  routes.add_session("PUT", "/n/{networkId}/manage/vision/cameras/{cameraId}", edit_camera);
  routes.add_session("DELETE", "/n/{networkId}/manage/vision/cameras/{cameraId}", remove_camera);
  routes.add_session("GET", "/n/{networkId}/manage/vision/cameras/{cameraId}/source", camera_source);
}

} // namespace argus::api
