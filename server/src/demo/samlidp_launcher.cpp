#include "demo/samlidp_launcher.hpp"

#include "common/error.hpp"
#include "demo/child_process.hpp"

namespace argus::demo {
namespace {

constexpr const char* k_name = "samlidp";
constexpr const char* k_python = "/usr/bin/python3"; // Debian's, which has python3-lasso (a pyenv python3 has not)

} // namespace

SamlIdpLauncher::SamlIdpLauncher(SamlIdpOptions options) {
  if (options.state_dir.empty() || options.sp_metadata_url.empty())
    throw Error(Error::Kind::invalid_input, "samlidp: no state directory or service provider metadata URL");
  auto script = options.script.empty() ? ChildProcess::executable_dir() / "samlidp" / "samlidp.py" : options.script;
  if (!std::filesystem::exists(script))
    throw Error(Error::Kind::unavailable, "samlidp: no script at " + script.string());
  ChildProcess::require_executable(k_name, k_python);
  std::vector<std::string> args = {k_python,
                                   script.string(),
                                   "--state-dir",
                                   options.state_dir.string(),
                                   "--sp-metadata-url",
                                   options.sp_metadata_url,
                                   "--port",
                                   std::to_string(options.port)};
  for (const auto& [email, password] : options.users)
    args.insert(args.end(), {"--user", email + ":" + password});
  child_ = std::make_unique<ChildProcess>(k_name, std::move(args));
  auto line = child_->wait_for_ready_line(options.startup_timeout_ms);
  port_ = ChildProcess::loopback_url_port(line);
  if (port_ == 0) {
    child_->stop();
    throw Error(Error::Kind::unavailable, std::string(k_name) + ": unexpected ready line: " + line);
  }
  url_ = ChildProcess::ready_field(line, "url");
}

SamlIdpLauncher::~SamlIdpLauncher() {
  stop();
}

void SamlIdpLauncher::stop() {
  if (child_)
    child_->stop();
}

} // namespace argus::demo
