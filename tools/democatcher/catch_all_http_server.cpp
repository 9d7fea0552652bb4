#include "catch_all_http_server.hpp"

#include <utility> // before Asio: 1.74's awaitable.hpp uses std::exchange without including it

#include <chrono>
#include <exception>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/thread_pool.hpp>
#include <spdlog/spdlog.h>

#include "http/listener.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "http/server_context.hpp"

namespace argus::democatcher {
namespace asio = boost::asio;
using std::chrono::milliseconds;

namespace {

constexpr std::size_t k_body_limit_bytes = 64 * 1024; // an SMS with its JSON around it fits many times
constexpr milliseconds k_read_timeout_ms{10'000};
constexpr milliseconds k_idle_timeout_ms{10'000};

} // namespace

struct CatchAllHttpServer::Impl {
  Impl(asio::io_context& io_context, const std::string& address, std::uint16_t port, Handler handler_in)
      : handler(std::move(handler_in)), workers(1), context{[this](http::Request& request) { return handle(request); },
                                                            workers,
                                                            workers, // no slow lane
                                                            {},
                                                            k_body_limit_bytes,
                                                            k_read_timeout_ms,
                                                            k_idle_timeout_ms,
                                                            {false},
                                                            {},
                                                            http::ClientAddressResolver()},
        io_context(io_context), listener(io_context, address, port, context, nullptr) {}

  // The guard argus_http's Server puts around its router: a failing handler answers 500 and keeps the connection.
  http::Response handle(http::Request& request) const {
    try {
      return handler(request);
    } catch (const std::exception& error) {
      spdlog::error("{} {}: {}", request.method, request.path, error.what());
      return http::Response::error(500, "Internal server error");
    }
  }

  Handler handler;
  asio::thread_pool workers;
  http::ServerContext context;
  asio::io_context& io_context;
  http::Listener listener;
};

CatchAllHttpServer::CatchAllHttpServer(asio::io_context& io_context, const std::string& address, std::uint16_t port,
                                       Handler handler)
    : impl_(std::make_unique<Impl>(io_context, address, port, std::move(handler))) {}

CatchAllHttpServer::~CatchAllHttpServer() = default;

std::uint16_t CatchAllHttpServer::port() const {
  return impl_->listener.port();
}

void CatchAllHttpServer::start() {
  asio::co_spawn(impl_->io_context, impl_->listener.run(), asio::detached);
}

std::size_t CatchAllHttpServer::open_connections() const {
  return impl_->context.sessions.size();
}

void CatchAllHttpServer::stop() {
  impl_->context.stopping = true;
  impl_->listener.close();
  impl_->context.sessions.shutdown_all(nullptr);
}

} // namespace argus::democatcher
