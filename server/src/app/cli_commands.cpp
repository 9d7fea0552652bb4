#include "app/cli_commands.hpp"

#include <filesystem>
#include <iostream>
#include <map>
#include <string>

#include "app/camera_cli.hpp"
#include "app/export_cli.hpp"
#include "common/error.hpp"
#include "services/session_service.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus {
namespace {

constexpr const char* k_usage = "usage: argusd user set-idle-timeout --data-dir DIR --email E --minutes N";

// "--name value" pairs; false (with a message) on anything else.
bool parse_options(int argc, char** argv, int first, std::map<std::string, std::string>& options) {
  for (int i = first; i < argc; i += 2) {
    std::string name = argv[i];
    if (name.rfind("--", 0) != 0 || i + 1 >= argc) {
      std::cerr << "argusd: unexpected argument '" << name << "'\n" << k_usage << "\n";
      return false;
    }
    options[name.substr(2)] = argv[i + 1];
  }
  return true;
}

int set_idle_timeout(const std::map<std::string, std::string>& options) {
  for (const char* required : {"data-dir", "email", "minutes"}) {
    if (!options.count(required)) {
      std::cerr << "argusd: --" << required << " is required\n" << k_usage << "\n";
      return 2;
    }
  }
  for (const auto& [name, value] : options) {
    if (name != "data-dir" && name != "email" && name != "minutes") {
      std::cerr << "argusd: unknown option --" << name << "\n" << k_usage << "\n";
      return 2;
    }
  }
  const std::string& minutes_text = options.at("minutes");
  constexpr std::int64_t max_minutes = services::SessionService::k_idle_timeout_cap_ms / 60'000;
  bool digits = !minutes_text.empty() && minutes_text.size() <= 9 &&
                minutes_text.find_first_not_of("0123456789") == std::string::npos;
  std::int64_t minutes = digits ? std::stoll(minutes_text) : 0;
  if (minutes < 1 || minutes > max_minutes) {
    std::cerr << "argusd: --minutes must be a whole number from 1 to " << max_minutes << "\n";
    return 2;
  }
  std::filesystem::path database_path = std::filesystem::path(options.at("data-dir")) / "argus.db";
  if (!std::filesystem::is_regular_file(database_path)) {
    std::cerr << "argusd: no database at " << database_path.string() << " (start argusd with this --data-dir first)\n";
    return 1;
  }
  try {
    store::SqliteDatabase database(database_path);
    auto user = database.find_user_by_email(options.at("email"));
    if (!user || !database.set_user_idle_timeout(user->id, minutes)) {
      std::cerr << "argusd: no user with e-mail " << options.at("email") << "\n";
      return 1;
    }
    std::cout << "idle timeout of " << user->email << " set to " << minutes << " minute(s)\n";
    return 0;
  } catch (const Error& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return 1;
  }
}

} // namespace

int run_cli_subcommand(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "camera")
    return run_camera_command(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "export")
    return run_export_command(argc, argv);
  if (argc < 2 || std::string(argv[1]) != "user")
    return -1;
  if (argc < 3 || std::string(argv[2]) != "set-idle-timeout") {
    std::cerr << "argusd: unknown user command" << (argc >= 3 ? std::string(" '") + argv[2] + "'" : "") << "\n"
              << k_usage << "\n";
    return 2;
  }
  std::map<std::string, std::string> options;
  if (!parse_options(argc, argv, 3, options))
    return 2;
  return set_idle_timeout(options);
}

} // namespace argus
