#include "demo/demo_sso.hpp"

#include <fstream>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "demo/demo_fleet.hpp"
#include "demo/demo_seeder.hpp"
#include "demo/samlidp_launcher.hpp"
#include "services/clock.hpp"
#include "services/curl_transfer.hpp"
#include "services/sso_settings.hpp"

namespace argus::demo {
namespace {

std::size_t collect_body(char* data, std::size_t size, std::size_t count, void* body) {
  static_cast<std::string*>(body)->append(data, size * count);
  return size * count;
}

std::string http_get(const std::string& url) {
  auto handle = services::new_curl_handle(10'000);
  std::string body;
  curl_easy_setopt(handle.get(), CURLOPT_URL, url.c_str());
  curl_easy_setopt(handle.get(), CURLOPT_WRITEFUNCTION, collect_body);
  curl_easy_setopt(handle.get(), CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(handle.get(), CURLOPT_FAILONERROR, 1L);
  services::perform_or_throw(handle.get(), "demo identity provider metadata");
  return body;
}

//! The demo users' e-mails and passwords from demo-credentials.json.
std::vector<std::pair<std::string, std::string>> demo_accounts(const std::filesystem::path& data_dir) {
  std::ifstream in(DemoSeeder::credentials_path(data_dir));
  if (!in)
    throw Error(Error::Kind::unavailable, "demo SSO: no demo credentials file");
  auto credentials = nlohmann::json::parse(in, nullptr, false);
  std::vector<std::pair<std::string, std::string>> accounts;
  if (credentials.is_array()) {
    for (const auto& entry : credentials) {
      if (entry.contains("email") && entry.contains("password"))
        accounts.emplace_back(entry["email"].get<std::string>(), entry["password"].get<std::string>());
    }
  }
  return accounts;
}

} // namespace

std::unique_ptr<SamlIdpLauncher> start_demo_sso(store::Database& database, const std::filesystem::path& data_dir,
                                                const std::string& public_url) {
  SamlIdpOptions options;
  options.state_dir = data_dir / "demo-idp";
  options.sp_metadata_url = public_url + "/n1/login/saml/metadata";
  options.users = demo_accounts(data_dir);
  auto idp = std::make_unique<SamlIdpLauncher>(options);
  auto organization_id = demo_fleet().organizations.front().id;
  services::save_sso_settings(database, organization_id, k_demo_sso_identifier, http_get(idp->metadata_url()),
                              services::system_now_ms());
  return idp;
}

} // namespace argus::demo
