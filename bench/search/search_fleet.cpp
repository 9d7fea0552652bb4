#include "search/search_fleet.hpp"

#include <cctype>

#include "api/export_views.hpp"

namespace argus::bench {
namespace {

const std::vector<std::string> k_cities = {"Berlin", "Denver",  "Austin",  "Lisbon", "Osaka",   "Toronto", "Madrid",
                                           "Dublin", "Chicago", "Seattle", "Munich", "Phoenix", "Oslo",    "Boston",
                                           "Prague", "Vienna",  "Atlanta", "Sydney", "Milan",   "Houston"};
const std::vector<std::string> k_site_kinds = {"Warehouse", "Store", "Head Office", "Distribution Center",
                                               "Clinic",    "Plant", "Depot",       "Branch",
                                               "Campus",    "Hotel"};
const std::vector<std::string> k_areas = {
    "Lobby",       "Entrance",      "Reception",       "Loading Dock", "Parking",    "Stairwell", "Corridor",
    "Server Room", "Cash Register", "Warehouse Aisle", "Back Door",    "Front Door", "Elevator",  "Cafeteria",
    "Break Room",  "Rooftop",       "Perimeter Fence", "Gate",         "Garage",     "Office",    "Conference Room",
    "Storage",     "Shipping",      "Receiving",       "Fire Exit",    "Hallway",    "Atrium",    "Vault",
    "Kiosk",       "Pharmacy",      "Checkout",        "Yard",         "Mailroom",   "Workshop",  "Assembly Line"};
const std::vector<std::string> k_qualifiers = {"North", "South", "East",  "West",  "Level 1", "Level 2", "Level 3",
                                               "Main",  "Rear",  "Side",  "Inner", "Outer",   "A",       "B",
                                               "C",     "Left",  "Right", "Upper", "Lower",   "Overview"};
const std::vector<std::string> k_tags = {"public", "secure", "outdoor", "indoor",    "ptz",  "fisheye", "retail",
                                         "ops",    "night",  "lpr",     "perimeter", "cash", "hq",      "audio"};
const std::vector<std::string> k_models = {"MV2",  "MV12W", "MV13", "MV22", "MV22X", "MV32",
                                           "MV33", "MV52",  "MV63", "MV72", "MV84X", "MV93"};
const std::vector<std::string> k_wall_words = {"Front of house", "Overview",  "Entrances", "Docks",   "Night shift",
                                               "Security desk",  "Perimeter", "Cash",      "Parking", "Operations"};
//! A Meraki-like serial "Q2AB-CD3E-FG4H", unique per id (a bijection of the id), without q, j, x or z after "Q2".
std::string serial_of(std::int64_t id) {
  static const std::string alphabet = "ABCDEFGHKLMNPRSTUVWY23456789"; // 28 symbols
  std::uint64_t value = (static_cast<std::uint64_t>(id) * 0x9E3779B97F4A7C15ULL) >> 24;
  std::string out = "Q2";
  for (int i = 0; i < 10; ++i) {
    if (i == 2 || i == 6)
      out += '-';
    out += alphabet[value % alphabet.size()];
    value /= alphabet.size();
  }
  return out;
}

std::string mac_of(std::int64_t id) {
  char text[32];
  std::snprintf(text, sizeof text, "e0:55:3d:%02x:%02x:%02x", static_cast<unsigned>((id >> 16) & 0xff),
                static_cast<unsigned>((id >> 8) & 0xff), static_cast<unsigned>(id & 0xff));
  return text;
}

} // namespace

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += c;
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  return out;
}

