#include "support/wall_helpers.hpp"

#include <gtest/gtest.h>

#include "support/api_helpers.hpp"

namespace argus::testing {

using nlohmann::json;

std::string walls_path(std::int64_t network_id) {
  return api("/n/" + std::to_string(network_id) + "/manage/vision/walls");
}

std::string wall_path(std::int64_t network_id, std::int64_t wall_id) {
  return walls_path(network_id) + "/" + std::to_string(wall_id);
}

std::string rotations_path(std::int64_t organization_id, std::int64_t network_id) {
  return api("/api/v1/organizations/" + std::to_string(organization_id) +
             "/camera/videoWallRotations?networkId=" + std::to_string(network_id));
}

std::string rotation_path(std::int64_t organization_id, std::int64_t rotation_id) {
  return api("/api/v1/organizations/" + std::to_string(organization_id) + "/camera/videoWallRotations/" +
             std::to_string(rotation_id));
}

json tile(std::int64_t channel_id, std::int64_t x, std::int64_t y, std::int64_t w, std::int64_t h) {
  return {{"x", x}, {"y", y}, {"w", w}, {"h", h}, {"video_channel_id", channel_id}};
}

json wall_body(const std::string& name, const std::vector<json>& tiles) {
  return {{"name", name}, {"tiles", tiles}};
}

json rotation_body(const std::string& name, std::int64_t wait_s, const std::vector<std::int64_t>& walls) {
  return {{"name", name}, {"waitDuration", wait_s}, {"videoWallSequence", walls}};
}

json wall_summary(HttpClient& client, std::int64_t network_id) {
  auto response = client.get(walls_path(network_id));
  EXPECT_EQ(response.status, 200) << response.body;
  auto summary = json::array();
  if (response.status != 200)
    return summary;
  for (const auto& wall : response.json()) {
    auto tiles = json::array();
    for (const auto& shown : wall.at("tiles")) {
      tiles.push_back({{"id", shown.at("id")},
                       {"x", shown.at("x")},
                       {"y", shown.at("y")},
                       {"w", shown.at("w")},
                       {"h", shown.at("h")},
                       {"video_channel_id", shown.at("video_channel_id")},
                       {"camera_id", shown.at("camera").at("id")},
                       {"imager_id", shown.at("imager_id")},
                       {"theta", shown.at("theta")},
                       {"phi", shown.at("phi")},
                       {"fov", shown.at("fov")}});
    }
    summary.push_back({{"id", wall.at("id")},
                       {"name", wall.at("name")},
                       {"network_id", wall.at("network_id")},
                       {"is_cross_network", wall.at("is_cross_network")},
                       {"tiles", tiles}});
  }
  return summary;
}

json wall_in(const json& summary, std::int64_t wall_id) {
  for (const auto& wall : summary) {
    if (wall.at("id") == wall_id)
      return wall;
  }
  return nullptr;
}

json rotation_list(HttpClient& client, std::int64_t organization_id, std::int64_t network_id) {
  auto response = client.get(rotations_path(organization_id, network_id));
  EXPECT_EQ(response.status, 200) << response.body;
  return response.status == 200 ? response.json() : json::array();
}

} // namespace argus::testing
