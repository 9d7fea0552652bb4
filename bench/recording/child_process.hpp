#pragma once
// What bench/recording_cost needs of the processes it measures: start one (output to a log file), read its CPU time
// and resident memory from /proc, stop it. Measuring other processes keeps the bench's own work out of the figures.
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace argus::bench {

class ChildProcess {
public:
  //! Starts argv[0] (a path, or a name looked up in PATH) with stdout and stderr appended to log_path.
  ChildProcess(const std::vector<std::string>& argv, const std::filesystem::path& log_path);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  //! True while it runs (reaps it when it has exited).
  bool running();
  //! Sends SIGTERM without waiting (stop() then waits less when many children were told first).
  void request_stop();
  //! SIGTERM, wait up to timeout, then SIGKILL. Idempotent.
  void stop(std::chrono::milliseconds timeout = std::chrono::milliseconds{5'000});

private:
  pid_t pid_ = -1;
};

//! User + system CPU seconds of a running process (all its threads), from /proc/PID/stat; 0 when it is gone.
double cpu_seconds_of(pid_t pid);
//! VmRSS of a running process in bytes, from /proc/PID/status; 0 when it is gone.
std::int64_t resident_bytes_of(pid_t pid);
//! Sum of the sizes of the regular files below directory (0 when it does not exist).
std::int64_t bytes_below(const std::filesystem::path& directory);
//! Waits until the file's text contains needle; false after the timeout.
bool wait_for_text(const std::filesystem::path& file, const std::string& needle, std::chrono::milliseconds timeout);

} // namespace argus::bench
