#pragma once
// A helper program (camsim, democatcher) run as a child process by argusd and the tests: its stdout comes back on a
// pipe so that the launcher can wait for its one "NAME ready key=value ..." line; it gets SIGTERM when the thread that
// started it exits (PR_SET_PDEATHSIG), so start it on a thread that lives as long as it (the main thread); stop()
// sends SIGTERM, then SIGKILL, and reaps it. Errors are argus::Error(unavailable) with messages starting "NAME: ".
//
//   ChildProcess child("democatcher", {binary, "--dir", dir});
//   auto line = child.wait_for_ready_line(10'000ms);  // "democatcher ready smtp=127.0.0.1:41234 ..."
//   ChildProcess::ready_field(line, "smtp");          // "127.0.0.1:41234"
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace argus::demo {

class ChildProcess {
public:
  //! Starts args[0] with args; name prefixes its ready line and error messages. Throws when it cannot start.
  ChildProcess(std::string name, std::vector<std::string> args);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  //! The first stdout line that starts with "NAME ready "; throws (and stops the child) when the child exits first
  //! or no such line comes within timeout.
  std::string wait_for_ready_line(std::chrono::milliseconds timeout);
  //! SIGTERM, wait up to timeout, then SIGKILL. Returns the exit code (128 + signal when killed). Idempotent.
  int stop(std::chrono::milliseconds timeout = std::chrono::milliseconds{3'000});
  //! The child's process id, or -1 once it is stopped.
  pid_t pid() const { return pid_; }

  //! The value of " key=" in a ready line (up to the next space), or "".
  static std::string ready_field(const std::string& line, const std::string& key);
  //! The port of a ready line's url= field when it is "http://127.0.0.1:PORT", else 0.
  static std::uint16_t loopback_url_port(const std::string& line);
  //! Directory of the running executable (/proc/self/exe), where the build puts the helper programs.
  static std::filesystem::path executable_dir();
  //! Throws unavailable ("NAME: no executable at ...") unless binary is executable.
  static void require_executable(const std::string& name, const std::filesystem::path& binary);

private:
  std::string name_;
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  int exit_code_ = -1;
};

} // namespace argus::demo
