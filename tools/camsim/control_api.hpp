#pragma once
// The HTTP control interface for fault tests (docs/design/camsim.md), served by argus_http on its own thread:
//   GET  {base}/cameras                -> [camera status...]
//   POST {base}/cameras/{index}/drop    -> camera status (clients disconnected, new ones refused)
//   POST {base}/cameras/{index}/hang    -> camera status (connections stay open, no frames sent)
//   POST {base}/cameras/{index}/restore -> camera status (undoes drop and hang)
//   POST {base}/cameras/{index}/clock_jump?offset_ms=N -> camera status (its RTP clock moves by N ms)
// where {base} is "/n1" (argus_http routes only API paths "/n{digits}/..."). Calls into the RtspCameraServer are
// run on the GLib main context.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

namespace argus::http {
struct Request;
class Router;
class Server;
struct Response;
} // namespace argus::http

namespace argus::camsim {

class RtspCameraServer;

class ControlApi {
public:
  //! Binds address:port (0: a free port) and starts serving. Throws std::runtime_error when it cannot listen.
  ControlApi(RtspCameraServer& cameras, const std::string& address, std::uint16_t port, std::string rtsp_base_url);
  ~ControlApi();
  ControlApi(const ControlApi&) = delete;
  ControlApi& operator=(const ControlApi&) = delete;

  std::uint16_t port() const;
  //! The base path every route lives under.
  static constexpr const char* k_base_path = "/n1";

private:
  //! The {index} of the path when it names one of the cameras.
  std::optional<int> camera_index(const http::Request& request) const;
  //! Runs action on the GLib main context, then answers the camera's status (503 when camsim is stopping).
  http::Response answer_on_main(std::function<void()> action, int index);

  RtspCameraServer& cameras_;
  std::string rtsp_base_url_;
  std::unique_ptr<http::Router> router_;
  std::unique_ptr<http::Server> server_;
  std::thread thread_;
};

} // namespace argus::camsim
