#include "demo/demo_fleet.hpp"

#include "services/camera_defaults.hpp"

namespace argus::demo {
namespace {

constexpr std::int64_t k_northwind = 1;
constexpr std::int64_t k_contoso = 2;
constexpr std::int64_t k_warehouse_hq = 101;
constexpr std::int64_t k_downtown_store = 102;
constexpr std::int64_t k_distribution_center = 103;
constexpr std::int64_t k_contoso_flagship = 201;
constexpr std::int64_t k_warehouse_plan = 3001;
constexpr std::int64_t k_downtown_plan = 3002;
// The fisheye cameras (MV32): Lobby Entrance hangs from the ceiling, Dock Wall Fisheye is mounted on a wall. Both serve
// fisheye footage in the demo (camsim --fisheye-cameras).
constexpr std::int64_t k_ceiling_fisheye = 1001;
constexpr std::int64_t k_wall_fisheye = 1013;
constexpr double k_pi = 3.141592653589793;
// Floor plans are 1600 x 1000 images; positions use Leaflet CRS.Simple: lng = x, lat = height - y.
constexpr double k_plan_height = 1000;
constexpr double k_plan_width = 1600;

struct Model {
  const char* name;
  const char* description;
  const char* type;
  int width;
  int height;
  bool ir;
  int imagers = 1; // sensors; camsim serves the demo's multi-imager camera as 4 (--multi-imager-cameras)
};

const Model k_mv22{"MV22", "MV22 Indoor HD Camera", "standard", 1920, 1080, true};
const Model k_mv32{"MV32", "MV32 Fisheye Camera", "fisheye", 2058, 2058, true};
const Model k_mv72{"MV72", "MV72 Outdoor Varifocal Camera", "standard", 3840, 2160, true};
const Model k_mv93{"MV93", "MV93 Multi-imager Camera", "multi_imager", 2688, 1520, true, 4};

struct CameraSpec {
  std::int64_t id;
  std::int64_t network_id;
  const char* name;
  const Model& model;
  std::vector<std::string> tags;
  const char* status;
  const char* notes;
  std::int64_t floor_plan_id; // 0: not placed
  double x;
  double y;
  double fov_rotation;
};

store::CameraRecord make_camera(const CameraSpec& spec, std::int64_t organization_id) {
  store::CameraRecord camera;
  camera.id = spec.id;
  camera.network_id = spec.network_id;
  camera.organization_id = organization_id;
  char mac[18];
  std::snprintf(mac, sizeof mac, "34:56:fe:a1:%02x:%02x", static_cast<int>(spec.id / 256 % 256),
                static_cast<int>(spec.id % 256));
  camera.mac = mac;
  char serial[16];
  std::snprintf(serial, sizeof serial, "Q2%s-%04lld-DM", spec.model.name + 2, static_cast<long long>(spec.id));
  camera.serial = serial;
  camera.model = spec.model.name;
  camera.name = spec.name;
  camera.notes = spec.notes;
  camera.tags = spec.tags;
  camera.status = spec.status;
  camera.type = spec.model.type;
  camera.imager_count = spec.model.imagers;
  camera.local_lan_address = "10.0." + std::to_string(spec.network_id % 256) + "." + std::to_string(spec.id % 200);
  camera.has_cloud_archive = spec.id % 3 == 0;
  camera.is_demo = true;
  camera.product_short_description = spec.model.description;
  camera.channel_id = 50000 + spec.id;
  camera.channel_json = services::default_channel_json();
  services::CameraConfigValues config;
  config.fov_rotation = spec.fov_rotation;
  config.video_width = spec.model.width;
  config.video_height = spec.model.height;
  config.hdr = spec.model.type != std::string("fisheye");
  config.has_ir_led = spec.model.ir;
  config.motion_recap_enabled = true;
  // argusd serves config.features as what its object detection really runs (Catalog::set_detection_features), so
  // the stored value only matters to a reader of the raw database.
  config.analytics = true;
  config.mount_vertical = spec.id == k_wall_fisheye;
  config.updated_at_s = 1735689600;
  camera.config_json = services::camera_config_json(config);
  if (spec.floor_plan_id != 0) {
    camera.placement = store::PlacementRecord{spec.floor_plan_id, k_plan_height - spec.y, spec.x};
  }
  return camera;
}

std::vector<store::CameraRecord> cameras() {
  const std::vector<CameraSpec> specs = {
      {k_ceiling_fisheye,
       k_warehouse_hq,
       "Lobby Entrance",
       k_mv32,
       {"lobby", "public"},
       "active",
       "Fisheye over the reception area",
       k_warehouse_plan,
       230,
       130,
       180},
      {1002,
       k_warehouse_hq,
       "Reception Desk",
       k_mv22,
       {"lobby", "public"},
       "active",
       "Faces the visitor desk",
       k_warehouse_plan,
       360,
       250,
       225},
      {1003,
       k_warehouse_hq,
       "Server Room",
       k_mv22,
       {"secure"},
       "active",
       "Badge access only; keep recording",
       k_warehouse_plan,
       120,
       600,
       135},
      {1004, k_warehouse_hq, "Storage Aisle A", k_mv22, {"warehouse"}, "active", "", k_warehouse_plan, 540, 230, 90},
      {1005,
       k_warehouse_hq,
       "Storage Aisle D",
       k_mv22,
       {"warehouse"},
       "offline",
       "PoE switch port under repair",
       k_warehouse_plan,
       540,
       620,
       90},
      {1006,
       k_warehouse_hq,
       "Dock 1-2",
       k_mv72,
       {"dock", "secure"},
       "alerting",
       "Lens needs cleaning",
       k_warehouse_plan,
       1340,
       120,
       90},
      {1007, k_warehouse_hq, "Dock 5-6", k_mv72, {"dock"}, "active", "", k_warehouse_plan, 1340, 880, 60},
      {1008,
       k_warehouse_hq,
       "Parking Lot North",
       k_mv93,
       {"parking", "public"},
       "active",
       "Mounted on the light pole; not on the floor plan",
       0,
       0,
       0,
       0},
      {1009, k_warehouse_hq, "Break Room", k_mv22, {"public"}, "offline", "", k_warehouse_plan, 350, 900, 315},
      {1010,
       k_downtown_store,
       "Checkout",
       k_mv22,
       {"public", "retail"},
       "active",
       "Covers both registers",
       k_downtown_plan,
       1210,
       560,
       180},
      {1011, k_downtown_store, "Stockroom Door", k_mv22, {"secure"}, "active", "", k_downtown_plan, 600, 330, 270},
      {1012,
       k_distribution_center,
       "Gate Entrance",
       k_mv93,
       {"parking", "dock"},
       "active",
       "Vehicle gate; plates visible by day",
       0,
       0,
       0,
       0},
      {k_wall_fisheye,
       k_warehouse_hq,
       "Dock Wall Fisheye",
       k_mv32,
       {"dock"},
       "active",
       "Wall-mounted fisheye over the loading bays",
       k_warehouse_plan,
       1400,
       500,
       270},
      {2001, k_contoso_flagship, "Front Entrance", k_mv22, {"public"}, "active", "", 0, 0, 0, 0},
      {2002, k_contoso_flagship, "Back Office", k_mv32, {"secure"}, "offline", "", 0, 0, 0, 0},
  };
  std::vector<store::CameraRecord> out;
  for (const auto& spec : specs) {
    out.push_back(make_camera(spec, spec.network_id == k_contoso_flagship ? k_contoso : k_northwind));
  }
  return out;
}

store::FloorPlanRecord floor_plan(std::int64_t id, std::int64_t network_id, const char* name, const char* file) {
  store::FloorPlanRecord plan;
  plan.id = id;
  plan.network_id = network_id;
  plan.name = name;
  plan.image_file_name = file;
  plan.image_extension = "svg";
  plan.ne_lat = k_plan_height;
  plan.ne_lng = k_plan_width;
  return plan;
}

store::PrivilegeRecord tag_privilege(std::int64_t user_id, const char* tag, store::RightsRecord rights) {
  return store::PrivilegeRecord{0, user_id, k_northwind, "camera_tag", std::nullopt, std::nullopt, tag, rights};
}

std::vector<DemoUser> users() {
  auto user = [](std::int64_t id, const char* name, const char* email) {
    return store::UserRecord{id, name, email, "", 30, false, 0};
  };
  return {
      {user(1, "Alex Admin", "admin@argus.demo"),
       "org admin (both organizations)",
       {{1, k_northwind, true, false}, {1, k_contoso, true, false}},
       {},
       {}},
      {user(2, "Wendy Writer", "writer@argus.demo"), "org-write admin", {{2, k_northwind, true, true}}, {}, {}},
      {user(3, "Morgan Monitor", "monitor@argus.demo"),
       "admin, monitor-only on Downtown Store",
       {{3, k_northwind, true, false}},
       {k_downtown_store},
       {}},
      {user(4, "Vic Viewer", "viewer@argus.demo"),
       "viewer (live video of cameras tagged public)",
       {{4, k_northwind, false, false}},
       {},
       {tag_privilege(4, "public", {false, false, false, true})}},
      // Sign-in codes: read them in the demo inbox (argusd prints its address).
      {user(5, "Casey Codes", "codes@argus.demo"),
       "viewer; after the password, a code sent by e-mail (see the demo inbox)",
       {{5, k_northwind, false, false}},
       {},
       {tag_privilege(5, "public", {false, false, false, true})},
       store::SignInCodeSettingRecord{5, "email", std::nullopt, std::nullopt}},
      {user(6, "Sam Texts", "sms@argus.demo"),
       "viewer; after the password, a code sent by text message to +15550100 or +15550199 (see the demo inbox)",
       {{6, k_northwind, false, false}},
       {},
       {tag_privilege(6, "public", {false, false, false, true})},
       store::SignInCodeSettingRecord{6, "sms", "+15550100", "+15550199"}},
      // Another organization's administrator: nothing of Northwind is theirs (the permission matrix signs them in).
      {user(7, "Cory Contoso", "contoso@argus.demo"),
       "org-write admin of Contoso Retail only",
       {{7, k_contoso, true, true}},
       {},
       {}},
  };
}

// Tiles on the editor's 28-column grid: a 2 x 2 layout of 14 x 14 tiles.
store::WallTileRecord quad_tile(std::int64_t camera_id, int index) {
  store::WallTileRecord tile;
  tile.camera_id = camera_id;
  tile.x = index % 2 * 14;
  tile.y = index / 2 * 14;
  tile.w = 14;
  tile.h = 14;
  return tile;
}

store::WallRecord wall(std::int64_t id, std::int64_t organization_id, std::int64_t network_id, const char* name,
                       bool cross_network, const std::vector<std::int64_t>& camera_ids) {
  store::WallRecord out;
  out.id = id;
  out.organization_id = organization_id;
  out.network_id = network_id;
  out.name = name;
  out.is_cross_network = cross_network;
  out.created_ms = 1735689600000;
  out.updated_ms = out.created_ms;
  for (std::size_t i = 0; i < camera_ids.size(); ++i)
    out.tiles.push_back(quad_tile(camera_ids[i], static_cast<int>(i)));
  return out;
}

std::vector<store::WallRecord> walls() {
  auto entrances = wall(7003, k_northwind, k_warehouse_hq, "Entrances (all sites)", true,
                        {k_ceiling_fisheye, 1010, 1012, k_wall_fisheye});
  // The fisheye tiles are dewarped views (spec 02 §9 defaults): ceiling mount phi 0.75 pi, wall mount phi pi/2; both
  // theta 0, fov 60.
  entrances.tiles[0].phi = 0.75 * k_pi;
  entrances.tiles[0].theta = 0;
  entrances.tiles[0].fov = 60;
  entrances.tiles[3].phi = 0.5 * k_pi;
  entrances.tiles[3].theta = 0;
  entrances.tiles[3].fov = 60;
  return {wall(7001, k_northwind, k_warehouse_hq, "Front of house", false, {1001, 1002, 1008, 1009}),
          wall(7002, k_northwind, k_warehouse_hq, "Loading docks", false, {1006, 1007, 1004, 1005}), entrances,
          wall(7004, k_contoso, k_contoso_flagship, "Flagship", false, {2001, 2002})};
}

std::vector<store::WallRotationRecord> rotations() {
  store::WallRotationRecord tour;
  tour.id = 7101;
  tour.organization_id = k_northwind;
  tour.network_id = k_warehouse_hq;
  tour.name = "Front and docks";
  tour.wait_duration_s = 30;
  tour.created_ms = 1735689600000;
  tour.updated_ms = tour.created_ms;
  tour.wall_ids = {7001, 7002};
  return {tour};
}

} // namespace

DemoFleet demo_fleet() {
  DemoFleet fleet;
  fleet.organizations = {{k_northwind, "nw-8f2a1c", "Northwind Logistics", 1, "/overview", "", "", std::nullopt, false},
                         {k_contoso, "ct-41b7d9", "Contoso Retail", 1, "/overview", "", "", std::nullopt, false}};
  fleet.networks = {
      {k_warehouse_hq,
       "L_101_whq",
       k_northwind,
       "Warehouse HQ",
       "America/Los_Angeles",
       {"hq", "warehouse"},
       "en",
       "WHQ-LAN"},
      {k_downtown_store,
       "L_102_dts",
       k_northwind,
       "Downtown Store",
       "America/New_York",
       {"retail", "store"},
       "en",
       "DTS-LAN"},
      {k_distribution_center,
       "L_103_dc",
       k_northwind,
       "Distribution Center",
       "Europe/London",
       {"warehouse", "uk"},
       "en",
       "DC-LAN"},
      {k_contoso_flagship, "L_201_cf", k_contoso, "Contoso Flagship", "America/Chicago", {"retail"}, "en", "CF-LAN"},
  };
  fleet.floor_plans = {floor_plan(k_warehouse_plan, k_warehouse_hq, "Ground floor", "warehouse-hq.svg"),
                       floor_plan(k_downtown_plan, k_downtown_store, "Sales floor", "downtown-store.svg")};
  fleet.cameras = cameras();
  fleet.users = users();
  for (std::int64_t org : {k_northwind, k_contoso}) {
    fleet.feature_flags.push_back({0, org, "has_camera_tetris", true, true, {}});
    fleet.feature_flags.push_back({0, org, "has_camera_no_analytics", false, true, {}});
    fleet.feature_flags.push_back({0, org, "has_camera_investigation", true, true, {}});        // clip bookmarks
    fleet.feature_flags.push_back({0, org, "has_camera_export_queue_jumping", true, true, {}}); // exports' 'Start now'
  }
  fleet.feature_flags.push_back({0, k_northwind, "has_similarity_search", true, false, {k_warehouse_hq}});
  fleet.feature_flags.push_back({0, k_northwind, "has_camera_attribute_detection", true, true, {}});
  fleet.feature_flags.push_back({0, k_northwind, "has_door_access", true, false, {k_warehouse_hq}});
  fleet.shard_features = {{1, "motion_search", true}, {1, "vision_exports", true}, {1, "vision_magic_search", false}};
  fleet.integrations = {{0, k_northwind, "Openpath", "HQ doors", true, {k_warehouse_hq}}};
  fleet.walls = walls();
  fleet.rotations = rotations();
  fleet.fisheye_camera_ids = {k_ceiling_fisheye, k_wall_fisheye};
  return fleet;
}

} // namespace argus::demo
