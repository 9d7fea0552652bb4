#include <sys/stat.h>

#include <algorithm>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "demo/demo_fleet.hpp"
#include "demo/demo_seeder.hpp"
#include "services/password_hasher.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store_engine.hpp"
#include "test_support.hpp"

namespace argus::demo {
namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The seeding on both engines (store_engine.hpp): the demo runs on SQLite and on PostgreSQL. The upgrade tests below
// (a directory seeded by an earlier version) stay on SQLite: they rewrite the file as the earlier version left it.
class DemoSeederStore : public ::testing::TestWithParam<testing::StoreEngine> {
protected:
  void SetUp() override {
    ARGUS_SKIP_UNLESS_ENGINE_AVAILABLE(GetParam());
    location.emplace(GetParam());
    owned = location->open();
  }

  std::optional<testing::StoreLocation> location;
  std::unique_ptr<store::Database> owned;
  services::PasswordHasher hasher{services::PasswordHasher::Strength::minimal};
};

TEST_P(DemoSeederStore, SeedsOnceAndKeepsPasswords) {
  const auto& dir = location->dir;
  std::string credentials_before;
  EXPECT_TRUE(DemoSeeder(*owned, hasher, dir.path).seed());
  credentials_before = read(DemoSeeder::credentials_path(dir.path));
  owned.reset();
  auto reopened = location->open(); // argusd started again on the same store
  auto& database = *reopened;
  EXPECT_FALSE(DemoSeeder(database, hasher, dir.path).seed());
  EXPECT_EQ(read(DemoSeeder::credentials_path(dir.path)), credentials_before);
  EXPECT_EQ(database.count_users(), 7);
  EXPECT_EQ(database.organizations().size(), 2u);
  EXPECT_EQ(database.networks_of_organization(1).size(), 3u);
  auto cameras = database.cameras_of_organization(1);
  EXPECT_GE(cameras.size(), 10u);
  EXPECT_EQ(database.cameras_of_organization(2).size(), 2u);

  auto credentials = nlohmann::json::parse(credentials_before);
  ASSERT_EQ(credentials.size(), 7u);
  for (const auto& entry : credentials) {
    auto user = database.find_user_by_email(entry["email"].get<std::string>());
    ASSERT_TRUE(user);
    EXPECT_TRUE(hasher.verify(user->password_hash, entry["password"].get<std::string>()));
    EXPECT_EQ(entry["password"].get<std::string>().size(), 19u);
  }
  struct stat info {};
  ASSERT_EQ(::stat(DemoSeeder::credentials_path(dir.path).c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600);
}

TEST_P(DemoSeederStore, TwoDemoUsersSignInWithCodesByEmailAndByTextMessage) {
  const auto& dir = location->dir;
  auto& database = *owned;
  DemoSeeder(database, hasher, dir.path).seed();
  auto by_email = database.find_user_by_email("codes@argus.demo");
  auto by_sms = database.find_user_by_email("sms@argus.demo");
  ASSERT_TRUE(by_email && by_sms);
  auto email_setting = database.find_sign_in_code_setting(by_email->id);
  ASSERT_TRUE(email_setting);
  EXPECT_EQ(email_setting->method, "email");
  auto sms_setting = database.find_sign_in_code_setting(by_sms->id);
  ASSERT_TRUE(sms_setting);
  EXPECT_EQ(sms_setting->method, "sms");
  EXPECT_EQ(sms_setting->primary_phone, "+15550100");
  EXPECT_EQ(sms_setting->secondary_phone, "+15550199");
  EXPECT_FALSE(database.find_sign_in_code_setting(database.find_user_by_email("viewer@argus.demo")->id));
}

TEST(DemoSeeder, ADirectorySeededBeforeGetsTheCodeUsersOnceWithTheirPasswords) {
  testing::TempDir dir;
  services::PasswordHasher hasher(services::PasswordHasher::Strength::minimal);
  {
    store::SqliteDatabase database(dir.path / "argus.db");
    DemoSeeder(database, hasher, dir.path).seed();
  }
  // As a directory seeded before sign-in codes: without the two users, their entries and the marker.
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path / "argus.db").c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw,
                         "PRAGMA foreign_keys = ON; "
                         "DELETE FROM users WHERE id IN (5, 6); "
                         "DELETE FROM server_settings WHERE name = 'demo_code_users_seed_version';",
                         nullptr, nullptr, nullptr),
            SQLITE_OK)
      << sqlite3_errmsg(raw);
  sqlite3_close(raw);
  auto credentials = nlohmann::json::parse(read(DemoSeeder::credentials_path(dir.path)));
  credentials.erase(credentials.begin() + 4, credentials.end());
  std::filesystem::remove(DemoSeeder::credentials_path(dir.path));
  std::ofstream(DemoSeeder::credentials_path(dir.path)) << credentials.dump(2);

  store::SqliteDatabase database(dir.path / "argus.db");
  EXPECT_FALSE(DemoSeeder(database, hasher, dir.path).seed());
  auto after = nlohmann::json::parse(read(DemoSeeder::credentials_path(dir.path)));
  ASSERT_EQ(after.size(), 6u);
  EXPECT_EQ(after[0], credentials[0]); // earlier passwords kept
  EXPECT_EQ(after[5]["email"], "sms@argus.demo");
  auto sms_user = database.find_user_by_email("sms@argus.demo");
  ASSERT_TRUE(sms_user);
  EXPECT_TRUE(hasher.verify(sms_user->password_hash, after[5]["password"].get<std::string>()));
  EXPECT_TRUE(database.find_sign_in_code_setting(sms_user->id));

  EXPECT_FALSE(DemoSeeder(database, hasher, dir.path).seed()); // once
  EXPECT_EQ(nlohmann::json::parse(read(DemoSeeder::credentials_path(dir.path))), after);
}

