#include "services/wall_visibility.hpp"

#include <algorithm>
#include <cctype>

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
      const auto* camera = camera_by_id(org, tile.camera_id);
      if (!camera || (!wall.is_cross_network && camera->network_id != wall.network_id))
        continue;
      const auto* network = org.network(camera->network_id);
      if (!network || permissions.is_monitor_only(network->id))
        continue;
      auto rights = permissions.camera_rights(*network, *camera);
      if (any_right(rights))
        visible.tiles.push_back({&tile, camera, rights});
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

} // namespace argus::services
