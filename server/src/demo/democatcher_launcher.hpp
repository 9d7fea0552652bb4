#pragma once
// Runs the demo's mail and SMS catcher (tools/democatcher) as a child process for `argusd --demo` and for tests: an
// SMTP server that keeps every message it is sent, an SMS gateway endpoint, and the inbox page that shows both. Waits
// for its ready line and stops it on destruction (SIGTERM, then SIGKILL). Like CamsimLauncher, construct it on a thread
// that lives as long as it (PR_SET_PDEATHSIG). Throws argus::Error(unavailable) when democatcher cannot start.
//
//   argus::demo::DemocatcherOptions options;
//   options.dir = data_dir / "democatcher";
//   argus::demo::DemocatcherLauncher catcher(options);
//   catcher.smtp_url();         // "smtp://127.0.0.1:PORT"
//   catcher.sms_gateway_url();  // "http://127.0.0.1:PORT/sms"
//   catcher.inbox_url();        // "http://127.0.0.1:PORT" (the inbox page; GET /api/messages lists the messages)
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace argus::demo {

class ChildProcess;

struct DemocatcherOptions {
  std::filesystem::path binary; // empty: "democatcher" in the directory of the running executable
  std::filesystem::path dir;    // where democatcher writes the messages (mail/{id}.eml, sms.jsonl); required
  std::uint16_t smtp_port = 0;  // 0: a free port
  std::uint16_t http_port = 0;  // 0: a free port
  std::string smtp_user;        // non-empty: the SMTP server requires AUTH with these credentials
  std::string smtp_password;
  std::chrono::milliseconds startup_timeout_ms{10'000};
};

class DemocatcherLauncher {
public:
  explicit DemocatcherLauncher(DemocatcherOptions options);
  ~DemocatcherLauncher();
  DemocatcherLauncher(const DemocatcherLauncher&) = delete;
  DemocatcherLauncher& operator=(const DemocatcherLauncher&) = delete;

  //! "smtp://127.0.0.1:PORT", the mailer's URL (plain SMTP, no TLS).
  std::string smtp_url() const;
  //! "http://127.0.0.1:PORT/sms": takes GET ?to=&text=, or a POST of JSON or a form with to and text.
  std::string sms_gateway_url() const;
  //! "http://127.0.0.1:PORT": the inbox page for people; /api/messages for programs.
  std::string inbox_url() const;
  std::uint16_t smtp_port() const { return smtp_port_; }
  std::uint16_t http_port() const { return http_port_; }
  //! democatcher's process id, or -1 once it is stopped.
  pid_t pid() const;
  //! SIGTERM, wait up to timeout, then SIGKILL. Returns the exit code (128 + signal when killed). Idempotent.
  int stop(std::chrono::milliseconds timeout = std::chrono::milliseconds{3'000});

private:
  std::unique_ptr<ChildProcess> child_;
  std::uint16_t smtp_port_ = 0;
  std::uint16_t http_port_ = 0;
};

} // namespace argus::demo
