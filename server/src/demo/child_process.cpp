#include "demo/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "common/error.hpp"

namespace argus::demo {
namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::steady_clock;

namespace {

Error unavailable(const std::string& name, const std::string& message) {
  return Error(Error::Kind::unavailable, name + ": " + message);
}

} // namespace

ChildProcess::ChildProcess(std::string name, std::vector<std::string> args) : name_(std::move(name)) {
  if (args.empty())
    throw unavailable(name_, "no program to run");
  // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
  std::vector<char*> argv;
  for (auto& arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);

  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw unavailable(name_, std::string("pipe: ") + std::strerror(errno));
  pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw unavailable(name_, std::string("fork: ") + std::strerror(errno));
  }
  if (pid_ == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) // the parent died before prctl
      ::_exit(1);
    ::dup2(fds[1], STDOUT_FILENO);
    ::close_range(3, ~0U, 0);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  stdout_fd_ = fds[0];
}

ChildProcess::~ChildProcess() {
  stop();
}

std::string ChildProcess::wait_for_ready_line(milliseconds timeout) {
  auto deadline = steady_clock::now() + timeout;
  std::string prefix = name_ + " ready ";
  std::string buffer;
  for (;;) {
    for (auto end = buffer.find('\n'); end != std::string::npos; end = buffer.find('\n')) {
      auto line = buffer.substr(0, end);
      if (line.starts_with(prefix))
        return line;
      buffer.erase(0, end + 1);
    }
    auto left = std::chrono::duration_cast<milliseconds>(deadline - steady_clock::now()).count();
    if (left <= 0 || stdout_fd_ < 0) {
      stop();
      throw unavailable(name_, "no ready line within " + std::to_string(timeout.count()) + " ms");
    }
    pollfd poll_fd{stdout_fd_, POLLIN, 0};
    int ready = ::poll(&poll_fd, 1, static_cast<int>(left));
    if (ready <= 0)
      continue; // EINTR or the deadline; the loop checks the time
    char chunk[512];
    ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int code = stop();
      throw unavailable(name_, "exited before it was ready (exit code " + std::to_string(code) + ", see its stderr)");
    }
    buffer.append(chunk, static_cast<std::size_t>(n));
  }
}

int ChildProcess::stop(milliseconds timeout) {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    auto deadline = steady_clock::now() + timeout;
    int status = 0;
    pid_t done = 0;
    while ((done = ::waitpid(pid_, &status, WNOHANG)) == 0 && steady_clock::now() < deadline)
      std::this_thread::sleep_for(milliseconds(20));
    if (done == 0) {
      ::kill(pid_, SIGKILL);
      done = ::waitpid(pid_, &status, 0);
    }
    if (done == pid_)
      exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    pid_ = -1;
  }
  if (stdout_fd_ >= 0) {
    ::close(stdout_fd_);
    stdout_fd_ = -1;
  }
  return exit_code_;
}

std::string ChildProcess::ready_field(const std::string& line, const std::string& key) {
  auto start = line.find(" " + key + "=");
  if (start == std::string::npos)
    return {};
  start += key.size() + 2;
  return line.substr(start, line.find(' ', start) - start);
}

std::uint16_t ChildProcess::loopback_url_port(const std::string& line) {
  constexpr std::string_view prefix = "http://127.0.0.1:";
  auto url = ready_field(line, "url");
  if (!url.starts_with(prefix))
    return 0;
  auto digits = url.substr(prefix.size());
  if (digits.empty() || digits.size() > 5 || digits.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  auto port = std::stoi(digits);
  return port > 0 && port <= 65535 ? static_cast<std::uint16_t>(port) : 0;
}

fs::path ChildProcess::executable_dir() {
  std::error_code ec;
  auto exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::current_path() : exe.parent_path();
}

void ChildProcess::require_executable(const std::string& name, const fs::path& binary) {
  if (::access(binary.c_str(), X_OK) != 0)
    throw unavailable(name, "no executable at " + binary.string());
}

} // namespace argus::demo
