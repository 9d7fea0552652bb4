// camsim: an RTSP camera simulator serving pre-encoded footage and clock cameras (docs/design/camsim.md).
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <glib-unix.h>
#include <gst/gst.h>

#include "clock_picture.hpp"
#include "common/logging.hpp"
#include "control_api.hpp"
#include "footage_library.hpp"
#include "rtsp_camera_server.hpp"

namespace {

constexpr int k_exit_bad_input = 2;

void check_camera_indices(const std::string& option, const std::vector<int>& indices, int cameras) {
  for (int index : indices) {
    if (index >= cameras)
      throw CLI::ValidationError(option + ": there is no camera " + std::to_string(index) + " (--cameras " +
                                 std::to_string(cameras) + ")");
  }
}

// "1920x1080" -> the clock cameras' main stream size.
void parse_clock_size(const std::string& text, argus::camsim::ClockCameraOptions& clock) {
  int width = 0;
  int height = 0;
  char separator = 0;
  char rest = 0;
  using argus::camsim::ClockPicture;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &width, &separator, &height, &rest) != 3 || separator != 'x' ||
      width < ClockPicture::k_min_width || height < ClockPicture::k_min_height || width > 3840 || height > 2160 ||
      width % 2 != 0 || height % 2 != 0)
    throw CLI::ValidationError("--clock-size: expected WIDTHxHEIGHT, even, from 128x72 to 3840x2160, got '" + text +
                               "'");
  clock.width = width;
  clock.height = height;
}

gboolean quit_loop(gpointer loop) {
  g_main_loop_quit(static_cast<GMainLoop*>(loop));
  return G_SOURCE_REMOVE;
}

} // namespace

