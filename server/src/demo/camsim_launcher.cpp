#include "demo/camsim_launcher.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <thread>

#include <spdlog/spdlog.h>

#include "common/error.hpp"

namespace argus::demo {
namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::steady_clock;

namespace {

bool has_clips(const fs::path& directory) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(directory, ec)) {
    if (entry.path().filename().string().ends_with("_main.mp4"))
      return true;
  }
  return false;
}

std::string percent_encode(std::string_view text) {
  static constexpr char k_hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += k_hex[c >> 4];
      out += k_hex[c & 15];
    }
  }
  return out;
}

// "key=value" from the ready line, or "".
// "0,5" for camsim's index-list options.
std::string index_list(const std::vector<int>& indices) {
  std::string text;
  for (int index : indices)
    text += (text.empty() ? "" : ",") + std::to_string(index);
  return text;
}

std::string field(const std::string& line, const std::string& key) {
  auto start = line.find(" " + key + "=");
  if (start == std::string::npos)
    return {};
  start += key.size() + 2;
  return line.substr(start, line.find(' ', start) - start);
}

Error unavailable(const std::string& message) {
  return Error(Error::Kind::unavailable, "camsim: " + message);
}

} // namespace

fs::path CamsimLauncher::executable_dir() {
  std::error_code ec;
  auto exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::current_path() : exe.parent_path();
}

std::optional<fs::path> CamsimLauncher::find_footage_dir(const fs::path& exe_dir) {
  for (const auto& candidate : {exe_dir / ".." / "footage", exe_dir / ".." / ".." / "var" / "footage",
                                fs::current_path() / "var" / "footage"}) {
    if (has_clips(candidate))
      return fs::weakly_canonical(candidate);
  }
  return std::nullopt;
}

bool CamsimLauncher::has_fisheye_footage(const fs::path& footage_dir) {
  return has_clips(footage_dir / "fisheye");
}

CamsimLauncher::CamsimLauncher(CamsimOptions options) : options_(std::move(options)) {
  auto exe_dir = executable_dir();
  fs::path binary = options_.binary.empty() ? exe_dir / "camsim" : options_.binary;
  if (::access(binary.c_str(), X_OK) != 0)
    throw unavailable("no executable at " + binary.string());
  fs::path footage = options_.footage_dir;
  if (footage.empty()) {
    auto found = find_footage_dir(exe_dir);
    if (!found)
      throw unavailable("no footage next to " + exe_dir.string() + "; run scripts/prepare-footage.sh");
    footage = *found;
  }

  std::vector<std::string> args = {binary.string(),
                                   "--listen",
                                   "127.0.0.1",
                                   "--port",
                                   "0",
                                   "--control-port",
                                   "0",
                                   "--cameras",
                                   std::to_string(options_.cameras),
                                   "--footage-dir",
                                   footage.string()};
  if (!options_.user.empty())
    args.insert(args.end(), {"--user", options_.user, "--password", options_.password});
  if (options_.audio_cameras > 0)
    args.insert(args.end(), {"--audio-cameras", std::to_string(options_.audio_cameras)});
  if (!options_.multi_imager_cameras.empty())
    args.insert(args.end(), {"--multi-imager-cameras", index_list(options_.multi_imager_cameras)});
  if (!options_.fisheye_cameras.empty()) {
    if (has_fisheye_footage(footage)) {
      args.insert(args.end(), {"--fisheye-cameras", index_list(options_.fisheye_cameras)});
    } else {
      spdlog::warn("camsim: no fisheye clips in {}; fisheye cameras play ordinary footage (run "
                   "scripts/prepare-footage.sh {})",
                   (footage / "fisheye").string(), footage.string());
    }
  }
  args.insert(args.end(), options_.extra_args.begin(), options_.extra_args.end());
  std::vector<char*> argv;
  for (auto& arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);

  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw unavailable(std::string("pipe: ") + std::strerror(errno));
  pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw unavailable(std::string("fork: ") + std::strerror(errno));
  }
  if (pid_ == 0) {
    // Child: only async-signal-safe calls until exec.
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent)
      ::_exit(1);
    ::dup2(fds[1], STDOUT_FILENO);
    ::close_range(3, ~0U, 0);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  stdout_fd_ = fds[0];
  try {
    auto line = wait_for_ready_line();
    rtsp_base_url_ = field(line, "rtsp");
    control_url_ = field(line, "control");
    if (rtsp_base_url_.empty() || control_url_.empty())
      throw unavailable("unexpected ready line: " + line);
  } catch (...) {
    stop();
    throw;
  }
}

CamsimLauncher::~CamsimLauncher() {
  stop();
}

std::string CamsimLauncher::wait_for_ready_line() {
  auto deadline = steady_clock::now() + options_.startup_timeout_ms;
  std::string buffer;
  for (;;) {
    auto left = std::chrono::duration_cast<milliseconds>(deadline - steady_clock::now()).count();
    if (left <= 0)
      throw unavailable("no ready line within " + std::to_string(options_.startup_timeout_ms.count()) + " ms");
    pollfd poll_fd{stdout_fd_, POLLIN, 0};
    int ready = ::poll(&poll_fd, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0)
      continue;
    char chunk[512];
    ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int code = stop();
      throw unavailable("exited before it was ready (exit code " + std::to_string(code) + ", see its stderr)");
    }
    buffer.append(chunk, static_cast<std::size_t>(n));
    if (auto end = buffer.find('\n'); end != std::string::npos) {
      auto line = buffer.substr(0, end);
      if (line.starts_with("camsim ready "))
        return line;
      buffer.erase(0, end + 1);
    }
  }
}

std::string CamsimLauncher::imager_rtsp_url(int camera_index, int imager, std::string_view stream) const {
  if (imager == 0)
    return rtsp_url(camera_index, stream);
  return rtsp_url(camera_index, "imager" + std::to_string(imager) + "/" + std::string(stream));
}

std::string CamsimLauncher::rtsp_url(int camera_index, std::string_view stream) const {
  std::string url = rtsp_base_url_;
  if (!options_.user.empty()) {
    url.insert(std::string_view("rtsp://").size(),
               percent_encode(options_.user) + ":" + percent_encode(options_.password) + "@");
  }
  return url + "/cam" + std::to_string(camera_index) + "/" + std::string(stream);
}

int CamsimLauncher::stop(milliseconds timeout) {
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

} // namespace argus::demo
