#include "services/wall_visibility.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "common/error.hpp"
#include "services/catalog.hpp"

namespace argus::services {
namespace {

const store::CameraRecord* camera_by_id(const OrgSnapshot& org, std::int64_t camera_id) {
  auto it = std::lower_bound(org.cameras.begin(), org.cameras.end(), camera_id,
                             [](const store::CameraRecord& camera, std::int64_t id) { return camera.id < id; });
  if (it != org.cameras.end() && it->id == camera_id)
    return &*it;
  // The snapshot is documented as sorted by id; a scan keeps this right if it ever is not.
  auto found = std::find_if(org.cameras.begin(), org.cameras.end(),
                            [camera_id](const store::CameraRecord& camera) { return camera.id == camera_id; });
  return found == org.cameras.end() ? nullptr : &*found;
}

// The caller's rights on a camera when the caller sees it: its network exists, is not monitor-only for the caller,
// and the caller has any right on the camera.
std::optional<Rights> visible_rights(const PermissionService& permissions, const OrgSnapshot& org,
                                     const store::CameraRecord& camera) {
  const auto* network = org.network(camera.network_id);
  if (!network || permissions.is_monitor_only(network->id))
    return std::nullopt;
  auto rights = permissions.camera_rights(*network, camera);
  if (!any_right(rights))
    return std::nullopt;
  return rights;
}

// A tile of a wall as the caller sees it, or nullopt when hidden (also: a single-network wall's tile of a camera
// elsewhere, an unknown camera).
std::optional<VisibleTile> visible_tile(const PermissionService& permissions, const OrgSnapshot& org,
                                        const store::WallRecord& wall, const store::WallTileRecord& tile) {
  const auto* camera = camera_by_id(org, tile.camera_id);
  if (!camera || (!wall.is_cross_network && camera->network_id != wall.network_id))
    return std::nullopt;
  auto rights = visible_rights(permissions, org, *camera);
  if (!rights)
    return std::nullopt;
  return VisibleTile{&tile, camera, *rights};
}

std::string lower(const std::string& text) {
  std::string out = text;
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

} // namespace

std::vector<VisibleWall> walls_listed_in_network(const PermissionService& permissions, const OrgSnapshot& org,
                                                 std::int64_t network_id, const std::vector<store::WallRecord>& walls) {
  std::vector<VisibleWall> out;
  for (const auto& wall : walls) {
    bool home = wall.network_id == network_id;
    if (wall.organization_id != org.organization.id || (!home && !wall.is_cross_network))
      continue;
    VisibleWall visible{&wall, {}};
    for (const auto& tile : wall.tiles) {
      if (auto shown = visible_tile(permissions, org, wall, tile))
        visible.tiles.push_back(*shown);
    }
    bool listed = !visible.tiles.empty() || (home && wall.tiles.empty());
    if (listed)
      out.push_back(std::move(visible));
  }
  std::sort(out.begin(), out.end(), [](const VisibleWall& a, const VisibleWall& b) {
    auto a_name = lower(a.wall->name);
    auto b_name = lower(b.wall->name);
    return a_name != b_name ? a_name < b_name : a.wall->id < b.wall->id;
  });
  return out;
}

bool sees_every_tile(const PermissionService& permissions, const OrgSnapshot& org, const store::WallRecord& wall) {
  return std::all_of(wall.tiles.begin(), wall.tiles.end(), [&](const store::WallTileRecord& tile) {
    return visible_tile(permissions, org, wall, tile).has_value();
  });
}

WrittenTiles tiles_for_writing(const PermissionService& permissions, const OrgSnapshot& org,
                               std::int64_t home_network_id, const std::vector<WallTileInput>& inputs) {
  WrittenTiles written;
  std::set<std::int64_t> networks;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const auto& input = inputs[i];
    auto camera = std::find_if(org.cameras.begin(), org.cameras.end(), [&](const store::CameraRecord& candidate) {
      return candidate.channel_id == input.video_channel_id && visible_rights(permissions, org, candidate);
    });
    if (camera == org.cameras.end())
      throw Error(Error::Kind::not_found, "tiles[" + std::to_string(i) + "]: Camera not found");
    if (input.imager_id && *input.imager_id >= camera->imager_count) {
      throw Error(Error::Kind::invalid_input, "tiles[" + std::to_string(i) + "]: imager_id must be below the camera's " +
                                                  std::to_string(camera->imager_count) + " imager(s)");
    }
    store::WallTileRecord tile;
    tile.camera_id = camera->id;
    tile.imager_id = input.imager_id;
    tile.x = input.x;
    tile.y = input.y;
    tile.w = input.w;
    tile.h = input.h;
    tile.theta = input.theta;
    tile.phi = input.phi;
    tile.fov = input.fov;
    written.tiles.push_back(tile);
    networks.insert(camera->network_id);
    written.is_cross_network = written.is_cross_network || camera->network_id != home_network_id;
  }
  written.camera_networks.assign(networks.begin(), networks.end());
  return written;
}

} // namespace argus::services
