#pragma once
// Runs the camera simulator (tools/camsim, docs/design/camsim.md) as a child process for `argusd --demo` and for
// tests: free RTSP and control ports, waits for its ready line, and stops it on destruction (SIGTERM, then SIGKILL).
// The child also gets SIGTERM when the thread that started it exits (PR_SET_PDEATHSIG), so construct the launcher on
// a thread that lives as long as it (the main thread). Throws argus::Error(unavailable) when camsim cannot start.
//
//   argus::demo::CamsimLauncher camsim({.cameras = 4});
//   camsim.rtsp_url(0, "main");  // "rtsp://127.0.0.1:PORT/cam0/main"
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::demo {

class ChildProcess;

struct CamsimOptions {
  int cameras = 4;
  std::filesystem::path binary;      // empty: "camsim" in the directory of the running executable
  std::filesystem::path footage_dir; // empty: CamsimLauncher::find_footage_dir(executable_dir())
  std::string user;                  // non-empty: camsim requires these credentials; rtsp_url() embeds them
  std::string password;
  int audio_cameras = 0;               // the first N cameras also send AAC audio (camsim --audio-cameras)
  //! Cameras that serve the fisheye clips of FOOTAGE_DIR/fisheye (camsim --fisheye-cameras); left out, with a warning,
  //! when the footage directory has none (they then play the ordinary clips).
  std::vector<int> fisheye_cameras;
  //! Cameras with 4 imagers (camsim --multi-imager-cameras): imagers 1..3 at imager_rtsp_url().
  std::vector<int> multi_imager_cameras;
  std::vector<std::string> extra_args; // e.g. {"--no-timestamp-sei"}
  std::chrono::milliseconds startup_timeout_ms{15'000};
};

class CamsimLauncher {
public:
  explicit CamsimLauncher(CamsimOptions options = {});
  ~CamsimLauncher();
  CamsimLauncher(const CamsimLauncher&) = delete;
  CamsimLauncher& operator=(const CamsimLauncher&) = delete;

  //! "rtsp://[user:password@]127.0.0.1:PORT/cam{camera_index}/{stream}"; stream is "main" or "sub".
  std::string rtsp_url(int camera_index, std::string_view stream) const;
  //! rtsp_url() of imager 0; ".../cam{camera_index}/imager{imager}/{stream}" of a multi-imager camera's other imagers.
  std::string imager_rtsp_url(int camera_index, int imager, std::string_view stream) const;
  //! "rtsp://127.0.0.1:PORT" as announced (no credentials).
  const std::string& rtsp_base_url() const { return rtsp_base_url_; }
  //! Base URL of the control API, e.g. "http://127.0.0.1:PORT/n1"; append "/cameras", "/cameras/{i}/drop", ...
  const std::string& control_url() const { return control_url_; }
  int cameras() const { return options_.cameras; }
  //! camsim's process id, or -1 once it is stopped.
  pid_t pid() const;
  //! SIGTERM, wait up to timeout, then SIGKILL. Returns the exit code (128 + signal when killed). Idempotent.
  int stop(std::chrono::milliseconds timeout = std::chrono::milliseconds{3'000});

  //! Directory of the running executable (/proc/self/exe).
  static std::filesystem::path executable_dir();
  //! True when DIR/fisheye holds a fisheye clip pair's main clip (scripts/prepare-footage.sh writes them).
  static bool has_fisheye_footage(const std::filesystem::path& footage_dir);
  //! The first of <exe_dir>/../footage (made by the build), <exe_dir>/../../var/footage (the repository's, when the
  //! executable is in <repo>/build/bin) and ./var/footage that holds a "*_main.mp4" clip.
  static std::optional<std::filesystem::path> find_footage_dir(const std::filesystem::path& exe_dir);

private:
  CamsimOptions options_;
  std::unique_ptr<ChildProcess> child_;
  std::string rtsp_base_url_;
  std::string control_url_;
};

} // namespace argus::demo