TEST(DemoSeeder, ADirectorySeededBeforeGetsContososAdministratorOnce) {
  testing::TempDir dir;
  services::PasswordHasher hasher(services::PasswordHasher::Strength::minimal);
  {
    store::SqliteDatabase database(dir.path / "argus.db");
    DemoSeeder(database, hasher, dir.path).seed();
  }
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path / "argus.db").c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw,
                         "PRAGMA foreign_keys = ON; DELETE FROM users WHERE id = 7; "
                         "DELETE FROM server_settings WHERE name = 'demo_contoso_user_seed_version';",
                         nullptr, nullptr, nullptr),
            SQLITE_OK)
      << sqlite3_errmsg(raw);
  sqlite3_close(raw);
  auto credentials = nlohmann::json::parse(read(DemoSeeder::credentials_path(dir.path)));
  credentials.erase(credentials.begin() + 6, credentials.end());
  std::filesystem::remove(DemoSeeder::credentials_path(dir.path));
  std::ofstream(DemoSeeder::credentials_path(dir.path)) << credentials.dump(2);

  store::SqliteDatabase database(dir.path / "argus.db");
  EXPECT_FALSE(DemoSeeder(database, hasher, dir.path).seed());
  auto after = nlohmann::json::parse(read(DemoSeeder::credentials_path(dir.path)));
  ASSERT_EQ(after.size(), 7u);
  EXPECT_EQ(after[6]["email"], "contoso@argus.demo");
  auto contoso = database.find_user_by_email("contoso@argus.demo");
  ASSERT_TRUE(contoso);
  EXPECT_TRUE(hasher.verify(contoso->password_hash, after[6]["password"].get<std::string>()));
  EXPECT_FALSE(database.find_user(7)->password_hash.empty());

  EXPECT_FALSE(DemoSeeder(database, hasher, dir.path).seed()); // once
  EXPECT_EQ(nlohmann::json::parse(read(DemoSeeder::credentials_path(dir.path))), after);
}

TEST_P(DemoSeederStore, WritesFloorPlansWithMatchingMd5AndRestoresThem) {
  const auto& dir = location->dir;
  auto& database = *owned;
  DemoSeeder(database, hasher, dir.path).seed();
  auto plans = database.floor_plans_of_organization(1);
  ASSERT_EQ(plans.size(), 2u);
  for (const auto& plan : plans) {
    EXPECT_EQ(plan.image_md5.size(), 32u);
    EXPECT_TRUE(std::filesystem::exists(DemoSeeder::floor_plan_dir(dir.path) / plan.image_file_name));
  }
  std::filesystem::remove(DemoSeeder::floor_plan_dir(dir.path) / plans[0].image_file_name);
  DemoSeeder(database, hasher, dir.path).seed();
  EXPECT_TRUE(std::filesystem::exists(DemoSeeder::floor_plan_dir(dir.path) / plans[0].image_file_name));
}

ARGUS_ON_BOTH_STORE_ENGINES(DemoSeederStore);

} // namespace
} // namespace argus::demo

namespace argus::demo {
namespace {

bool mount_vertical(const store::CameraRecord& camera) {
  return nlohmann::json::parse(camera.config_json).at("mount_vertical").get<bool>();
}

TEST_P(DemoSeederStore, SeedsACeilingAndAWallMountedFisheyeOnAWallAndARotation) {
  const auto& dir = location->dir;
  auto& database = *owned;
  DemoSeeder(database, hasher, dir.path).seed();

  auto ceiling = database.find_camera(1001);
  auto wall_mounted = database.find_camera(1013);
  ASSERT_TRUE(ceiling && wall_mounted);
  EXPECT_EQ(ceiling->model, "MV32");
  EXPECT_FALSE(mount_vertical(*ceiling));
  EXPECT_EQ(wall_mounted->model, "MV32");
  EXPECT_EQ(wall_mounted->type, "fisheye");
  EXPECT_EQ(wall_mounted->network_id, 101);
  EXPECT_TRUE(mount_vertical(*wall_mounted));
  EXPECT_FALSE(mount_vertical(*database.find_camera(1002))) << "other cameras keep the default";
  auto fisheyes = demo_fleet().fisheye_camera_ids;
  EXPECT_EQ(fisheyes, (std::vector<std::int64_t>{1001, 1013}));

  // Both on "Entrances (all sites)", each a dewarped view with its mount's default (spec 02 §9).
  auto walls = database.walls_of_organization(1);
  auto entrances = std::find_if(walls.begin(), walls.end(), [](const auto& wall) { return wall.id == 7003; });
  ASSERT_NE(entrances, walls.end());
  ASSERT_EQ(entrances->tiles.size(), 4u);
  EXPECT_EQ(entrances->tiles[0].camera_id, 1001);
  EXPECT_EQ(entrances->tiles[3].camera_id, 1013);
  ASSERT_TRUE(entrances->tiles[3].phi);
  EXPECT_NEAR(*entrances->tiles[3].phi, 1.5707963, 1e-6);
  EXPECT_EQ(entrances->tiles[3].theta, 0.0);
  EXPECT_EQ(entrances->tiles[3].fov, 60.0);

  auto rotation = database.find_wall_rotation(1, 7101);
  ASSERT_TRUE(rotation);
  EXPECT_EQ(rotation->network_id, 101);
  EXPECT_EQ(rotation->wait_duration_s, 30);
  EXPECT_EQ(rotation->wall_ids, (std::vector<std::int64_t>{7001, 7002}));
  DemoSeeder(database, hasher, dir.path).seed();
  EXPECT_EQ(database.wall_rotations_of_network(1, 101).size(), 1u) << "seeding again adds nothing";
}

} // namespace
} // namespace argus::demo
