#include "demo/demo_seeder.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>
#include <openssl/evp.h>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "demo/demo_fleet.hpp"
#include "demo/embedded_floorplans.hpp"
#include "services/password_hasher.hpp"
#include "services/token_codec.hpp"
#include "store/database.hpp"

namespace argus::demo {
namespace {

constexpr const char* k_seed_marker = "demo_seed_version";
constexpr const char* k_seed_version = "1";
// Walls came with migration 0003: a data directory seeded before gets them on its next start, once.
constexpr const char* k_walls_seed_marker = "demo_walls_seed_version";
constexpr const char* k_walls_seed_version = "1";
// Cameras added to the demo fleet later (the wall-mounted fisheye) and the demo rotation (migration 0006): a data
// directory seeded before gets them on its next start, once; walls it already has are left as they are.
constexpr const char* k_additions_seed_marker = "demo_additions_seed_version";
constexpr const char* k_additions_seed_version = "1";
// Users who sign in with codes (migration 0013): a data directory seeded before gets them on its next start, once,
// with their passwords added to demo-credentials.json.
constexpr const char* k_code_users_seed_marker = "demo_code_users_seed_version";
constexpr const char* k_code_users_seed_version = "1";
// Contoso's own administrator (contoso@argus.demo, the permission matrix's other organization): the same, once.
constexpr const char* k_contoso_user_seed_marker = "demo_contoso_user_seed_version";
constexpr const char* k_contoso_user_seed_version = "1";
constexpr std::int64_t k_contoso_user_id = 7;

std::string md5_hex(const std::string& data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(data.data(), data.size(), digest, &length, EVP_md5(), nullptr) != 1) {
    throw Error(Error::Kind::internal, "MD5 digest failed");
  }
  return services::to_hex(std::string_view(reinterpret_cast<const char*>(digest), length));
}

// 16 readable characters in four groups, without look-alikes (0/O, 1/l/I).
std::string readable_password() {
  static const std::string alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  std::string out;
  for (int i = 0; i < 16; ++i) {
    if (i > 0 && i % 4 == 0)
      out += '-';
    out += alphabet[randombytes_uniform(static_cast<std::uint32_t>(alphabet.size()))];
  }
  return out;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Creates the file with mode 0600 from the start (never chmod afterwards); an existing file is replaced.
void write_private_file(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::remove(path);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    throw Error(Error::Kind::internal, "cannot create " + path.string() + ": " + std::strerror(errno));
  std::size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      ::close(fd);
      throw Error(Error::Kind::internal, "cannot write " + path.string() + ": " + std::strerror(errno));
    }
    written += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0)
    throw Error(Error::Kind::internal, "cannot close " + path.string());
}

} // namespace

DemoSeeder::DemoSeeder(store::Database& database, const services::PasswordHasher& hasher,
                       std::filesystem::path data_dir)
    : database_(database), hasher_(hasher), data_dir_(std::move(data_dir)) {}

std::filesystem::path DemoSeeder::credentials_path(const std::filesystem::path& data_dir) {
  return data_dir / "demo-credentials.json";
}

std::filesystem::path DemoSeeder::floor_plan_dir(const std::filesystem::path& data_dir) {
  return data_dir / "floorplans";
}

void DemoSeeder::write_floor_plan_images() const {
  auto dir = floor_plan_dir(data_dir_);
  std::filesystem::create_directories(dir);
  for (const auto& [name, contents] : embedded_floorplans()) {
    auto path = dir / name;
    if (std::filesystem::exists(path) && read_file(path) == contents)
      continue;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << contents;
    if (!out)
      throw Error(Error::Kind::internal, "cannot write " + path.string());
  }
}

bool DemoSeeder::seed() {
  write_floor_plan_images();
  if (database_.find_setting(k_seed_marker)) {
    seed_additions(); // before the walls: a wall seeded now may show a camera added now
    seed_walls();
    seed_later_users(k_code_users_seed_marker, k_code_users_seed_version, "users who sign in with codes",
                     [](const DemoUser& user) { return user.sign_in_code.has_value(); });
    seed_later_users(k_contoso_user_seed_marker, k_contoso_user_seed_version, "Contoso administrator",
                     [](const DemoUser& user) { return user.user.id == k_contoso_user_id; });
    return false;
  }

  DemoFleet fleet = demo_fleet();
  std::map<std::string, std::string> md5_by_file;
  for (const auto& [name, contents] : embedded_floorplans())
    md5_by_file[name] = md5_hex(contents);

  nlohmann::json credentials = nlohmann::json::array();
  for (auto& demo_user : fleet.users) {
    std::string password = readable_password();
    demo_user.user.password_hash = hasher_.hash(password);
    credentials.push_back({{"email", demo_user.user.email}, {"password", password}, {"role", demo_user.role}});
  }
  // Written next to the final name first so that a failed commit leaves no credentials for a database without them.
  auto final_path = credentials_path(data_dir_);
  auto pending_path = final_path;
  pending_path += ".pending";
  write_private_file(pending_path, credentials.dump(2) + "\n");

  try {
    database_.in_transaction([&] {
      for (const auto& org : fleet.organizations)
        database_.insert_organization(org);
      for (const auto& network : fleet.networks)
        database_.insert_network(network);
      for (auto plan : fleet.floor_plans) {
        auto it = md5_by_file.find(plan.image_file_name);
        if (it == md5_by_file.end())
          throw Error(Error::Kind::internal, "missing floor plan " + plan.image_file_name);
        plan.image_md5 = it->second;
        database_.insert_floor_plan(plan);
      }
      for (const auto& camera : fleet.cameras)
        database_.insert_camera(camera);
      for (const auto& demo_user : fleet.users)
        insert_user(demo_user);
      for (const auto& flag : fleet.feature_flags)
        database_.insert_feature_flag(flag);
      for (const auto& feature : fleet.shard_features)
        database_.insert_shard_feature(feature);
      for (const auto& integration : fleet.integrations)
        database_.insert_integration(integration);
      database_.insert_setting_if_absent(k_seed_marker, k_seed_version);
      database_.insert_setting_if_absent(k_additions_seed_marker, k_additions_seed_version);
      database_.insert_setting_if_absent(k_code_users_seed_marker, k_code_users_seed_version);
      database_.insert_setting_if_absent(k_contoso_user_seed_marker, k_contoso_user_seed_version);
    });
  } catch (...) {
    std::filesystem::remove(pending_path);
    throw;
  }
  std::filesystem::rename(pending_path, final_path);
  spdlog::info("demo fleet seeded; credentials in {}", final_path.string());
  seed_walls();
  return true;
}

