#pragma once
// Starts a real argusd for integration tests: fresh data directory, a free loopback port, --demo by default. The
// destructor stops it (SIGTERM, then SIGKILL after a timeout) and removes the data directory. restart() stops it and
// starts it again on the same data directory and port (restart and CLI tests).
//
//   argus::testing::ArgusdProcess server;          // throws when argusd does not come up
//   auto client = server.client();                 // HttpClient with its own cookie jar
//   auto token = client.get("/n1/csrf/token").json()["csrf_token"];
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "support/http_client.hpp"

namespace argus::testing {

struct ArgusdOptions {
  bool demo = true;
  bool object_detection = false;       // false: --detect-fps 0 (the detector's CPU would slow other tests' video)
  std::filesystem::path data_dir;      // empty: a fresh temporary directory, removed afterwards
  std::filesystem::path web_root;      // empty: no --web-root
  std::vector<std::string> extra_args; // e.g. {"--log-level", "debug"}
  std::filesystem::path tls_certificate; // set with tls_private_key: --tls-cert/--tls-key, clients speak HTTPS
  std::filesystem::path tls_private_key;
  std::chrono::milliseconds startup_timeout_ms{20'000};
  //! Runs argusd through this command (found on PATH), argusd's own command line appended: e.g. unshare and a shell
  //! that mounts something first and then execs "$@" (so the pid stays argusd's). Empty: argusd itself.
  std::vector<std::string> launcher;
};

class ArgusdProcess {
public:
  explicit ArgusdProcess(ArgusdOptions options = {});
  ~ArgusdProcess();
  ArgusdProcess(const ArgusdProcess&) = delete;
  ArgusdProcess& operator=(const ArgusdProcess&) = delete;

  //! The loopback port argusd listens on.
  std::uint16_t port() const { return port_; }
  //! "http://127.0.0.1:PORT" ("https://" with TLS).
  std::string base_url() const;
  //! The process id while it runs (through a launcher: argusd's once the launcher exec'ed it), else -1.
  pid_t pid() const { return pid_; }
  //! The --data-dir of this instance.
  const std::filesystem::path& data_dir() const { return data_dir_; }
  //! A new client for this server (own connection and cookie jar; HTTPS checking the certificate with TLS).
  HttpClient client() const;
  //! Everything argusd wrote to stdout and stderr so far.
  std::string output() const;
  //! The demo credentials file announced on stdout ("Demo credentials: <path>"), parsed.
  nlohmann::json demo_credentials() const;
  //! SIGTERM, wait up to timeout_ms, then SIGKILL. Returns the exit code (128+signal when killed). Idempotent.
  int stop(std::chrono::milliseconds timeout_ms = std::chrono::milliseconds{5'000});
  //! SIGKILL at once (a crash: no shutdown, no flush) and reap it. Returns 128 + SIGKILL, or the exit code when it had
  //! already exited. start() brings it back on the same data directory and port.
  int kill_hard();
  //! True while the process runs.
  bool running();
  //! Stops argusd (throws unless it exits cleanly) and starts it again on the same data directory and port.
  void restart();
  //! Starts argusd again after stop() (same data directory and port); e.g. after running a CLI command on the data.
  void start();

private:
  void wait_until_ready(std::chrono::milliseconds timeout_ms);
  bool tls() const { return !options_.tls_certificate.empty(); }
  //! The port in this start's "listening on" log line, or 0 while it is not there yet.
  std::uint16_t announced_port() const;

  ArgusdOptions options_;
  std::filesystem::path temp_dir_; // owned by us: removed in the destructor
  std::filesystem::path data_dir_;
  std::filesystem::path log_path_;
  std::uint16_t port_ = 0;            // 0 until the first start announces it; kept for restarts
  std::uintmax_t log_offset_bytes_ = 0; // where this start's output begins in the log
  pid_t pid_ = -1;
  int exit_code_ = -1;
};

struct CliResult {
  int exit_code = -1;
  std::string output; // stdout and stderr
};

//! Runs `argusd ARGS...` (an administrative command such as `user set-idle-timeout`) to completion.
CliResult run_argusd_cli(const std::vector<std::string>& args);

//! A TCP port that was free a moment ago on 127.0.0.1.
std::uint16_t find_free_port();

} // namespace argus::testing
