#pragma once
// The RTSP server (gst-rtsp-server) serving N simulated cameras at /cam{i}/main and /cam{i}/sub. Each path has a
// shared media factory (one pipeline, any number of clients): appsrc (fed by a StreamFeeder) ! h264parse !
// rtph264pay, or h265parse ! rtph265pay for the cameras listed in h265_cameras; clock cameras draw raw frames
// (ClockFeeder) and encode them live: appsrc ! x264enc ! h264parse ! rtph264pay. A camera can be dropped (its clients
// are disconnected and its paths answer 404) and restored. Everything except the constructor runs on the GLib main
// context that serves the RTSP server.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

typedef struct _GstRTSPServer GstRTSPServer;
typedef struct _GstRTSPMountPoints GstRTSPMountPoints;

namespace argus::camsim {

class FootageLibrary;

// Clock cameras (docs/design/camsim.md): the main stream at this size, the sub stream at most 640 wide, same aspect.
struct ClockCameraOptions {
  int width = 1920;
  int height = 1080;
  int fps = 25;
  int bitrate_kbps = 4000; // main; the sub stream gets an eighth (at least 200)
};

struct RtspCameraServerOptions {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8554; // 0: a free port, see RtspCameraServer::port()
  int cameras = 4;
  std::string user;     // empty: no authentication
  std::string password; // basic auth, same for every camera
  bool timestamp_sei = true;
  std::vector<int> h265_cameras; // these cameras stream H.265 clips (both streams); needs an H.265 library
  std::vector<int> clock_cameras; // these cameras draw their frames with the clock code and encode them live
  ClockCameraOptions clock;
};

struct StreamStatus {
  std::string path; // "/cam0/main"
  std::string clip;
  std::string codec; // h264 | h265
  int width = 0;
  int height = 0;
  double fps = 0;
  std::int64_t keyframe_interval_ms = 0;
  int clients = 0;
};

struct CameraStatus {
  int index = 0;
  bool dropped = false;
  StreamStatus main;
  StreamStatus sub;
};

class RtspCameraServer {
public:
  //! Binds the RTSP port on the default GLib main context. Throws std::runtime_error when it cannot listen, or when
  //! options.h265_cameras is not empty and h265_library is null. The libraries must outlive the server.
  RtspCameraServer(const FootageLibrary& library, RtspCameraServerOptions options,
                   const FootageLibrary* h265_library = nullptr);
  ~RtspCameraServer();
  RtspCameraServer(const RtspCameraServer&) = delete;
  RtspCameraServer& operator=(const RtspCameraServer&) = delete;

  //! The bound RTSP port.
  std::uint16_t port() const { return port_; }
  int camera_count() const { return options_.cameras; }

  //! "Unplugs" a camera: unmounts its paths and closes every client connection that plays one of them. Idempotent.
  void drop(int camera_index);
  //! Mounts the camera's paths again (fresh media factories). Idempotent.
  void restore(int camera_index);
  //! State and client count of every camera.
  std::vector<CameraStatus> status() const;

  struct StreamSource;

private:
  void mount(int camera_index);
  void unmount(int camera_index);

  RtspCameraServerOptions options_;
  GstRTSPServer* server_ = nullptr;
  GstRTSPMountPoints* mounts_ = nullptr;
  unsigned attach_id_ = 0;
  unsigned cleanup_id_ = 0;
  std::uint16_t port_ = 0;
  std::vector<std::unique_ptr<StreamSource>> sources_; // 2 per camera: main, sub
  std::vector<bool> dropped_;
};

} // namespace argus::camsim
