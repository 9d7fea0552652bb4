#pragma once
// Single sign-on in the demo: `argusd --demo` runs its own SAML identity provider (tools/samlidp) whose accounts are
// the demo users with their demo passwords, and gives the first demo organization the SSO identifier "demo" with
// that provider's metadata (fetched again at every start: its address may change). A person signs in with "Sign in
// with SSO", identifier demo.
#include <filesystem>
#include <memory>
#include <string>

namespace argus::store {
class Database;
}

namespace argus::demo {

class SamlIdpLauncher;

inline constexpr const char* k_demo_sso_identifier = "demo";

//! Starts the identity provider (state in data_dir/demo-idp) for the service provider at public_url and sets the
//! demo organization's SSO. Throws argus::Error when the provider does not start or its metadata is refused.
std::unique_ptr<SamlIdpLauncher> start_demo_sso(store::Database& database, const std::filesystem::path& data_dir,
                                                const std::string& public_url);

} // namespace argus::demo
