#include "app/privilege_cli.hpp"

#include <iostream>
#include <string>

#include "app/cli_options.hpp"
#include "common/error.hpp"
#include "services/privilege_admin.hpp"

namespace argus {
namespace {

constexpr const char* k_usage =
    "usage: argusd user privileges --data-dir D --email E --org-id N\n"
    "       argusd user grant --data-dir D --email E --org-id N --scope organization|network|network_tag|camera|"
    "camera_tag\n"
    "                         [--network-id N] [--camera-id N] [--tag T] --rights live,historical,export,write\n"
    "       argusd user revoke --data-dir D --email E --org-id N --privilege-id P\n"
    "  (a member without privileges has every right on every network of the organization)";

store::RightsRecord rights_option(const std::string& text) {
  store::RightsRecord rights;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(',', start);
    auto right = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (right == "live")
      rights.live = true;
    else if (right == "historical")
      rights.historical = true;
    else if (right == "export")
      rights.export_video = true;
    else if (right == "write")
      rights.write = true;
    else
      throw CliUsage{"--rights: unknown right '" + right + "' (live, historical, export, write)"};
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return rights;
}

std::string rights_text(const store::RightsRecord& rights) {
  std::string out;
  auto add = [&out](bool has, const char* name) {
    if (has)
      out += (out.empty() ? "" : ",") + std::string(name);
  };
  add(rights.live, "live");
  add(rights.historical, "historical");
  add(rights.export_video, "export");
  add(rights.write, "write");
  return out;
}

std::string target_text(const store::PrivilegeRecord& privilege) {
  std::string out;
  if (privilege.network_id)
    out += " network " + std::to_string(*privilege.network_id);
  if (privilege.camera_id)
    out += " camera " + std::to_string(*privilege.camera_id);
  if (privilege.tag)
    out += " tag '" + *privilege.tag + "'";
  return out;
}

void print(const std::vector<store::PrivilegeRecord>& privileges) {
  if (privileges.empty())
    std::cout << "no privileges: every right on every network of the organization\n";
  for (const auto& privilege : privileges) {
    std::cout << privilege.id << " " << privilege.scope << target_text(privilege) << ": "
              << rights_text(privilege.rights) << "\n";
  }
}

// The member of --email in --org-id and the admin over the database.
struct Member {
  std::int64_t user_id;
  std::int64_t organization_id;
};

Member member_of(store::Database& database, const CliOptions& options) {
  auto user = database.find_user_by_email(options.at("email"));
  if (!user)
    throw Error(Error::Kind::not_found, "no user with e-mail " + options.at("email"));
  return {user->id, number_option(options, "org-id")};
}

int run(const std::string& command, const CliOptions& options) {
  std::optional<store::PrivilegeRecord> granted;
  if (command == "grant") {
    granted.emplace();
    granted->scope = options.at("scope");
    if (options.count("network-id"))
      granted->network_id = number_option(options, "network-id");
    if (options.count("camera-id"))
      granted->camera_id = number_option(options, "camera-id");
    if (options.count("tag"))
      granted->tag = options.at("tag");
    granted->rights = rights_option(options.at("rights"));
  }
  std::optional<std::int64_t> revoked;
  if (command == "revoke")
    revoked = number_option(options, "privilege-id");

  auto opened = open_store(options);
  auto& database = *opened;
  auto member = member_of(database, options);
  services::PrivilegeAdmin admin(database, nullptr);
  auto privileges = admin.of_member(member.organization_id, member.user_id);
  if (granted) {
    privileges.push_back(*granted);
    privileges = admin.replace(member.organization_id, std::nullopt, member.user_id, privileges);
  } else if (revoked) {
    auto kept = std::erase_if(privileges, [&](const auto& privilege) { return privilege.id == *revoked; });
    if (kept == 0)
      throw Error(Error::Kind::not_found, "no privilege " + std::to_string(*revoked) + " of this member");
    privileges = admin.replace(member.organization_id, std::nullopt, member.user_id, privileges);
  }
  print(privileges);
  return 0;
}

} // namespace

bool is_privilege_command(const char* verb) {
  std::string_view text(verb);
  return text == "privileges" || text == "grant" || text == "revoke";
}

int run_privilege_command(int argc, char** argv) {
  const std::string command = argv[2];
  return run_cli_command(k_usage, [&] {
    if (command == "privileges")
      return run(command,
                 parse_cli_options(argc, argv, {"data-dir", "email", "org-id"}, {"data-dir", "email", "org-id"}));
    if (command == "grant") {
      return run(command,
                 parse_cli_options(argc, argv,
                                   {"data-dir", "email", "org-id", "scope", "network-id", "camera-id", "tag", "rights"},
                                   {"data-dir", "email", "org-id", "scope", "rights"}));
    }
    return run(command, parse_cli_options(argc, argv, {"data-dir", "email", "org-id", "privilege-id"},
                                          {"data-dir", "email", "org-id", "privilege-id"}));
  });
}

} // namespace argus
