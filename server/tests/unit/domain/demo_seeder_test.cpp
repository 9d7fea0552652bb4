#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/demo_seeder.hpp"
#include "services/password_hasher.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "test_support.hpp"

namespace argus::demo {
namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(DemoSeeder, SeedsOnceAndKeepsPasswords) {
  testing::TempDir dir;
  services::PasswordHasher hasher(services::PasswordHasher::Strength::minimal);
  std::string credentials_before;
  {
    store::SqliteDatabase database(dir.path / "argus.db");
    EXPECT_TRUE(DemoSeeder(database, hasher, dir.path).seed());
    credentials_before = read(DemoSeeder::credentials_path(dir.path));
  }
  store::SqliteDatabase database(dir.path / "argus.db");
  EXPECT_FALSE(DemoSeeder(database, hasher, dir.path).seed());
  EXPECT_EQ(read(DemoSeeder::credentials_path(dir.path)), credentials_before);
  EXPECT_EQ(database.count_users(), 4);
  EXPECT_EQ(database.organizations().size(), 2u);
  EXPECT_EQ(database.networks_of_organization(1).size(), 3u);
  auto cameras = database.cameras_of_organization(1);
  EXPECT_GE(cameras.size(), 10u);
  EXPECT_EQ(database.cameras_of_organization(2).size(), 2u);

  auto credentials = nlohmann::json::parse(credentials_before);
  ASSERT_EQ(credentials.size(), 4u);
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

TEST(DemoSeeder, WritesFloorPlansWithMatchingMd5AndRestoresThem) {
  testing::TempDir dir;
  services::PasswordHasher hasher(services::PasswordHasher::Strength::minimal);
  store::SqliteDatabase database(dir.path / "argus.db");
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

} // namespace
} // namespace argus::demo
