#include "support/argusd_process.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

#ifndef ARGUSD_PATH
#error "ARGUSD_PATH must name the argusd binary (set by CMake)"
#endif

namespace argus::testing {
namespace fs = std::filesystem;
using std::chrono::milliseconds;

std::uint16_t find_free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    if (fd >= 0)
      ::close(fd);
    throw std::runtime_error("find_free_port: " + std::string(std::strerror(errno)));
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

ArgusdProcess::ArgusdProcess(ArgusdOptions options) : options_(std::move(options)) {
  std::string pattern = (fs::temp_directory_path() / "argus-it-XXXXXX").string();
  if (!::mkdtemp(pattern.data()))
    throw std::runtime_error("mkdtemp: " + std::string(std::strerror(errno)));
  temp_dir_ = pattern;
  data_dir_ = options_.data_dir.empty() ? temp_dir_ / "data" : options_.data_dir;
  log_path_ = temp_dir_ / "argusd.log";
  try {
    start();
  } catch (...) {
    std::error_code ec;
    fs::remove_all(temp_dir_, ec); // the destructor does not run for a half-constructed object
    throw;
  }
}

void ArgusdProcess::start() {
  if (running())
    throw std::logic_error("argusd is already running");
  std::vector<std::string> args = options_.launcher;
  // Port 0 on the first start.
  args.insert(args.end(),
              {ARGUSD_PATH, "--data-dir", data_dir_.string(), "--listen", "127.0.0.1:" + std::to_string(port_)});
  if (options_.demo)
    args.emplace_back("--demo");
  // Detection tests check what is found, not the CPU budget (unit-tested): a whole core, as other tests share the
  // machine's two.
  if (options_.object_detection)
    args.insert(args.end(), {"--detect-cpu", "100"});
  else
    args.insert(args.end(), {"--detect-fps", "0"});
  if (!options_.web_root.empty())
    args.insert(args.end(), {"--web-root", options_.web_root.string()});
  if (tls()) {
    args.insert(args.end(),
                {"--tls-cert", options_.tls_certificate.string(), "--tls-key", options_.tls_private_key.string()});
  }
  args.insert(args.end(), options_.extra_args.begin(), options_.extra_args.end());
  std::vector<char*> argv;
  for (auto& arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);

  // Appends, so that output() keeps what earlier runs (before a restart) wrote.
  int log_fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0)
    throw std::runtime_error("open " + log_path_.string() + ": " + std::strerror(errno));
  exit_code_ = -1;
  log_offset_bytes_ = fs::exists(log_path_) ? fs::file_size(log_path_) : 0;
  pid_ = ::fork();
  if (pid_ == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL); // never outlive a crashed test runner
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(log_fd);
  if (pid_ < 0)
    throw std::runtime_error("fork: " + std::string(std::strerror(errno)));
  try {
    wait_until_ready(options_.startup_timeout_ms);
  } catch (...) {
    stop(milliseconds{2'000});
    throw;
  }
}

void ArgusdProcess::restart() {
  if (int code = stop(); code != 0 && code != -1)
    throw std::runtime_error("argusd exited with code " + std::to_string(code) + " when stopped:\n" + output());
  start();
}

CliResult run_argusd_cli(const std::vector<std::string>& args) {
  std::string pattern = (fs::temp_directory_path() / "argus-cli-XXXXXX").string();
  int out_fd = ::mkstemp(pattern.data());
  if (out_fd < 0)
    throw std::runtime_error("mkstemp: " + std::string(std::strerror(errno)));
  std::vector<std::string> all = {ARGUSD_PATH};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& arg : all)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(out_fd, STDOUT_FILENO);
    ::dup2(out_fd, STDERR_FILENO);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(out_fd);
  CliResult result;
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid) {
    ::unlink(pattern.c_str());
    throw std::runtime_error("running argusd " + (args.empty() ? std::string{} : args.front()) + " failed");
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::ifstream in(pattern);
  std::stringstream text;
  text << in.rdbuf();
  result.output = text.str();
  ::unlink(pattern.c_str());
  return result;
}

ArgusdProcess::~ArgusdProcess() {
  stop();
  if (!std::getenv("ARGUS_KEEP_TEST_DATA")) {
    std::error_code ec;
    fs::remove_all(temp_dir_, ec);
  }
}

void ArgusdProcess::wait_until_ready(milliseconds timeout_ms) {
  auto deadline = std::chrono::steady_clock::now() + timeout_ms;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!running()) {
      throw std::runtime_error("argusd exited with code " + std::to_string(exit_code_) + " during startup:\n" +
                               output());
    }
    if (port_ == 0) {
      // The kernel picked the port; argusd announces it. No other process can hold it meanwhile.
      port_ = announced_port();
      if (port_ == 0) {
        std::this_thread::sleep_for(milliseconds{20});
        continue;
      }
    }
    try {
      auto probe = client();
      if (probe.get("/n1/csrf/token").status > 0)
        return;
    } catch (const std::runtime_error&) {
      std::this_thread::sleep_for(milliseconds{50});
    }
  }
  throw std::runtime_error("argusd did not answer within " + std::to_string(timeout_ms.count()) + " ms:\n" + output());
}

std::uint16_t ArgusdProcess::announced_port() const {
  static const std::regex k_listening{R"(listening on https?://127\.0\.0\.1:(\d+))"};
  std::string log = output();
  std::smatch match;
  std::string since_start = log.size() > log_offset_bytes_ ? log.substr(log_offset_bytes_) : std::string{};
  if (!std::regex_search(since_start, match, k_listening))
    return 0;
  return static_cast<std::uint16_t>(std::stoi(match[1].str()));
}

bool ArgusdProcess::running() {
  if (pid_ <= 0)
    return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) != pid_)
    return true;
  exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  pid_ = -1;
  return false;
}

int ArgusdProcess::stop(milliseconds timeout_ms) {
  if (!running())
    return exit_code_;
  ::kill(pid_, SIGTERM);
  auto deadline = std::chrono::steady_clock::now() + timeout_ms;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!running())
      return exit_code_;
    std::this_thread::sleep_for(milliseconds{20});
  }
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  exit_code_ = 128 + SIGKILL;
  pid_ = -1;
  return exit_code_;
}

int ArgusdProcess::kill_hard() {
  if (!running())
    return exit_code_;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  pid_ = -1;
  return exit_code_;
}

std::string ArgusdProcess::base_url() const {
  return (tls() ? "https://127.0.0.1:" : "http://127.0.0.1:") + std::to_string(port_);
}

HttpClient ArgusdProcess::client() const {
  HttpClient client("127.0.0.1", port_);
  if (tls())
    client.use_tls(options_.tls_certificate.string());
  return client;
}

std::string ArgusdProcess::output() const {
  std::ifstream in(log_path_);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

nlohmann::json ArgusdProcess::demo_credentials() const {
  static const std::string k_marker = "Demo credentials: ";
  std::istringstream lines(output());
  for (std::string line; std::getline(lines, line);) {
    auto at = line.find(k_marker);
    if (at == std::string::npos)
      continue;
    std::ifstream file(line.substr(at + k_marker.size()));
    if (!file)
      throw std::runtime_error("cannot read " + line.substr(at + k_marker.size()));
    return nlohmann::json::parse(file);
  }
  throw std::runtime_error("argusd did not print 'Demo credentials: <path>':\n" + output());
}

} // namespace argus::testing