int main(int argc, char** argv) {
  using namespace argus::camsim;
  CLI::App app{"camsim: RTSP camera simulator (rtsp://HOST:PORT/cam{i}/main and /cam{i}/sub, H.264 or H.265)"};
  RtspCameraServerOptions options;
  std::filesystem::path footage_dir;
  int control_port = 0;
  bool no_timestamp_sei = false;
  std::string log_level = "warn";
  app.add_option("--listen", options.address, "address to listen on (RTSP)")->capture_default_str();
  app.add_option("--port", options.port, "RTSP port (0: a free port)")->capture_default_str();
  app.add_option("--cameras", options.cameras, "number of cameras")->check(CLI::Range(1, 256))->capture_default_str();
  app.add_option("--footage-dir", footage_dir, "clips made by scripts/prepare-footage.sh")->required();
  app.add_option("--control-port", control_port, "HTTP control port on 127.0.0.1 (0: a free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  app.add_option("--user", options.user, "require RTSP basic auth with this user");
  app.add_option("--password", options.password, "password for --user");
  app.add_flag("--no-timestamp-sei", no_timestamp_sei, "do not insert the wall-clock SEI before keyframes");
  app.add_option("--h265-cameras", options.h265_cameras,
                 "comma-separated camera indices that stream H.265 (clips from FOOTAGE_DIR/h265)")
      ->delimiter(',')
      ->check(CLI::Range(0, 255));
  app.add_option("--fisheye-cameras", options.fisheye_cameras,
                 "comma-separated camera indices that stream fisheye clips (square, a circular image; clips from "
                 "FOOTAGE_DIR/fisheye)")
      ->delimiter(',')
      ->check(CLI::Range(0, 255));
  app.add_option("--multi-imager-cameras", options.multi_imager_cameras,
                 "comma-separated camera indices with 4 imagers (like an MV93): imager k = 1..3 also serves "
                 "/cam{i}/imager{k}/main and /sub, playing the clips of camera i + k")
      ->delimiter(',')
      ->check(CLI::Range(0, 255));
  app.add_option("--clock-cameras", options.clock_cameras,
                 "comma-separated camera indices whose frames are drawn live with their capture time burned in "
                 "(clock code) and encoded with x264enc")
      ->delimiter(',')
      ->check(CLI::Range(0, 255));
  std::string clock_size = "1920x1080";
  app.add_option("--clock-size", clock_size, "clock cameras' main stream size (the sub stream is at most 640 wide)")
      ->capture_default_str();
  app.add_option("--clock-fps", options.clock.fps, "clock cameras' frame rate")
      ->check(CLI::Range(1, 60))
      ->capture_default_str();
  app.add_option("--clock-bitrate-kbps", options.clock.bitrate_kbps,
                 "clock cameras' main stream bit rate (the sub stream gets an eighth, at least 200)")
      ->check(CLI::Range(100, 50'000))
      ->capture_default_str();
  app.add_option("--audio-cameras", options.audio_cameras,
                 "the first N cameras also send an AAC-LC audio track (a tick tone) on both streams")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error, critical, off")->capture_default_str();
  try {
    app.parse(argc, argv);
    if (options.user.empty() != options.password.empty())
      throw CLI::ValidationError("--user and --password go together");
    check_camera_indices("--h265-cameras", options.h265_cameras, options.cameras);
    check_camera_indices("--clock-cameras", options.clock_cameras, options.cameras);
    check_camera_indices("--fisheye-cameras", options.fisheye_cameras, options.cameras);
    check_camera_indices("--multi-imager-cameras", options.multi_imager_cameras, options.cameras);
    auto listed = [](const std::vector<int>& indices, int index) {
      return std::find(indices.begin(), indices.end(), index) != indices.end();
    };
    for (int index : options.clock_cameras) {
      if (listed(options.h265_cameras, index))
        throw CLI::ValidationError("--clock-cameras: camera " + std::to_string(index) +
                                   " is also in --h265-cameras (clock cameras are H.264)");
    }
    for (int index : options.fisheye_cameras) {
      if (listed(options.h265_cameras, index) || listed(options.clock_cameras, index))
        throw CLI::ValidationError("--fisheye-cameras: camera " + std::to_string(index) +
                                   " is also in --h265-cameras or --clock-cameras (fisheye clips are H.264 footage)");
    }
    for (int index : options.multi_imager_cameras) {
      if (listed(options.clock_cameras, index))
        throw CLI::ValidationError("--multi-imager-cameras: camera " + std::to_string(index) +
                                   " is also in --clock-cameras (a clock camera draws one picture)");
    }
    parse_clock_size(clock_size, options.clock);
    if (options.audio_cameras > options.cameras)
      throw CLI::ValidationError("--audio-cameras " + std::to_string(options.audio_cameras) + ": only " +
                                 std::to_string(options.cameras) + " cameras (--cameras)");
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    std::cerr << "camsim: " << error.what() << "\n";
    return k_exit_bad_input;
  }
  options.timestamp_sei = !no_timestamp_sei;

  try {
    argus::setup_logging(log_level);
  } catch (const std::exception& error) {
    std::cerr << "camsim: " << error.what() << "\n";
    return k_exit_bad_input;
  }
  std::signal(SIGPIPE, SIG_IGN);
  gst_init(nullptr, nullptr);
  if (!options.clock_cameras.empty()) {
    GstElementFactory* encoder = gst_element_factory_find("x264enc");
    if (!encoder) {
      std::cerr << "camsim: --clock-cameras needs GStreamer's x264enc (Debian: gstreamer1.0-plugins-ugly)\n";
      return k_exit_bad_input;
    }
    gst_object_unref(encoder);
  }

  std::unique_ptr<FootageLibrary> library;
  std::unique_ptr<FootageLibrary> h265_library;
  try {
    library = std::make_unique<FootageLibrary>(footage_dir);
  } catch (const std::exception& error) {
    std::cerr << "camsim: " << error.what() << "\n";
    return k_exit_bad_input;
  }
  if (!options.h265_cameras.empty()) {
    try {
      h265_library = std::make_unique<FootageLibrary>(footage_dir / "h265");
    } catch (const std::exception& error) {
      std::cerr << "camsim: --h265-cameras needs H.265 clips in " << (footage_dir / "h265").string()
                << " (scripts/prepare-footage.sh " << footage_dir.string() << " makes them): " << error.what() << "\n";
      return k_exit_bad_input;
    }
  }

  std::unique_ptr<FootageLibrary> fisheye_library;
  if (!options.fisheye_cameras.empty()) {
    try {
      fisheye_library = std::make_unique<FootageLibrary>(footage_dir / "fisheye");
    } catch (const std::exception& error) {
      std::cerr << "camsim: --fisheye-cameras needs fisheye clips in " << (footage_dir / "fisheye").string()
                << " (scripts/prepare-footage.sh " << footage_dir.string() << " makes them): " << error.what() << "\n";
      return k_exit_bad_input;
    }
  }

  GMainLoop* loop = g_main_loop_new(nullptr, FALSE);
  g_unix_signal_add(SIGINT, quit_loop, loop);
  g_unix_signal_add(SIGTERM, quit_loop, loop);
  {
    std::unique_ptr<RtspCameraServer> cameras;
    std::unique_ptr<ControlApi> control;
    std::string host = options.address == "0.0.0.0" ? "127.0.0.1" : options.address;
    try {
      cameras = std::make_unique<RtspCameraServer>(*library, options, h265_library.get(), fisheye_library.get());
      std::string rtsp_url = "rtsp://" + host + ":" + std::to_string(cameras->port());
      control = std::make_unique<ControlApi>(*cameras, "127.0.0.1", static_cast<std::uint16_t>(control_port), rtsp_url);
      std::printf("camsim ready rtsp=%s control=http://127.0.0.1:%u%s cameras=%d clips=%zu\n", rtsp_url.c_str(),
                  static_cast<unsigned>(control->port()), ControlApi::k_base_path, options.cameras, library->size());
      std::fflush(stdout);
    } catch (const std::exception& error) {
      std::cerr << "camsim: " << error.what() << "\n";
      return k_exit_bad_input;
    }
    g_main_loop_run(loop);
    control.reset();
    cameras.reset();
  }
  g_main_loop_unref(loop);
  return 0;
}
