#pragma once
// The HTTP/1.1 server: accepts connections (plain, or TLS when given a certificate), reads requests with timeouts and a
// body limit, runs API requests through the Router (and other paths through StaticFiles) on a worker pool, and shuts
// down gracefully on SIGINT/SIGTERM. Beast/Asio stay behind the pimpl.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "http/client_address.hpp"

namespace argus::http {

class Router;
struct Request;
class TlsContext;

struct ServerOptions {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8080;      // 0: an ephemeral port, see Server::port()
  std::filesystem::path web_root; // built portal; empty: no portal
  int io_threads = 2;             // threads running the socket I/O
  int worker_threads = 2;         // threads running handlers (they may block on SQLite)
  //! Requests that burn CPU on purpose (password hashing) run on their own pool of slow_lane_threads, so that a burst
  //! of them queues among themselves instead of taking every worker from the other calls. Unset: none.
  std::function<bool(const Request&)> slow_lane;
  int slow_lane_threads = 1;
  std::size_t body_limit_bytes = 1024 * 1024;         // larger bodies answer 413
  std::chrono::milliseconds read_timeout_ms{30'000};  // reading one request (headers + body), writing one answer
  std::chrono::milliseconds idle_timeout_ms{10'000};  // waiting for the next request on a keep-alive connection
  std::chrono::milliseconds shutdown_grace_ms{5'000}; // in-flight requests get this long after a stop
  bool handle_signals = true;                         // stop on SIGINT/SIGTERM
  std::shared_ptr<TlsContext> tls;                    // set: serve HTTPS (with HSTS) instead of plain HTTP
  std::vector<IpNetwork> trusted_proxies;             // peers whose X-Forwarded-For names the client
  std::function<void()> on_stop;                      // called once when stopping begins (wake held requests)
  std::function<void()> on_page_load;                 // a portal page (index.html) is served: a viewer is starting
};

class Server {
public:
  //! Binds the listening socket; throws std::runtime_error / std::invalid_argument when the address is unusable.
  //! The router must outlive the server.
  Server(const Router& router, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  //! The bound port (useful with port 0).
  std::uint16_t port() const;

  //! Serves until stop() or a signal; returns after in-flight requests finished (or the grace period ran out).
  void run();

  //! Stops accepting, closes idle connections, lets in-flight requests finish. Thread-safe; may precede run().
  void stop();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace argus::http
