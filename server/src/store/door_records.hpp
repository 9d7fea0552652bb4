#pragma once
// Rows of door access control (migration 0019, docs/design/access-control.md): doors synced from a partner, the
// cameras that watch them, and the door events the partner pushed. Times are UTC milliseconds.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace argus::store {

struct DoorRecord {
  std::int64_t id = 0;
  std::int64_t integration_id = 0;
  std::string uuid; // the partner's door id
  std::string name;
  std::string location_uuid;
  std::string controller_uuid;
  std::string controller_name;
  bool gone = false;                    // no longer in the partner's door list (its events stay readable)
  std::vector<std::int64_t> camera_ids; // cameras mapped to it, ascending
};

struct AccessEventRecord {
  std::int64_t id = 0;
  std::int64_t integration_id = 0;
  std::int64_t door_id = 0;
  std::string partner_event_id;
  std::int64_t time_ms = 0;
  std::string type; // access_granted, access_denied, door_held_open, door_forced_open, door_unlocked
  std::string message;
  std::optional<std::string> card_number;
  std::string actor_json; // the actor as the partner sent it (checked): {"type": "USER"|"API_KEY"|"SYSTEM", ...}
  std::string controller_uuid;
  std::string controller_name;
  std::optional<std::string> command_id;
  std::int64_t received_ms = 0;
};

//! Which events a page holds: of these doors, time in [from_ms, to_ms), door name containing door_name (any case).
struct AccessEventQuery {
  std::vector<std::int64_t> door_ids;
  std::int64_t from_ms = 0;
  std::int64_t to_ms = 0;
  bool ascending = false;
  std::int64_t offset = 0;
  std::int64_t limit = 100;
};

struct AccessEventPage {
  std::vector<AccessEventRecord> items;
  std::int64_t total = 0; // events matching the query over all pages
};

} // namespace argus::store
