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
#include "app/network_cli.hpp"
#include "app/cli_options.hpp"
#include "app/doors_cli.hpp"
#include "app/export_cli.hpp"
#include "app/privilege_cli.hpp"
#include "app/sso_cli.hpp"
#include "common/error.hpp"
#include "services/session_service.hpp"
#include "services/sms_gateway.hpp"
#include "store/open_database.hpp"

namespace argus {
namespace {

constexpr const char* k_usage =
    "usage: argusd user set-idle-timeout --data-dir DIR --email E --minutes N\n"
    "       argusd user reset-two-factor --data-dir DIR --email E\n"
    "       argusd user set-sign-in-code --data-dir DIR --email E --method email|sms|off [--phone +N] "
    "[--secondary-phone +N]\n"
    "       argusd user expire-password --data-dir DIR --email E\n"
    "       argusd user privileges|grant|revoke ... (argusd user privileges for its usage)\n"
    "       argusd org set-password-expiry --data-dir DIR --org-id N --days D|off\n"
    "       argusd org set-two-factor --data-dir DIR --org-id N --required yes|no\n"
    "       argusd sso set|show|remove ... (argusd sso for its usage)\n"
    "       argusd doors set-partner|sync|list|map|unmap ... (argusd doors for its usage)\n"
    "Every command also takes --database postgresql://... when argusd runs with it (then the store is there).";

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
    if (name == k_database_option && !store::is_postgres_url(value)) {
      std::cerr << "argusd: --database must be a postgresql:// URL\n" << k_usage << "\n";
      return false;
    }
    if (name != k_database_option && std::find(names.begin(), names.end(), name) == names.end()) {
      std::cerr << "argusd: unknown option --" << name << "\n" << k_usage << "\n";
      return false;
    }
  }
  return true;
}

// The deployment's store (--database, else the SQLite file of --data-dir), or nullptr (with a message) when there is
// none or it cannot be opened.
std::unique_ptr<store::Database> store_of(const std::map<std::string, std::string>& options) {
  try {
    return open_store(options);
  } catch (const Error& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return nullptr;
  }
}

