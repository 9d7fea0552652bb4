#pragma once
// Which video walls a caller sees in a network's wall list, and which of their tiles; which cameras a caller may put on
// a wall (docs/design/walls.md). Pure: the walls come from the store, the cameras and rights from the organization
// snapshot and PermissionService.
//
//   auto walls = database.walls_of_organization(org.organization.id);
//   for (const auto& visible : walls_listed_in_network(permissions, org, network_id, walls)) ...
//   auto written = tiles_for_writing(permissions, org, home_network_id, inputs); // Error(not_found) for a hidden
//   camera
#include <cstdint>
#include <vector>

#include "services/permission_service.hpp"
#include "services/wall_validation.hpp"
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

//! True when the caller sees every tile of the wall, by the rules of walls_listed_in_network. A caller who does not
//! may not edit or delete the wall: the write would drop or reveal tiles they cannot see.
bool sees_every_tile(const PermissionService& permissions, const OrgSnapshot& org, const store::WallRecord& wall);

//! Tiles of a wall as the caller writes them, ready to store.
struct WrittenTiles {
  std::vector<store::WallTileRecord> tiles;  // in input order
  std::vector<std::int64_t> camera_networks; // distinct networks of the tiles' cameras, ascending
  bool is_cross_network = false;             // a camera outside the home network
};

//! Each input's camera: the organization's camera whose channel is video_channel_id, when the caller sees it (any
//! right, in a network where the caller is not monitor-only). Any other channel, of another organization or missing,
//! is Error(not_found) "tiles[i]: Camera not found" alike. Geometry is not checked here (validate_wall_layout).
WrittenTiles tiles_for_writing(const PermissionService& permissions, const OrgSnapshot& org,
                               std::int64_t home_network_id, const std::vector<WallTileInput>& inputs);

} // namespace argus::services
