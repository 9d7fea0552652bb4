#include "analytics/motion_grid.hpp"

#include <nlohmann/json.hpp>

#include "store/records.hpp"

namespace argus::analytics {

MotionGrid grid_for_camera(const store::CameraRecord& camera) {
  if (camera.type == "fisheye")
    return k_fisheye_grid;
  auto config = nlohmann::json::parse(camera.config_json, nullptr, false);
  if (config.is_object()) {
    auto number = [&config](const char* name) {
      auto it = config.find(name);
      return it != config.end() && it->is_number() ? it->get<double>() : 0.0;
    };
    auto width = number("video_width");
    auto height = number("video_height");
    if (width > 0 && height > 0 && width / height < 1.5)
      return k_four_three_grid;
  }
  return k_default_grid;
}

} // namespace argus::analytics
