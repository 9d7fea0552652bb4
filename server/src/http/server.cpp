#include "http/server.hpp"

#include <utility>

#include <algorithm>
#include <csignal>
#include <thread>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <spdlog/spdlog.h>

#include "http/listener.hpp"
#include "http/router.hpp"
#include "http/server_context.hpp"
#include "http/static_files.hpp"
#include "http/tls_context.hpp"

namespace argus::http {

namespace asio = boost::asio;

struct Server::Impl {
  Impl(const Router& router, ServerOptions options);

  Response handle(Request& request) const;
  void begin_stop();

  const Router& router;
  ServerOptions options;
  StaticFiles static_files;
  asio::thread_pool workers;
  asio::thread_pool slow_workers;
  ServerContext context;
  asio::io_context io_context;
  asio::strand<asio::io_context::executor_type> strand; // listener, signals and the stop sequence
  Listener listener;
  asio::signal_set signals;
  asio::steady_timer grace_timer;
};

Server::Impl::Impl(const Router& router_in, ServerOptions options_in)
    : router(router_in), options(std::move(options_in)), static_files(options.web_root, options.on_page_load),
      workers(static_cast<std::size_t>(std::max(1, options.worker_threads))),
      slow_workers(static_cast<std::size_t>(std::max(1, options.slow_lane_threads))), context{[this](Request& request) {
                                                                                                return handle(request);
                                                                                              },
                                                                                              workers,
                                                                                              slow_workers,
                                                                                              options.slow_lane,
                                                                                              options.body_limit_bytes,
                                                                                              options.read_timeout_ms,
                                                                                              options.idle_timeout_ms,
                                                                                              {false},
                                                                                              {}},
      io_context(std::max(1, options.io_threads)), strand(asio::make_strand(io_context)),
      listener(io_context, options.address, options.port, context, options.tls.get()), signals(strand),
      grace_timer(strand) {
  context.client_addresses = ClientAddressResolver(options.trusted_proxies);
}

Response Server::Impl::handle(Request& request) const {
  auto start = std::chrono::steady_clock::now();
  Response response;
  try {
    if (Router::is_api_path(request.path)) {
      response = router.dispatch(request);
      bool has_cache_control = false;
      for (const auto& [name, value] : response.headers)
        has_cache_control |= name == "Cache-Control";
      if (!has_cache_control)
        response.add_header("Cache-Control", "no-store");
    } else {
      response = static_files.serve(request);
    }
  } catch (const std::exception& error) {
    spdlog::error("{} {}: {}", request.method, request.path, error.what());
    response = Response::error(500, "Internal server error");
  }
  // Path only: query strings and bodies may carry tokens.
  spdlog::debug(
      "{} {} {} {}us", request.method, request.path, response.status,
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
  return response;
}

void Server::Impl::begin_stop() {
  if (context.stopping.exchange(true))
    return;
  spdlog::info("argusd shutting down");
  if (options.on_stop)
    options.on_stop();
  listener.close();
  signals.cancel();
  grace_timer.expires_after(options.shutdown_grace_ms);
  grace_timer.async_wait([this](boost::system::error_code ec) {
    if (ec)
      return;
    spdlog::warn("requests still running after the shutdown grace period; stopping anyway");
    io_context.stop();
  });
  context.sessions.shutdown_all([this] { asio::post(strand, [this] { grace_timer.cancel(); }); });
}

Server::Server(const Router& router, ServerOptions options)
    : impl_(std::make_unique<Impl>(router, std::move(options))) {}

Server::~Server() = default;

std::uint16_t Server::port() const {
  return impl_->listener.port();
}

void Server::run() {
  auto& impl = *impl_;
  asio::co_spawn(impl.strand, impl.listener.run(), asio::detached);
  if (impl.options.handle_signals) {
    impl.signals.add(SIGINT);
    impl.signals.add(SIGTERM);
    impl.signals.async_wait([&impl](boost::system::error_code ec, int signal_number) {
      if (ec)
        return;
      spdlog::info("received signal {}", signal_number);
      impl.begin_stop();
    });
  }
  spdlog::info("argusd listening on {}://{}:{}", impl.options.tls ? "https" : "http", impl.options.address, port());

  std::vector<std::thread> threads;
  for (int i = 1; i < impl.options.io_threads; ++i)
    threads.emplace_back([&impl] { impl.io_context.run(); });
  impl.io_context.run();
  for (auto& thread : threads)
    thread.join();
  impl.workers.join();
  impl.slow_workers.join();
}

void Server::stop() {
  asio::post(impl_->strand, [impl = impl_.get()] { impl->begin_stop(); });
}

} // namespace argus::http
