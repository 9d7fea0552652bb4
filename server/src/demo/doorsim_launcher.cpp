#include "demo/doorsim_launcher.hpp"

#include "common/error.hpp"
#include "demo/child_process.hpp"

namespace argus::demo {
namespace {

constexpr const char* k_name = "doorsim";
constexpr const char* k_python = "/usr/bin/python3";

} // namespace

DoorsimLauncher::DoorsimLauncher(DoorsimOptions options) {
  if (options.webhook_url.empty() || options.secret_file.empty() || options.token_file.empty())
    throw Error(Error::Kind::invalid_input, "doorsim: no webhook URL, secret file or token file");
  auto script = options.script.empty() ? ChildProcess::executable_dir() / "doorsim" / "doorsim.py" : options.script;
  if (!std::filesystem::exists(script))
    throw Error(Error::Kind::unavailable, "doorsim: no script at " + script.string());
  ChildProcess::require_executable(k_name, k_python);
  child_ = std::make_unique<ChildProcess>(
      k_name, std::vector<std::string>{k_python, script.string(), "--webhook-url", options.webhook_url, "--secret-file",
                                       options.secret_file.string(), "--token-file", options.token_file.string(),
                                       "--interval-s", std::to_string(options.interval_s), "--port",
                                       std::to_string(options.port)});
  auto line = child_->wait_for_ready_line(options.startup_timeout_ms);
  port_ = ChildProcess::loopback_url_port(line);
  if (port_ == 0) {
    child_->stop();
    throw Error(Error::Kind::unavailable, std::string(k_name) + ": unexpected ready line: " + line);
  }
  url_ = ChildProcess::ready_field(line, "url");
}

DoorsimLauncher::~DoorsimLauncher() {
  stop();
}

void DoorsimLauncher::stop() {
  if (child_)
    child_->stop();
}

} // namespace argus::demo
