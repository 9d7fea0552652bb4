#pragma once
// Which doors a caller sees (docs/design/access-control.md): a door of an enabled integration of the caller's
// current organization that is mapped to at least one camera the caller may watch (live or recorded). What the
// caller sees of a door — its events, its cameras — follows from that; nothing the partner sent decides it.
#include <string_view>
#include <vector>

#include "api/api_context.hpp"
#include "store/door_records.hpp"

namespace argus::api {

struct VisibleDoor {
  store::DoorRecord door;
  const store::IntegrationRecord* integration = nullptr; // in the caller's org snapshot; never null
  std::vector<const store::CameraRecord*> cameras;       // mapped and visible to the caller, by id; never empty
};

//! The caller's visible doors, by name.
std::vector<VisibleDoor> visible_doors(ApiContext& context, const SessionContext& caller);
//! A visible door by the partner's uuid, or Error(not_found) 'Door not found'.
const VisibleDoor& require_visible_door(const std::vector<VisibleDoor>& doors, std::string_view uuid);
//! Whether the caller may change what the camera shows (the write right on it) — quick grant needs it.
bool may_command_door(const SessionContext& caller, const VisibleDoor& door);

} // namespace argus::api
