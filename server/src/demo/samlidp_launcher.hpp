#pragma once
// Runs the demo's SAML identity provider (tools/samlidp, Python on Debian's python3-lasso) as a child process for
// `argusd --demo` and the tests, waits for its ready line and stops it on destruction. Like DemocatcherLauncher,
// construct it on a thread that lives as long as it. Throws argus::Error(unavailable) when it cannot start (no
// /usr/bin/python3 with lasso, or the script is missing).
//
//   argus::demo::SamlIdpOptions options;
//   options.state_dir = data_dir / "demo-idp";
//   options.sp_metadata_url = "http://127.0.0.1:8080/login/saml/metadata";
//   options.users = {{"admin@argus.demo", "secret"}};
//   argus::demo::SamlIdpLauncher idp(options);
//   idp.metadata_url();  // "http://127.0.0.1:PORT/metadata"
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace argus::demo {

class ChildProcess;

struct SamlIdpOptions {
  std::filesystem::path script;    // empty: samlidp/samlidp.py in the directory of the running executable
  std::filesystem::path state_dir; // its key and certificate (kept: the metadata stays the same); required
  std::string sp_metadata_url;     // argusd's GET /login/saml/metadata; required
  std::uint16_t port = 0;          // 0: a free port
  std::vector<std::pair<std::string, std::string>> users; // e-mail and password of each account it signs in
  std::chrono::milliseconds startup_timeout_ms{20'000};
};

class SamlIdpLauncher {
public:
  explicit SamlIdpLauncher(SamlIdpOptions options);
  ~SamlIdpLauncher();
  SamlIdpLauncher(const SamlIdpLauncher&) = delete;
  SamlIdpLauncher& operator=(const SamlIdpLauncher&) = delete;

  //! "http://127.0.0.1:PORT"
  const std::string& url() const { return url_; }
  //! "http://127.0.0.1:PORT/metadata": the identity provider's SAML metadata.
  std::string metadata_url() const { return url_ + "/metadata"; }
  std::uint16_t port() const { return port_; }
  //! SIGTERM, then SIGKILL after the timeout. Idempotent.
  void stop();

private:
  std::unique_ptr<ChildProcess> child_;
  std::string url_;
  std::uint16_t port_ = 0;
};

} // namespace argus::demo