// Opens the deployment's store and runs `change` on the user of --email: 0, or 1 (with a message) when there is no
// such database or user or the store fails.
int with_user(const std::map<std::string, std::string>& options,
              const std::function<void(store::Database&, const store::UserRecord&)>& change) {
  auto opened = store_of(options);
  if (!opened)
    return 1;
  try {
    auto& database = *opened;
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
  return with_user(options, [minutes](store::Database& database, const store::UserRecord& user) {
    database.set_user_idle_timeout(user.id, minutes);
    std::cout << "idle timeout of " << user.email << " set to " << minutes << " minute(s)\n";
  });
}

// An administrator's way back in for a user who lost their authenticator: two-factor off, recovery codes deleted.
int reset_two_factor(const std::map<std::string, std::string>& options) {
  if (!has_exactly(options, {"data-dir", "email"}))
    return 2;
  return with_user(options, [](store::Database& database, const store::UserRecord& user) {
    database.delete_authenticator(user.id);
    std::cout << "two-factor authentication of " << user.email << " is off; they sign in with their password\n";
  });
}

// How the user proves a second factor after the password: a code by e-mail, by text message (primary phone, or the
// secondary one on request), or none ("off").
int set_sign_in_code(std::map<std::string, std::string> options) {
  const std::string method = options.count("method") ? options.at("method") : "";
  std::optional<std::string> phone, secondary;
  if (options.count("phone"))
    phone = options.at("phone");
  if (options.count("secondary-phone"))
    secondary = options.at("secondary-phone");
  options.erase("phone");
  options.erase("secondary-phone");
  if (!has_exactly(options, {"data-dir", "email", "method"}))
    return 2;
  if (method != "email" && method != "sms" && method != "off") {
    std::cerr << "argusd: --method must be email, sms or off\n";
    return 2;
  }
  if (method != "sms" && (phone || secondary)) {
    std::cerr << "argusd: --phone and --secondary-phone go with --method sms\n";
    return 2;
  }
  if (method == "sms" && !phone) {
    std::cerr << "argusd: --method sms needs --phone\n";
    return 2;
  }
  for (const auto& number : {phone, secondary}) {
    if (number && !services::SmsGateway::is_phone_number(*number)) {
      std::cerr << "argusd: '" << *number << "' is not a phone number in international form (+ and 6 to 15 digits, "
                << "e.g. +15550100)\n";
      return 2;
    }
  }
  return with_user(options, [&](store::Database& database, const store::UserRecord& user) {
    if (method == "off") {
      database.delete_sign_in_code_setting(user.id);
      std::cout << user.email << " signs in without a code\n";
      return;
    }
    database.put_sign_in_code_setting({user.id, method, phone, secondary});
    std::cout << user.email << " signs in with a code sent by " << (method == "sms" ? "text message" : "e-mail")
              << "\n";
  });
}

// The user's next sign-in must change the password (an administrator's "change it now").
int expire_password(const std::map<std::string, std::string>& options) {
  if (!has_exactly(options, {"data-dir", "email"}))
    return 2;
  return with_user(options, [](store::Database& database, const store::UserRecord& user) {
    database.expire_user_password(user.id);
    std::cout << user.email << " must change their password at the next sign-in\n";
  });
}

// An organization's password expiry policy: passwords older than D days must be changed ("off": never).
int set_password_expiry(const std::map<std::string, std::string>& options) {
  if (!has_exactly(options, {"data-dir", "org-id", "days"}))
    return 2;
  auto whole = [](const std::string& text) {
    return !text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == std::string::npos;
  };
  const auto& days_text = options.at("days");
  if (!whole(options.at("org-id")) ||
      (days_text != "off" && (!whole(days_text) || std::stoll(days_text) < 1 || std::stoll(days_text) > 3650))) {
    std::cerr << "argusd: --org-id must be a number and --days a whole number from 1 to 3650, or off\n";
    return 2;
  }
  auto opened = store_of(options);
  if (!opened)
    return 1;
  try {
    auto& database = *opened;
    std::optional<std::int64_t> days;
    if (days_text != "off")
      days = std::stoll(days_text);
    if (!database.set_organization_password_expiry(std::stoll(options.at("org-id")), days)) {
      std::cerr << "argusd: no organization with id " << options.at("org-id") << "\n";
      return 1;
    }
    std::cout << "passwords of organization " << options.at("org-id")
              << (days ? " expire after " + days_text + " day(s)" : std::string(" do not expire")) << "\n";
    return 0;
  } catch (const Error& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return 1;
  }
}

// An organization's two-factor policy: members prove a second factor at every sign-in (an e-mailed code for those
// without an authenticator or code setting).
int set_two_factor_policy(const std::map<std::string, std::string>& options) {
  if (!has_exactly(options, {"data-dir", "org-id", "required"}))
    return 2;
  const auto& org_text = options.at("org-id");
  const auto& required = options.at("required");
  if (org_text.empty() || org_text.size() > 9 || org_text.find_first_not_of("0123456789") != std::string::npos ||
      (required != "yes" && required != "no")) {
    std::cerr << "argusd: --org-id must be a number and --required yes or no\n";
    return 2;
  }
  auto opened = store_of(options);
  if (!opened)
    return 1;
  try {
    auto& database = *opened;
    if (!database.set_organization_require_two_factor(std::stoll(org_text), required == "yes")) {
      std::cerr << "argusd: no organization with id " << org_text << "\n";
      return 1;
    }
    std::cout << "members of organization " << org_text
              << (required == "yes" ? " prove a second factor at every sign-in" : " may sign in with a password only")
              << "\n";
    return 0;
  } catch (const Error& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return 1;
  }
}

int run_org_command(int argc, char** argv) {
  const std::string command = argc >= 3 ? argv[2] : "";
  std::map<std::string, std::string> options;
  if (command != "set-password-expiry" && command != "set-two-factor") {
    std::cerr << "argusd: unknown org command" << (argc >= 3 ? " '" + command + "'" : std::string()) << "\n"
              << k_usage << "\n";
    return 2;
  }
  if (!parse_options(argc, argv, 3, options))
    return 2;
  return command == "set-two-factor" ? set_two_factor_policy(options) : set_password_expiry(options);
}

} // namespace

int run_cli_subcommand(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "camera")
    return run_camera_command(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "doors")
    return run_doors_command(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "export")
    return run_export_command(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "network")
    return run_network_command(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "org")
    return run_org_command(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "sso")
    return run_sso_command(argc, argv);
  if (argc < 2 || std::string(argv[1]) != "user")
    return -1;
  if (argc >= 3 && is_privilege_command(argv[2]))
    return run_privilege_command(argc, argv);
  const std::string command = argc >= 3 ? argv[2] : "";
  if (command != "set-idle-timeout" && command != "reset-two-factor" && command != "set-sign-in-code" &&
      command != "expire-password") {
    std::cerr << "argusd: unknown user command" << (argc >= 3 ? std::string(" '") + argv[2] + "'" : "") << "\n"
              << k_usage << "\n";
    return 2;
  }
  std::map<std::string, std::string> options;
  if (!parse_options(argc, argv, 3, options))
    return 2;
  if (command == "set-sign-in-code")
    return set_sign_in_code(options);
  if (command == "expire-password")
    return expire_password(options);
  return command == "set-idle-timeout" ? set_idle_timeout(options) : reset_two_factor(options);
}

} // namespace argus
