#pragma once
// The JSON shapes of a camera's channel and config (spec 01 §3) as first stored: shared by cameras added by an
// administrator and by the demo fleet, so both always carry every field the portal reads.
#include <cstdint>
#include <string>

namespace argus::services {

struct CameraConfigValues {
  double fov_rotation = 0;
  int video_width = 1920;
  int video_height = 1080;
  bool hdr = false;
  bool has_ir_led = false;
  bool motion_recap_enabled = false;
  bool analytics = false; // people, vehicle, attribute and similarity detection
  bool mount_vertical = false; // a fisheye on a wall (true) or a ceiling (false): the portal's dewarp presets
  std::int64_t updated_at_s = 0;
};

//! A camera channel with every field present and no media paths yet (they are derived from the camera's source).
std::string default_channel_json();

//! A CameraConfig with the given values and neutral image settings.
std::string camera_config_json(const CameraConfigValues& values);

} // namespace argus::services
