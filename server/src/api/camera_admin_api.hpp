#pragma once
// Camera administration over the API (routes registered by register_camera_admin_routes in api_routes.hpp) and the
// recording-file clean-up it shares with the CLI.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "services/camera_admin.hpp"

namespace argus::api {

//! A CameraInput from a JSON body: wrong JSON types → Error(invalid_input) naming the field; unknown fields ignored.
services::CameraInput camera_input_from_json(const nlohmann::json& body);
//! Deletes a removed camera's recording files (paths relative to data_dir) and its recordings/<id> directory;
//! failures are logged, not thrown (the index no longer names the files).
void delete_camera_files(const std::filesystem::path& data_dir, std::int64_t camera_id,
                         const std::vector<std::string>& files);

} // namespace argus::api
