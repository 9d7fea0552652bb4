#include "app/cli_commands.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "app/camera_cli.hpp"
#include "app/export_cli.hpp"
#include "common/error.hpp"
#include "services/session_service.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus {
namespace {

constexpr const char* k_usage = "usage: argusd user set-idle-timeout --data-dir DIR --email E --minutes N\n"
                                "       argusd user reset-two-factor --data-dir DIR --email E";

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

// Whether the options are exactly `names` (a message otherwise).
bool has_exactly(const std::map<std::string, std::string>& options, std::initializer_list<std::string_view> names) {
  for (auto required : names) {
    if (!options.count(std::string(required))) {
      std::cerr << "argusd: --" << required << " is required\n" << k_usage << "\n";
      return false;
    }
  }
  for (const auto& [name, value] : options) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      std::cerr << "argusd: unknown option --" << name << "\n" << k_usage << "\n";
      return false;
    }
  }
  return true;
}

// The database of --data-dir, or nullopt (with a message) when there is none.
std::optional<std::filesystem::path> database_of(const std::map<std::string, std::string>& options) {
  std::filesystem::path database_path = std::filesystem::path(options.at("data-dir")) / "argus.db";
  if (!std::filesystem::is_regular_file(database_path)) {
    std::cerr << "argusd: no database at " << database_path.string() << " (start argusd with this --data-dir first)\n";
    return std::nullopt;
  }
  return database_path;
}

// Opens the database of --data-dir and runs `change` on the user of --email: 0, or 1 (with a message) when there is no
// such database or user or the store fails.
int with_user(const std::map<std::string, std::string>& options,
              const std::function<void(store::SqliteDatabase&, const store::UserRecord&)>& change) {
  auto database_path = database_of(options);
  if (!database_path)
    return 1;
  try {
    store::SqliteDatabase database(*database_path);
    auto user = database.find_user_by_email(options.at("email"));
    if (!user) {
      std::cerr << "argusd: no user with e-mail " << options.at("email") << "\n";
      return 1;
    }
    change(database, *user);
    return 0;
  } catch (const Error& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return 1;
  }
}

int set_idle_timeout(const std::map<std::string, std::string>& options) {
  if (!has_exactly(options, {"data-dir", "email", "minutes"}))
    return 2;
  const std::string& minutes_text = options.at("minutes");
  constexpr std::int64_t max_minutes = services::SessionService::k_idle_timeout_cap_ms / 60'000;
  bool digits = !minutes_text.empty() && minutes_text.size() <= 9 &&
                minutes_text.find_first_not_of("0123456789") == std::string::npos;
  std::int64_t minutes = digits ? std::stoll(minutes_text) : 0;
  if (minutes < 1 || minutes > max_minutes) {
    std::cerr << "argusd: --minutes must be a whole number from 1 to " << max_minutes << "\n";
    return 2;
  }
  return with_user(options, [minutes](store::SqliteDatabase& database, const store::UserRecord& user) {
    database.set_user_idle_timeout(user.id, minutes);
    std::cout << "idle timeout of " << user.email << " set to " << minutes << " minute(s)\n";
  });
}

// An administrator's way back in for a user who lost their authenticator: two-factor off, recovery codes deleted.
int reset_two_factor(const std::map<std::string, std::string>& options) {
  if (!has_exactly(options, {"data-dir", "email"}))
    return 2;
  return with_user(options, [](store::SqliteDatabase& database, const store::UserRecord& user) {
    database.delete_authenticator(user.id);
    std::cout << "two-factor authentication of " << user.email << " is off; they sign in with their password\n";
  });
}

} // namespace

int run_cli_subcommand(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "camera")
    return run_camera_command(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "export")
    return run_export_command(argc, argv);
  if (argc < 2 || std::string(argv[1]) != "user")
    return -1;
  const std::string command = argc >= 3 ? argv[2] : "";
  if (command != "set-idle-timeout" && command != "reset-two-factor") {
    std::cerr << "argusd: unknown user command" << (argc >= 3 ? std::string(" '") + argv[2] + "'" : "") << "\n"
              << k_usage << "\n";
    return 2;
  }
  std::map<std::string, std::string> options;
  if (!parse_options(argc, argv, 3, options))
    return 2;
  return command == "set-idle-timeout" ? set_idle_timeout(options) : reset_two_factor(options);
}

} // namespace argus
