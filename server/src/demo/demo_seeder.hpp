#pragma once
// Seeds the demo fleet once (marked by a server setting) and writes DATA_DIR/demo-credentials.json with the random
// passwords (mode 0600). Later runs change nothing in the database and keep the credentials file; they only restore
// missing floor-plan images under DATA_DIR/floorplans/, seed the demo walls once (own marker) into a data directory
// seeded before walls existed, and, once (own marker), the demo cameras added since (the wall-mounted fisheye) and the
// demo rotation, and, once (own marker), the users who sign in with codes (their passwords appended to the file).
#include <filesystem>
#include <functional>

namespace argus::store {
class Database;
}
namespace argus::services {
class PasswordHasher;
}

namespace argus::demo {

struct DemoUser;

class DemoSeeder {
public:
  DemoSeeder(store::Database& database, const services::PasswordHasher& hasher, std::filesystem::path data_dir);

  //! Seeds when not yet seeded; true when it seeded now. Throws argus::Error on failure.
  bool seed();
  //! DATA_DIR/demo-credentials.json.
  static std::filesystem::path credentials_path(const std::filesystem::path& data_dir);
  //! DATA_DIR/floorplans.
  static std::filesystem::path floor_plan_dir(const std::filesystem::path& data_dir);

private:
  void write_floor_plan_images() const;
  void seed_walls();
  void seed_additions();
  //! Demo users added to the fleet after a data directory was seeded (`is_one`): a directory seeded before gets them
  //! once (the setting `marker`), when their id and e-mail are still free, with their passwords in the credentials.
  void seed_later_users(const char* marker, const char* version, const char* what,
                        const std::function<bool(const DemoUser&)>& is_one);
  void insert_user(const DemoUser& demo_user);
  //! The demo rotations that are missing, over demo walls that exist (caller is inside a transaction).
  void seed_rotations();

  store::Database& database_;
  const services::PasswordHasher& hasher_;
  std::filesystem::path data_dir_;
};

} // namespace argus::demo
