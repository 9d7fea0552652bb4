#pragma once
// Doors in the demo: `argusd --demo` runs the door-controller simulator (tools/doorsim) as the partner of the demo's
// access-control integration ("HQ doors" of Northwind, network Warehouse HQ): the integration points at it (a
// webhook secret and command token made once in DATA_DIR/demo-doorsim), its doors are synced, and each demo door is
// mapped to the cameras that watch it (the front door to Lobby Entrance and Reception Desk, …).
#include <filesystem>
#include <memory>
#include <string>

namespace argus::store {
class Database;
}
namespace argus::services {
class AccessControl;
}

namespace argus::demo {

class DoorsimLauncher;

//! Starts doorsim sending its events to public_url's webhook; throws argus::Error when it does not start, its doors
//! cannot be synced, or the demo has no integration.
std::unique_ptr<DoorsimLauncher> start_demo_doors(store::Database& database, services::AccessControl& access_control,
                                                  const std::filesystem::path& data_dir, const std::string& public_url);

} // namespace argus::demo
