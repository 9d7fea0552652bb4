#include "app/sso_cli.hpp"

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "app/cli_options.hpp"
#include "common/error.hpp"
#include "saml/service_provider.hpp"
#include "services/clock.hpp"
#include "services/sso_settings.hpp"

namespace argus {
namespace {

constexpr const char* k_usage =
    "usage: argusd sso set --data-dir D --org-id N --identifier ID --idp-metadata FILE\n"
    "       argusd sso show --data-dir D --org-id N\n"
    "       argusd sso remove --data-dir D --org-id N\n"
    "  (the service provider's metadata for the identity provider: GET /n1/login/saml/metadata)";

std::string read_metadata_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(Error::Kind::invalid_input, "--idp-metadata: cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void print(const store::OrganizationSsoRecord& sso) {
  auto idp = saml::ServiceProvider::describe_identity_provider(sso.idp_metadata);
  std::cout << "organization " << sso.organization_id << ": SSO identifier '" << sso.identifier
            << "', identity provider " << idp.entity_id << (idp.signs_out ? " (with single sign-out)" : "") << "\n";
}

int run(const std::string& command, const CliOptions& options) {
  auto opened = open_store(options);
  auto& database = *opened;
  auto organization_id = number_option(options, "org-id");
  if (command == "set") {
    print(services::save_sso_settings(database, organization_id, options.at("identifier"),
                                      read_metadata_file(options.at("idp-metadata")), services::system_now_ms()));
    return 0;
  }
  if (command == "remove") {
    if (!database.remove_organization_sso(organization_id))
      throw Error(Error::Kind::not_found, "organization " + std::to_string(organization_id) + " has no SSO");
    std::cout << "organization " << organization_id << ": SSO removed\n";
    return 0;
  }
  auto sso = database.find_sso_of_organization(organization_id);
  if (!sso)
    throw Error(Error::Kind::not_found, "organization " + std::to_string(organization_id) + " has no SSO");
  print(*sso);
  return 0;
}

} // namespace

int run_sso_command(int argc, char** argv) {
  const std::string command = argc >= 3 ? argv[2] : "";
  return run_cli_command(k_usage, [&] {
    if (command == "set") {
      return run(command, parse_cli_options(argc, argv, {"data-dir", "org-id", "identifier", "idp-metadata"},
                                            {"data-dir", "org-id", "identifier", "idp-metadata"}));
    }
    if (command == "show" || command == "remove")
      return run(command, parse_cli_options(argc, argv, {"data-dir", "org-id"}, {"data-dir", "org-id"}));
    throw CliUsage{"unknown command 'argusd sso " + command + "'"};
  });
}

} // namespace argus
