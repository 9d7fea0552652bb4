#include "demo/camsim_launcher.hpp"

#include <cctype>

#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "demo/child_process.hpp"

namespace argus::demo {
namespace fs = std::filesystem;
using std::chrono::milliseconds;

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

// "0,5" for camsim's index-list options.
std::string index_list(const std::vector<int>& indices) {
  std::string text;
  for (int index : indices)
    text += (text.empty() ? "" : ",") + std::to_string(index);
  return text;
}

Error unavailable(const std::string& message) {
  return Error(Error::Kind::unavailable, "camsim: " + message);
}

} // namespace

fs::path CamsimLauncher::executable_dir() {
  return ChildProcess::executable_dir();
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
  ChildProcess::require_executable("camsim", binary);
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
  child_ = std::make_unique<ChildProcess>("camsim", std::move(args));
  auto line = child_->wait_for_ready_line(options_.startup_timeout_ms);
  rtsp_base_url_ = ChildProcess::ready_field(line, "rtsp");
  control_url_ = ChildProcess::ready_field(line, "control");
  if (rtsp_base_url_.empty() || control_url_.empty()) {
    child_->stop();
    throw unavailable("unexpected ready line: " + line);
  }
}

CamsimLauncher::~CamsimLauncher() {
  stop();
}

pid_t CamsimLauncher::pid() const {
  return child_ ? child_->pid() : -1;
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
  return child_ ? child_->stop(timeout) : -1;
}

} // namespace argus::demo
