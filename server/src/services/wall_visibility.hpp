#pragma once
// Which video walls a caller sees in a network's wall list, and which of their tiles (docs/design/walls.md). Pure: the
// walls come from the store, the cameras and rights from the organization snapshot and PermissionService.
//
//   auto walls = database.walls_of_organization(org.organization.id);
//   for (const auto& visible : walls_listed_in_network(permissions, org, network_id, walls)) ...
#include <cstdint>
#include <vector>

#include "services/permission_service.hpp"
#include "store/wall_records.hpp"

namespace argus::services {

class OrgSnapshot;

//! A tile whose camera the caller may see, with the caller's rights on that camera.
struct VisibleTile {
  const store::WallTileRecord* tile = nullptr; // never null; points into the walls passed in
  const store::CameraRecord* camera = nullptr; // never null; owned by the snapshot
  Rights rights;
};

struct VisibleWall {
  const store::WallRecord* wall = nullptr; // never null; points into the walls passed in
  std::vector<VisibleTile> tiles;          // in wall order, hidden cameras left out
};

//! The walls of network_id's list: the network's own walls and the organization's cross-network walls. A wall is
//! listed when the caller sees at least one of its cameras (an empty wall: in its home network only). Tiles of cameras
//! the caller cannot see (no right, monitor-only network, another network for a single-network wall, unknown camera)
//! are left out. Sorted by name (case-insensitive), then id.
std::vector<VisibleWall> walls_listed_in_network(const PermissionService& permissions, const OrgSnapshot& org,
                                                 std::int64_t network_id, const std::vector<store::WallRecord>& walls);

} // namespace argus::services