Fleet make_fleet(std::mt19937_64& random) {
  Fleet fleet;
  const std::vector<std::string> zones = {"Europe/Berlin", "America/Denver", "America/Chicago", "Asia/Tokyo", "UTC"};
  for (int n = 1; n <= k_networks; ++n) {
    store::NetworkRecord network;
    network.id = n;
    network.eid = "net-" + std::to_string(n);
    network.organization_id = k_organization;
    network.name = k_site_kinds[static_cast<std::size_t>(n) % k_site_kinds.size()] + " " +
                   k_cities[static_cast<std::size_t>(n - 1) % k_cities.size()] + " " + std::to_string(n);
    network.timezone = zones[static_cast<std::size_t>(n) % zones.size()];
    fleet.networks.push_back(network);
  }
  for (int id = 1; id <= k_cameras; ++id) {
    store::CameraRecord camera;
    camera.id = id;
    camera.network_id = 1 + (id - 1) % k_networks;
    camera.organization_id = k_organization;
    camera.mac = mac_of(id);
    camera.serial = serial_of(id);
    camera.model = pick(random, k_models);
    camera.name = pick(random, k_areas) + " " + pick(random, k_qualifiers);
    if (uniform(random, 0, 2) == 0)
      camera.name += " " + std::to_string(uniform(random, 1, 40));
    for (int t = uniform(random, 0, 3); t > 0; --t) {
      auto tag = pick(random, k_tags);
      if (std::find(camera.tags.begin(), camera.tags.end(), tag) == camera.tags.end())
        camera.tags.push_back(tag);
    }
    camera.status = uniform(random, 0, 9) ? "online" : "offline";
    camera.channel_id = id;
    fleet.cameras.push_back(camera);
  }
  std::map<std::int64_t, std::vector<std::int64_t>> cameras_of;
  for (const auto& camera : fleet.cameras)
    cameras_of[camera.network_id].push_back(camera.id);
  for (int id = 1; id <= k_walls; ++id) {
    store::WallRecord wall;
    wall.id = id;
    wall.organization_id = k_organization;
    wall.network_id = 1 + (id - 1) % k_networks;
    const auto& network = fleet.networks[static_cast<std::size_t>(wall.network_id - 1)];
    wall.name = uniform(random, 0, 1) ? pick(random, k_wall_words) + " " + words_of(network.name).at(1)
                                      : pick(random, k_areas) + " " + pick(random, k_wall_words);
    wall.created_ms = 1'735'689'600'000;
    wall.updated_ms = wall.created_ms;
    wall.created_by_user_id = k_admin;
    const auto& own = cameras_of[wall.network_id];
    int tiles = uniform(random, 0, 9) == 0 ? 0 : uniform(random, 1, 9); // some walls are still empty
    for (int t = 0; t < tiles; ++t) {
      store::WallTileRecord tile;
      tile.camera_id = own[static_cast<std::size_t>(uniform(random, 0, static_cast<int>(own.size()) - 1))];
      tile.x = t % 3 * 9;
      tile.y = t / 3 * 9;
      tile.w = 9;
      tile.h = 9;
      wall.tiles.push_back(tile);
    }
    fleet.walls.push_back(wall);
  }
  const std::int64_t t_end = 1'764'422'400'000;
  for (int id = 1; id <= k_export_jobs; ++id) {
    const auto& camera = fleet.cameras[static_cast<std::size_t>(uniform(random, 0, k_cameras - 1))];
    const auto& network = fleet.networks[static_cast<std::size_t>(camera.network_id - 1)];
    store::ExportJobRecord job;
    job.id = id;
    job.organization_id = k_organization;
    job.network_id = camera.network_id;
    job.user_id = uniform(random, 0, 4) ? k_admin : k_viewer;
    job.user_name = *job.user_id == k_admin ? "Alex Admin" : "Vic Viewer";
    job.camera_id = camera.id;
    job.camera_name = camera.name;
    job.video_channel_id = camera.channel_id;
    job.t0_ms = t_end - std::uniform_int_distribution<std::int64_t>(0, 365LL * 86'400'000)(random);
    job.t1_ms = job.t0_ms + 60'000 * uniform(random, 1, 30);
    job.created_ms = job.t1_ms + 3'600'000;
    job.scheduled_for_ms = job.created_ms;
    job.state = store::ExportState::complete;
    job.progress = 100;
    switch (uniform(random, 0, 9)) {
    case 0:
      job.filename =
          "Incident " + std::to_string(uniform(random, 1000, 99999)) + " " + words_of(camera.name)[0] + ".mp4";
      break;
    case 1:
      job.filename = "Evidence case " + std::to_string(uniform(random, 100, 9999)) + ".mp4";
      break;
    default:
      job.filename = api::default_filename(camera.name, job.t0_ms, network.timezone);
    }
    fleet.exports.push_back(job);
  }
  return fleet;
}

void seed(store::SqliteDatabase& database, const Fleet& fleet) {
  database.in_transaction([&] {
    store::OrganizationRecord organization;
    organization.id = k_organization;
    organization.eid = "org-1";
    organization.name = "Globex";
    database.insert_organization(organization);
    for (const auto& network : fleet.networks)
      database.insert_network(network);
    database.insert_user({k_admin, "Alex Admin", "admin@example.com", "", 30, false, 0});
    database.insert_user({k_viewer, "Vic Viewer", "viewer@example.com", "", 30, false, 0});
    database.upsert_membership({k_admin, k_organization, true, false, false});
    database.upsert_membership({k_viewer, k_organization, false, false, false});
    for (std::int64_t n = 1; n <= k_viewer_networks; ++n)
      database.insert_privilege({0, k_viewer, k_organization, "network", n, std::nullopt, std::nullopt,
                                 store::RightsRecord{false, true, true, true}});
    for (const auto& camera : fleet.cameras)
      database.insert_camera(camera);
    for (const auto& wall : fleet.walls)
      database.insert_wall(wall);
    for (const auto& job : fleet.exports)
      database.insert_export_job(job);
  });
}

} // namespace argus::bench
