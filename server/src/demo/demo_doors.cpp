#include "demo/demo_doors.hpp"

#include <fstream>
#include <utility>
#include <vector>

#include <sodium.h>

#include "common/error.hpp"
#include "demo/doorsim_launcher.hpp"
#include "services/access_control/access_control.hpp"
#include "store/database.hpp"

namespace argus::demo {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t k_demo_organization = 1;
// doorsim's default doors (tools/doorsim/README.md) and the demo cameras (demo_fleet.cpp) that watch them.
const std::vector<std::pair<const char*, std::vector<std::int64_t>>> k_door_cameras = {
    {"door-front", {1001, 1002}}, // Lobby Entrance, Reception Desk
    {"door-server", {1003}},      // Server Room
    {"door-dock", {1006, 1007}},  // Dock 1-2, Dock 5-6
    {"door-stair-b", {1004}},     // Storage Aisle A
};

//! The file's text, made (random hex, owner-only) on first use.
std::string secret_file(const fs::path& path) {
  if (fs::exists(path)) {
    std::ifstream in(path);
    std::string text;
    std::getline(in, text);
    if (text.size() >= 32)
      return text;
  }
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char hex[sizeof bytes * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  {
    std::ofstream out(path, std::ios::trunc);
    out << hex << '\n';
    if (!out)
      throw Error(Error::Kind::unavailable, "cannot write " + path.string());
  }
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
  return hex;
}

} // namespace

std::unique_ptr<DoorsimLauncher> start_demo_doors(store::Database& database, services::AccessControl& access_control,
                                                  const fs::path& data_dir, const std::string& public_url) {
  auto integrations = database.integrations_of_organization(k_demo_organization);
  if (integrations.empty())
    throw Error(Error::Kind::unavailable, "the demo organization has no access-control integration");
  auto integration = integrations.front();
  auto dir = data_dir / "demo-doorsim";
  fs::create_directories(dir);
  DoorsimOptions options;
  options.secret_file = dir / "webhook-secret";
  options.token_file = dir / "command-token";
  auto secret = secret_file(options.secret_file);
  auto token = secret_file(options.token_file);
  auto base = public_url;
  while (!base.empty() && base.back() == '/')
    base.pop_back();
  options.webhook_url = base + "/n1/access_control/partners/" + std::to_string(integration.id) + "/events";
  auto doorsim = std::make_unique<DoorsimLauncher>(options);
  database.set_integration_partner(integration.id, doorsim->url(), secret, token, true);
  integration.base_url = doorsim->url();
  integration.webhook_secret = secret;
  integration.command_token = token;
  integration.can_issue_commands = true;
  access_control.sync_doors(integration);
  for (const auto& door : database.doors_of_organization(k_demo_organization)) {
    for (const auto& [uuid, cameras] : k_door_cameras) {
      if (door.integration_id != integration.id || door.uuid != uuid)
        continue;
      for (auto camera_id : cameras)
        database.map_door_camera(door.id, camera_id);
    }
  }
  return doorsim;
}

} // namespace argus::demo
