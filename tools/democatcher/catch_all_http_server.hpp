#pragma once
// An HTTP server that sends every path to one handler, built on argus_http's Listener and sessions (timeouts, body
// limit, keep-alive, graceful close). argus_http's Server routes only API paths ("/n{digits}/...") to a Router and
// serves the rest from the portal's files, while democatcher answers at "/", "/api/messages" and "/sms". Shares the
// caller's io_context; handlers run on one worker thread of their own.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace boost::asio {
class io_context;
}

namespace argus::http {
struct Request;
struct Response;
} // namespace argus::http

namespace argus::democatcher {

class CatchAllHttpServer {
public:
  using Handler = std::function<http::Response(http::Request&)>;

  //! Binds address:port (0: a free port). Throws std::runtime_error / std::invalid_argument when it cannot listen.
  CatchAllHttpServer(boost::asio::io_context& io_context, const std::string& address, std::uint16_t port,
                     Handler handler);
  ~CatchAllHttpServer();
  CatchAllHttpServer(const CatchAllHttpServer&) = delete;
  CatchAllHttpServer& operator=(const CatchAllHttpServer&) = delete;

  //! The bound port.
  std::uint16_t port() const;
  //! Starts accepting on the io_context.
  void start();
  //! Connections still open (a stop is complete at 0).
  std::size_t open_connections() const;
  //! Stops accepting and closes idle connections; a request in progress finishes. Call on the io_context's thread.
  void stop();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace argus::democatcher
