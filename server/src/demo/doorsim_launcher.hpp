#pragma once
// Runs the demo's door-controller simulator (tools/doorsim, Python) as a child process for `argusd --demo` and the
// tests, waits for its ready line and stops it on destruction. Construct it on a thread that lives as long as it.
// Throws argus::Error(unavailable) when it cannot start (no /usr/bin/python3, or the script is missing).
//
//   argus::demo::DoorsimOptions options;
//   options.webhook_url = "http://127.0.0.1:8080/n1/access_control/partners/1/events";
//   options.secret_file = dir / "webhook-secret";
//   options.token_file = dir / "command-token";
//   argus::demo::DoorsimLauncher doorsim(options);
//   doorsim.url();  // "http://127.0.0.1:PORT": the partner's command API
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace argus::demo {

class ChildProcess;

struct DoorsimOptions {
  std::filesystem::path script;      // empty: doorsim/doorsim.py in the directory of the running executable
  std::string webhook_url;           // required
  std::filesystem::path secret_file; // required: the webhook's HMAC key
  std::filesystem::path token_file;  // required: the bearer token of the command API
  int interval_s = 20;               // scheduled badge events (0: only on command)
  std::uint16_t port = 0;            // 0: a free port
  std::chrono::milliseconds startup_timeout_ms{20'000};
};

class DoorsimLauncher {
public:
  explicit DoorsimLauncher(DoorsimOptions options);
  ~DoorsimLauncher();
  DoorsimLauncher(const DoorsimLauncher&) = delete;
  DoorsimLauncher& operator=(const DoorsimLauncher&) = delete;

  //! "http://127.0.0.1:PORT"
  const std::string& url() const { return url_; }
  std::uint16_t port() const { return port_; }
  //! SIGTERM, then SIGKILL after the timeout. Idempotent.
  void stop();

private:
  std::unique_ptr<ChildProcess> child_;
  std::string url_;
  std::uint16_t port_ = 0;
};

} // namespace argus::demo
