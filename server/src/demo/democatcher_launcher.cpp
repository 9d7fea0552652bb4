#include "demo/democatcher_launcher.hpp"

#include "common/error.hpp"
#include "demo/child_process.hpp"

namespace argus::demo {
namespace {

constexpr const char* k_name = "democatcher";

// The port of "127.0.0.1:PORT", or 0 when the text is not that.
std::uint16_t loopback_port(const std::string& address) {
  constexpr std::string_view k_host = "127.0.0.1:";
  if (!address.starts_with(k_host))
    return 0;
  auto digits = address.substr(k_host.size());
  if (digits.empty() || digits.size() > 5 || digits.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  int port = std::stoi(digits);
  return port <= 65535 ? static_cast<std::uint16_t>(port) : 0;
}

std::string listen_on(std::uint16_t port) {
  return "127.0.0.1:" + std::to_string(port);
}

} // namespace

DemocatcherLauncher::DemocatcherLauncher(DemocatcherOptions options) {
  if (options.dir.empty())
    throw Error(Error::Kind::invalid_input, "democatcher: no directory for the messages");
  auto binary = options.binary.empty() ? ChildProcess::executable_dir() / k_name : options.binary;
  ChildProcess::require_executable(k_name, binary);
  std::vector<std::string> args = {
      binary.string(), "--smtp-listen",     listen_on(options.smtp_port), "--http-listen", listen_on(options.http_port),
      "--dir",         options.dir.string()};
  if (!options.smtp_user.empty())
    args.insert(args.end(), {"--smtp-auth", options.smtp_user + ":" + options.smtp_password});

  child_ = std::make_unique<ChildProcess>(k_name, std::move(args));
  auto line = child_->wait_for_ready_line(options.startup_timeout_ms);
  smtp_port_ = loopback_port(ChildProcess::ready_field(line, "smtp"));
  http_port_ = loopback_port(ChildProcess::ready_field(line, "http"));
  if (smtp_port_ == 0 || http_port_ == 0) {
    child_->stop();
    throw Error(Error::Kind::unavailable, std::string(k_name) + ": unexpected ready line: " + line);
  }
}

DemocatcherLauncher::~DemocatcherLauncher() {
  stop();
}

std::string DemocatcherLauncher::smtp_url() const {
  return "smtp://" + listen_on(smtp_port_);
}

std::string DemocatcherLauncher::sms_gateway_url() const {
  return inbox_url() + "/sms";
}

std::string DemocatcherLauncher::inbox_url() const {
  return "http://" + listen_on(http_port_);
}

pid_t DemocatcherLauncher::pid() const {
  return child_ ? child_->pid() : -1;
}

int DemocatcherLauncher::stop(std::chrono::milliseconds timeout) {
  return child_ ? child_->stop(timeout) : -1;
}

} // namespace argus::demo
