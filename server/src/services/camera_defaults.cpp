#include "services/camera_defaults.hpp"

#include <nlohmann/json.hpp>

namespace argus::services {

std::string default_channel_json() {
  return nlohmann::json{{"livestream_playlist_filename", nullptr},
                        {"cloud_proxy_livestream_path", nullptr},
                        {"local_lan_livestream_path", nullptr},
                        {"local_lan_host", nullptr},
                        {"singularity_host", nullptr},
                        {"snapshot_url", nullptr},
                        {"motion_based_retention_rois", nlohmann::json::array()}}
      .dump();
}

std::string camera_config_json(const CameraConfigValues& values) {
  return nlohmann::json{{"aperture", nullptr},
                        {"bitrate", 2500},
                        {"brightness", 50},
                        {"contrast", 50},
                        {"crop", nullptr},
                        {"external_rtsp_enabled", false},
                        {"focus", nullptr},
                        {"fov_rotation", values.fov_rotation},
                        {"frame_rate", 24},
                        {"hdr", values.hdr},
                        {"has_ir_led", values.has_ir_led},
                        {"motion_recap_enabled", values.motion_recap_enabled},
                        {"record_audio", false},
                        {"rotation", 0},
                        {"saturation", 50},
                        {"updated_at", values.updated_at_s},
                        {"video_width", values.video_width},
                        {"video_height", values.video_height},
                        {"zoom", nullptr},
                        {"mount_vertical", values.mount_vertical},
                        {"smart_retention_enabled", false},
                        {"features",
                         {{"hasSimilarityDetection", values.analytics},
                          {"hasPeopleDetection", values.analytics},
                          {"hasVehicleDetection", values.analytics},
                          {"hasAttributeDetection", values.analytics}}},
                        {"pandora", {{"isEnabled", false}}}}
      .dump();
}

} // namespace argus::services
