#pragma once
// What each demo organization holds, as its own org-write administrator sees it, for the permission matrix: the ids
// a call can be made with (one camera and the things made on it: an export, a bookmark, live and recorded file
// names), the strings that name anything of it (markers no outsider's answer may contain), and an
// inventory to prove that an outsider's calls changed nothing.
//
//   auto northwind = OrganizationWorld::gather(writer, 1, "nw-8f2a1c", "Northwind Logistics", 101, camera_id);
//   northwind.value("cameraId");                 // "1003"
//   northwind.inventory(writer) == northwind.inventory_before
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/http_client.hpp"

namespace argus::testing {

//! The file name values (file, chunkFile, initFile) when the camera had none to offer.
inline constexpr const char* k_no_file = "no-such-file.mp4";

struct OrganizationWorld {
  std::int64_t organization_id = 0;
  std::string organization_eid;
  std::string organization_name;
  std::int64_t network_id = 0; // the network of `camera`
  nlohmann::json camera;       // the camera the targets are made on (as the camera list shows it)
  //! Path and query parameter values naming this organization's things: orgId, networkId, cameraId, channelId, serial,
  //! wallId, rotationId, jobId, bookmarkId, userId, doorUuid, integrationId, floorPlanId, file, chunkFile, initFile,
  //! orgEid.
  std::map<std::string, std::string> values;
  //! Strings that name something of this organization: network, camera, wall, rotation, export and bookmark names,
  //! serials, MACs, camera media paths, members' e-mails and names.
  std::vector<std::string> markers;
  nlohmann::json inventory_before;

  //! Gathers the organization as `owner` (its org-write administrator) sees it, makes an export and a bookmark (and,
  //! when `make_rotation`, a second wall and a rotation) on `camera_id`, and takes the inventory.
  static OrganizationWorld gather(HttpClient& owner, std::int64_t organization_id, std::string eid, std::string name,
                                  std::int64_t network_id, std::int64_t camera_id, bool make_rotation);

  //! Networks, cameras, walls, rotations, members, bookmarks, export jobs and the sign-in policy (no live state).
  nlohmann::json inventory(HttpClient& owner) const;

  //! values.at(name), or "" when the organization has no such thing.
  std::string value(const std::string& name) const;
};

//! The cameras of a network as `client` sees them (an empty array when refused).
nlohmann::json cameras_of(HttpClient& client, std::int64_t network_id);

//! The markers of one camera (name, serial, MAC, media paths).
std::vector<std::string> camera_markers(const nlohmann::json& camera);

} // namespace argus::testing
