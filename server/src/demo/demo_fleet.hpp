#pragma once
// The demo fleet as plain records: two organizations, four networks, fifteen cameras (two fisheye, one of them
// wall-mounted), two floor plans, four users with different roles, feature flags, one access-control integration,
// four video walls and one wall rotation. Written by DemoSeeder.
#include <optional>
#include <string>
#include <vector>

#include "store/records.hpp"
#include "store/sign_in_code_records.hpp"
#include "store/wall_records.hpp"

namespace argus::demo {

struct DemoUser {
  store::UserRecord user; // password_hash filled by the seeder
  std::string role;       // for demo-credentials.json
  std::vector<store::MembershipRecord> memberships;
  std::vector<std::int64_t> monitor_only_network_ids;
  std::vector<store::PrivilegeRecord> privileges;
  std::optional<store::SignInCodeSettingRecord> sign_in_code; // signs in with a code by e-mail or text message
};

struct DemoFleet {
  std::vector<store::OrganizationRecord> organizations;
  std::vector<store::NetworkRecord> networks;
  std::vector<store::FloorPlanRecord> floor_plans; // image_md5 filled by the seeder
  std::vector<store::CameraRecord> cameras;
  std::vector<DemoUser> users;
  std::vector<store::FeatureFlagRecord> feature_flags;
  std::vector<store::ShardFeatureRecord> shard_features;
  std::vector<store::IntegrationRecord> integrations;
  std::vector<store::WallRecord> walls;             // seeded on their own (DemoSeeder::seed_walls)
  std::vector<store::WallRotationRecord> rotations; // seeded with the walls
  std::vector<std::int64_t> fisheye_camera_ids;     // cameras that serve fisheye footage in the demo
};

//! The demo fleet (deterministic).
DemoFleet demo_fleet();

} // namespace argus::demo
