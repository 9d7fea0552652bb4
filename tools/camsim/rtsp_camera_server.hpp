#pragma once
// The RTSP server (gst-rtsp-server) serving N simulated cameras at /cam{i}/main and /cam{i}/sub. Each path has a
// shared media factory (one pipeline, any number of clients): appsrc (fed by a StreamFeeder) ! h264parse !
// rtph264pay, or h265parse ! rtph265pay for the cameras listed in h265_cameras; clock cameras draw raw frames
// (ClockFeeder) and encode them live: appsrc ! x264enc ! h264parse ! rtph264pay; the first audio_cameras cameras
// add a microphone (a live AAC-LC tick tone, rtpmp4gpay, on both streams). A camera can be dropped (its clients
// are disconnected and its paths answer 404), hung (connections and RTSP sessions stay up, no frame is sent) and
// restored, its clock can jump (the RTP timestamps of both its streams move by the jump from then on, as a camera
// whose clock was reset sends them) and its main stream can change size mid-stream (resize). A multi-imager camera
// also serves its other imagers at /cam{i}/imager{k}/main|sub (they drop, hang and restore with the camera).
// Everything except the constructor runs on the GLib main context that serves the RTSP server.
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
  std::vector<int> fisheye_cameras; // these cameras stream fisheye clips (square, circular image); needs a library
  //! These cameras have 1 + k_extra_imagers imagers (an MV93): imager k >= 1 also serves /cam{i}/imager{k}/main and
  //! /cam{i}/imager{k}/sub, playing the clips of camera i + k (so each imager shows a different scene).
  std::vector<int> multi_imager_cameras;
  ClockCameraOptions clock;
  int audio_cameras = 0;         // cameras 0 .. audio_cameras-1 also send AAC-LC audio (both streams)
};

struct StreamStatus {
  std::string path; // "/cam0/main"
  std::string clip;
  std::string codec; // h264 | h265
  bool audio = false; // the stream also carries an AAC-LC audio track
  int width = 0;
  int height = 0;
  double fps = 0;
  std::int64_t keyframe_interval_ms = 0;
  int clients = 0;
};

enum class CameraState { up, hung, dropped };

//! Imagers a multi-imager camera has besides its first (RtspCameraServerOptions::multi_imager_cameras).
constexpr int k_extra_imagers = 3;

//! "up" | "hung" | "dropped".
const char* camera_state_name(CameraState state);

struct CameraStatus {
  int index = 0;
  CameraState state = CameraState::up;
  std::int64_t clock_offset_ms = 0; // sum of the clock jumps so far
  StreamStatus main;
  StreamStatus sub;
  std::vector<StreamStatus> imager_streams; // multi-imager cameras: imager 1's main, sub, imager 2's main, ...
};

class RtspCameraServer {
public:
  //! Binds the RTSP port on the default GLib main context. Throws std::runtime_error when it cannot listen, or when
  //! options.h265_cameras is not empty and h265_library is null, or options.fisheye_cameras is not empty and
  //! fisheye_library is null. The libraries must outlive the server.
  RtspCameraServer(const FootageLibrary& library, RtspCameraServerOptions options,
                   const FootageLibrary* h265_library = nullptr, const FootageLibrary* fisheye_library = nullptr);
  ~RtspCameraServer();
  RtspCameraServer(const RtspCameraServer&) = delete;
  RtspCameraServer& operator=(const RtspCameraServer&) = delete;

  //! The bound RTSP port.
  std::uint16_t port() const { return port_; }
  int camera_count() const { return options_.cameras; }

  //! "Unplugs" a camera: unmounts its paths and closes every client connection that plays one of them. Idempotent.
  void drop(int camera_index);
  //! "Hangs" a camera (a frozen encoder, a cable pulled behind a switch): its RTSP sessions and TCP connections stay
  //! open and new clients can still set up its streams, but no frame is sent. Idempotent; a dropped camera stays
  //! dropped.
  void hang(int camera_index);
  //! Undoes drop and hang: mounts the camera's paths again (fresh media factories) and resumes sending frames.
  //! Idempotent.
  void restore(int camera_index);
  //! Changes the size of the camera's main stream while it streams (a camera whose resolution is changed in its
  //! settings): it plays the same footage at the sub stream's size from its next keyframe, whose in-band parameter
  //! sets say the new size; again, and it is back to its own size. Connections and RTP timing go on undisturbed.
  //! False for a clock camera (it draws at one size).
  bool resize(int camera_index);
  //! Moves the camera's clock by offset_ms (negative: back): every RTP timestamp its main and sub streams send from
  //! now on, on running pipelines and new ones, is shifted by the sum of its jumps. Pacing is unchanged.
  void jump_clock(int camera_index, std::int64_t offset_ms);
  //! State and client count of every camera.
  std::vector<CameraStatus> status() const;

  struct StreamSource;

private:
  void mount(int camera_index);
  void unmount(int camera_index);
  //! The camera's streams, imager 0's main and sub first. Throws std::out_of_range for an unknown camera.
  std::vector<StreamSource*> sources_of(int camera_index) const;
  StreamSource& own_stream(int camera_index, bool sub) const; // imager 0's main or sub

  RtspCameraServerOptions options_;
  GstRTSPServer* server_ = nullptr;
  GstRTSPMountPoints* mounts_ = nullptr;
  unsigned attach_id_ = 0;
  unsigned cleanup_id_ = 0;
  std::uint16_t port_ = 0;
  std::vector<std::unique_ptr<StreamSource>> sources_; // per camera: main, sub, then its other imagers' main, sub
  std::vector<bool> dropped_;
  std::vector<std::int64_t> clock_offsets_ms_;
};

} // namespace argus::camsim