void DemoSeeder::insert_user(const DemoUser& demo_user) {
  database_.insert_user(demo_user.user);
  for (const auto& membership : demo_user.memberships)
    database_.upsert_membership(membership);
  for (auto network_id : demo_user.monitor_only_network_ids)
    database_.add_monitor_only_network(demo_user.user.id, network_id);
  for (const auto& privilege : demo_user.privileges)
    database_.insert_privilege(privilege);
  if (demo_user.sign_in_code)
    database_.put_sign_in_code_setting(*demo_user.sign_in_code);
}

void DemoSeeder::seed_later_users(const char* marker, const char* version, const char* what,
                                  const std::function<bool(const DemoUser&)>& is_one) {
  if (database_.find_setting(marker))
    return;
  auto path = credentials_path(data_dir_);
  auto credentials = nlohmann::json::parse(read_file(path), nullptr, false);
  if (!credentials.is_array())
    credentials = nlohmann::json::array();
  std::vector<DemoUser> added;
  for (auto demo_user : demo_fleet().users) {
    // Only users the directory lacks, whose id and e-mail are free (an administrator may have used them since).
    if (!is_one(demo_user) || database_.find_user(demo_user.user.id) ||
        database_.find_user_by_email(demo_user.user.email))
      continue;
    std::string password = readable_password();
    demo_user.user.password_hash = hasher_.hash(password);
    credentials.push_back({{"email", demo_user.user.email}, {"password", password}, {"role", demo_user.role}});
    added.push_back(std::move(demo_user));
  }
  auto pending_path = path;
  pending_path += ".pending";
  write_private_file(pending_path, credentials.dump(2) + "\n");
  try {
    database_.in_transaction([&] {
      for (const auto& demo_user : added)
        insert_user(demo_user);
      database_.insert_setting_if_absent(marker, version);
    });
  } catch (...) {
    std::filesystem::remove(pending_path);
    throw;
  }
  std::filesystem::rename(pending_path, path);
  if (!added.empty())
    spdlog::info("demo: {} added ({}); credentials in {}", what, added.size(), path.string());
}

void DemoSeeder::seed_walls() {
  if (database_.find_setting(k_walls_seed_marker))
    return;
  database_.in_transaction([&] {
    for (auto wall : demo_fleet().walls) {
      // An administrator may have removed demo cameras since the fleet was seeded: their tiles are left out.
      std::erase_if(wall.tiles, [&](const store::WallTileRecord& tile) {
        auto camera = database_.find_camera(tile.camera_id);
        return !camera || camera->organization_id != wall.organization_id;
      });
      auto networks = database_.networks_of_organization(wall.organization_id);
      bool network_exists = std::any_of(networks.begin(), networks.end(), [&](const store::NetworkRecord& network) {
        return network.id == wall.network_id;
      });
      if (network_exists)
        database_.insert_wall(wall);
    }
    seed_rotations();
    database_.insert_setting_if_absent(k_walls_seed_marker, k_walls_seed_version);
  });
}

void DemoSeeder::seed_rotations() {
  auto fleet = demo_fleet();
  for (const auto& rotation : fleet.rotations) {
    if (database_.find_wall_rotation(rotation.organization_id, rotation.id))
      continue;
    // Only over demo walls still there and still in the rotation's network (an administrator may have changed them).
    auto walls = database_.walls_of_organization(rotation.organization_id);
    bool walls_present = std::all_of(rotation.wall_ids.begin(), rotation.wall_ids.end(), [&](std::int64_t wall_id) {
      return std::any_of(walls.begin(), walls.end(), [&](const store::WallRecord& wall) {
        return wall.id == wall_id && wall.network_id == rotation.network_id;
      });
    });
    if (walls_present)
      database_.insert_wall_rotation(rotation);
  }
}

void DemoSeeder::seed_additions() {
  if (database_.find_setting(k_additions_seed_marker))
    return;
  database_.in_transaction([&] {
    auto fleet = demo_fleet();
    for (const auto& camera : fleet.cameras) {
      if (database_.find_camera(camera.id))
        continue;
      auto networks = database_.networks_of_organization(camera.organization_id);
      bool network_exists = std::any_of(networks.begin(), networks.end(), [&](const store::NetworkRecord& network) {
        return network.id == camera.network_id;
      });
      if (!network_exists)
        continue;
      try {
        database_.insert_camera(camera);
      } catch (const Error& error) {
        // A camera added by an administrator since may hold its channel or MAC: the demo one is left out.
        if (error.kind() != Error::Kind::conflict)
          throw;
        spdlog::warn("demo: camera {} not added: {}", camera.id, error.what());
      }
    }
    // Walls seeded before this step keep their tiles; the rotation joins walls that exist.
    if (database_.find_setting(k_walls_seed_marker))
      seed_rotations();
    database_.insert_setting_if_absent(k_additions_seed_marker, k_additions_seed_version);
  });
}

} // namespace argus::demo
