#include "app/doors_cli.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cli_options.hpp"
#include "common/error.hpp"
#include "media/url_redaction.hpp"
#include "services/access_control/access_control.hpp"
#include "services/access_control/http_door_partner.hpp"

namespace argus {
namespace {

constexpr const char* k_usage =
    "usage: argusd doors set-partner --data-dir D --org-id N --name NAME --base-url http(s)://...\n"
    "                                --webhook-secret-file F --command-token-file F [--commands on|off]\n"
    "       argusd doors sync --data-dir D --integration-id I\n"
    "       argusd doors list --data-dir D --org-id N\n"
    "       argusd doors map|unmap --data-dir D --door-uuid U --camera-id C [--integration-id I]\n"
    "  (docs/design/access-control.md; the secret and token files hold one line, at most 4 KiB)";

constexpr const char* k_partner = "Argus door partner v1"; // the protocol HttpDoorPartner speaks

Error bad_input(const std::string& message) {
  return Error(Error::Kind::invalid_input, message);
}

bool has_control_characters(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
}

std::string webhook_path(std::int64_t integration_id) {
  return "/n1/access_control/partners/" + std::to_string(integration_id) + "/events";
}

std::string joined(const std::vector<std::int64_t>& ids) {
  std::string out;
  for (auto id : ids)
    out += (out.empty() ? "" : ",") + std::to_string(id);
  return out.empty() ? "-" : out;
}

//! The partner's command API: an http:// or https:// URL with a host, without query or fragment.
std::string checked_base_url(const std::string& url) {
  auto scheme_end = url.find("://");
  std::string scheme = url.substr(0, scheme_end == std::string::npos ? 0 : scheme_end);
  std::transform(scheme.begin(), scheme.end(), scheme.begin(), [](unsigned char c) { return std::tolower(c); });
  if (scheme != "http" && scheme != "https")
    throw bad_input("--base-url must be an http:// or https:// URL");
  auto host = url.substr(scheme_end + 3, url.find('/', scheme_end + 3) - (scheme_end + 3));
  if (host.empty() || host.back() == '@' || url.find_first_of("?# ") != std::string::npos ||
      has_control_characters(url))
    throw bad_input("--base-url must be an http:// or https:// URL with a host and no query");
  return url;
}

void print_integration(const store::IntegrationRecord& integration) {
  std::cout << "integration " << integration.id << " '" << integration.name << "' (" << integration.partner << ")"
            << (integration.enabled ? "" : ", disabled") << ": partner API "
            << (integration.base_url.empty() ? "none" : media::redact_url(integration.base_url)) << ", commands "
            << (integration.can_issue_commands ? "on" : "off") << ", networks " << joined(integration.network_ids)
            << ", events to POST " << webhook_path(integration.id) << "\n";
}

//! The doors (of one integration when integration_id is set) as tab-separated lines under a header.
void print_doors(const std::vector<store::DoorRecord>& doors, std::optional<std::int64_t> integration_id) {
  std::cout << "integration_id\tuuid\tname\tgone\tcamera_ids\n";
  for (const auto& door : doors) {
    if (!integration_id || door.integration_id == *integration_id) {
      std::cout << door.integration_id << "\t" << door.uuid << "\t" << door.name << "\t" << (door.gone ? "yes" : "no")
                << "\t" << joined(door.camera_ids) << "\n";
    }
  }
}

int set_partner(const CliOptions& options) {
  // Everything is checked before the database opens: bad input changes nothing.
  auto organization_id = number_option(options, "org-id");
  const auto& name = options.at("name");
  if (name.empty() || name.size() > 200 || has_control_characters(name))
    throw bad_input("--name must be 1 to 200 characters of text");
  auto base_url = checked_base_url(options.at("base-url"));
  std::optional<bool> commands;
  if (options.count("commands")) {
    if (options.at("commands") != "on" && options.at("commands") != "off")
      throw CliUsage{"--commands must be on or off"};
    commands = options.at("commands") == "on";
  }
  auto secret = secret_file_option(options, "webhook-secret-file");
  auto token = secret_file_option(options, "command-token-file");

  auto opened = open_store(options);
  auto& database = *opened;
  if (!database.find_organization(organization_id))
    throw bad_input("no organization with id " + std::to_string(organization_id));
  store::IntegrationRecord integration;
  bool created = false;
  database.in_transaction([&] {
    auto existing = database.integrations_of_organization(organization_id);
    std::erase_if(existing, [&](const auto& item) { return item.name != name; });
    if (existing.size() > 1)
      throw bad_input("organization " + std::to_string(organization_id) + " has several integrations named '" + name +
                      "'");
    if (existing.empty()) {
      integration = {0, organization_id, k_partner, name, true, {}, base_url, secret, token, commands.value_or(false)};
      for (const auto& network : database.networks_of_organization(organization_id))
        integration.network_ids.push_back(network.id);
      database.insert_integration(integration);
      integration.id = database.integrations_of_organization(organization_id).back().id; // by id: the new one
      created = true;
      return;
    }
    integration = existing.front();
    integration.base_url = base_url;
    integration.webhook_secret = secret;
    integration.command_token = token;
    integration.can_issue_commands = commands.value_or(integration.can_issue_commands);
    database.set_integration_partner(integration.id, base_url, secret, token, integration.can_issue_commands);
  });
  std::cout << (created ? "created " : "updated ");
  print_integration(integration);
  std::cout << "the partner posts its events to " << webhook_path(integration.id)
            << " on argusd's public URL, signed with the webhook secret\n";
  return 0;
}

int sync(const CliOptions& options) {
  auto integration_id = number_option(options, "integration-id");
  auto opened = open_store(options);
  auto& database = *opened;
  auto integration = database.find_integration(integration_id);
  if (!integration)
    throw bad_input("no integration with id " + std::to_string(integration_id));
  if (integration->base_url.empty())
    throw bad_input("integration " + std::to_string(integration_id) + " has no partner API (argusd doors set-partner)");
  // The server's own door sync (AccessControl) with the server's partner adapter.
  services::AccessControl access_control(
      database, [](const store::IntegrationRecord& item) -> std::unique_ptr<services::AccessControlPartner> {
        return std::make_unique<services::HttpDoorPartner>(item.base_url, item.command_token);
      });
  try {
    access_control.sync_doors(*integration);
  } catch (const Error& error) {
    throw Error(error.kind(), "door sync of integration " + std::to_string(integration_id) + " from " +
                                  media::redact_url(integration->base_url) + " failed: " + error.what());
  }
  print_doors(database.doors_of_organization(integration->organization_id), integration_id);
  return 0;
}

int list(const CliOptions& options) {
  auto organization_id = number_option(options, "org-id");
  auto opened = open_store(options);
  auto& database = *opened;
  if (!database.find_organization(organization_id))
    throw bad_input("no organization with id " + std::to_string(organization_id));
  auto integrations = database.integrations_of_organization(organization_id);
  if (integrations.empty())
    std::cout << "organization " << organization_id << " has no door partner (argusd doors set-partner)\n";
  for (const auto& integration : integrations)
    print_integration(integration);
  print_doors(database.doors_of_organization(organization_id), std::nullopt);
  return 0;
}

//! map or unmap: the door of --door-uuid (in --integration-id, else the only integration that has it) and a camera
//! of the same organization; any refusal comes before the change.
int map_or_unmap(const std::string& command, const CliOptions& options) {
  const auto& uuid = options.at("door-uuid");
  auto camera_id = number_option(options, "camera-id");
  std::optional<std::int64_t> integration_id;
  if (options.count("integration-id"))
    integration_id = number_option(options, "integration-id");
  auto opened = open_store(options);
  auto& database = *opened;
  if (integration_id && !database.find_integration(*integration_id))
    throw bad_input("no integration with id " + std::to_string(*integration_id));
  std::vector<store::DoorRecord> doors;
  for (const auto& organization : database.organizations()) {
    for (auto& door : database.doors_of_organization(organization.id)) {
      if (door.uuid == uuid && (!integration_id || door.integration_id == *integration_id))
        doors.push_back(std::move(door));
    }
  }
  if (doors.empty()) {
    throw bad_input("no door '" + uuid + "'" +
                    (integration_id ? " in integration " + std::to_string(*integration_id) : std::string()) +
                    " (argusd doors list; argusd doors sync fetches the partner's doors)");
  }
  if (doors.size() > 1) {
    std::vector<std::int64_t> ids;
    for (const auto& door : doors)
      ids.push_back(door.integration_id);
    throw bad_input("door '" + uuid + "' is in integrations " + joined(ids) + ": choose one with --integration-id");
  }
  const auto& door = doors.front();
  auto integration = database.find_integration(door.integration_id).value();
  auto camera = database.find_camera(camera_id);
  if (!camera)
    throw bad_input("no camera with id " + std::to_string(camera_id));
  if (camera->organization_id != integration.organization_id) {
    throw bad_input("camera " + std::to_string(camera_id) + " is in organization " +
                    std::to_string(camera->organization_id) + ", door '" + uuid + "' in organization " +
                    std::to_string(integration.organization_id) + ": a door watches cameras of its own organization");
  }
  auto door_text = "door '" + uuid + "' (" + door.name + ")";
  auto camera_text = "camera " + std::to_string(camera_id) + " (" + camera->name + ")";
  if (command == "map") {
    bool mapped = database.map_door_camera(door.id, camera_id);
    std::cout << door_text << (mapped ? " now shows on " : " already shows on ") << camera_text << "\n";
    const auto& served = integration.network_ids;
    if (std::find(served.begin(), served.end(), camera->network_id) == served.end()) {
      std::cerr << "argusd: note: integration " << integration.id << " does not serve network " << camera->network_id
                << " of camera " << camera_id << ": the camera's page does not offer this door\n";
    }
  } else {
    bool unmapped = database.unmap_door_camera(door.id, camera_id);
    std::cout << door_text << (unmapped ? " no longer shows on " : " was not mapped to ") << camera_text << "\n";
  }
  return 0;
}

} // namespace

int run_doors_command(int argc, char** argv) {
  const std::string command = argc >= 3 ? argv[2] : "";
  return run_cli_command(k_usage, [&] {
    if (command == "set-partner") {
      return set_partner(parse_cli_options(
          argc, argv,
          {"data-dir", "org-id", "name", "base-url", "webhook-secret-file", "command-token-file", "commands"},
          {"data-dir", "org-id", "name", "base-url", "webhook-secret-file", "command-token-file"}));
    }
    if (command == "sync")
      return sync(parse_cli_options(argc, argv, {"data-dir", "integration-id"}, {"data-dir", "integration-id"}));
    if (command == "list")
      return list(parse_cli_options(argc, argv, {"data-dir", "org-id"}, {"data-dir", "org-id"}));
    if (command == "map" || command == "unmap") {
      return map_or_unmap(command,
                          parse_cli_options(argc, argv, {"data-dir", "door-uuid", "camera-id", "integration-id"},
                                            {"data-dir", "door-uuid", "camera-id"}));
    }
    throw CliUsage{command.empty() ? "a doors command is required" : "unknown doors command '" + command + "'"};
  });
}

} // namespace argus
