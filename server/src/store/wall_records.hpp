#pragma once
// Rows of video walls and of the event log (migration 0003) and of wall rotations (migration 0006). Times are UTC
// milliseconds.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace argus::store {

//! One tile of a wall, in grid cells. The channel shown is the camera's channel.
struct WallTileRecord {
  std::int64_t id = 0;
  std::int64_t camera_id = 0;
  std::optional<std::int64_t> imager_id;
  std::int64_t x = 0;
  std::int64_t y = 0;
  std::int64_t w = 1;
  std::int64_t h = 1;
  std::optional<double> theta; // radians
  std::optional<double> phi;   // radians; present means a dewarped fisheye view
  std::optional<double> fov;   // degrees
};

struct WallRecord {
  std::int64_t id = 0;
  std::int64_t organization_id = 0;
  std::int64_t network_id = 0; // home network
  std::string name;
  bool is_cross_network = false;
  std::optional<std::int64_t> created_by_user_id;
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
  std::vector<WallTileRecord> tiles; // in wall order
};

//! A rotation (spec 02 §3): the portal shows the walls of wall_ids in turn, each for wait_duration_s seconds.
struct WallRotationRecord {
  std::int64_t id = 0;
  std::int64_t organization_id = 0;
  std::int64_t network_id = 0;
  std::string name;
  std::int64_t wait_duration_s = 10;
  std::optional<std::int64_t> created_by_user_id;
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
  std::vector<std::int64_t> wall_ids; // in the order they are shown
};

//! One logged portal event (spec 02 §7 access_logs/log_event).
struct EventLogRecord {
  std::int64_t id = 0;
  std::int64_t organization_id = 0;
  std::int64_t network_id = 0;
  std::int64_t user_id = 0;
  std::int64_t camera_id = 0;
  std::int64_t channel_id = 0;
  std::string event; // e.g. screenshot_created
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
  std::int64_t created_ms = 0;
};

} // namespace argus::store
