#include "http/listener.hpp"

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <spdlog/spdlog.h>

#include "http/server_context.hpp"
#include "http/session.hpp"
#include "http/tls_context.hpp"

namespace argus::http {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

Listener::Listener(asio::io_context& io_context, const std::string& address, std::uint16_t port, ServerContext& context,
                   TlsContext* tls)
    : io_context_(io_context), acceptor_(io_context), context_(context), tls_(tls) {
  boost::system::error_code ec;
  auto ip = asio::ip::make_address(address, ec);
  if (ec)
    throw std::invalid_argument("invalid listen address '" + address + "'");
  tcp::endpoint endpoint(ip, port);
  try {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
    port_ = acceptor_.local_endpoint().port();
  } catch (const boost::system::system_error& error) {
    throw std::runtime_error("cannot listen on " + address + ":" + std::to_string(port) + ": " +
                             error.code().message());
  }
}

asio::awaitable<void> Listener::run() {
  for (;;) {
    tcp::socket socket(asio::make_strand(io_context_));
    boost::system::error_code ec;
    co_await acceptor_.async_accept(socket, asio::redirect_error(asio::use_awaitable, ec));
    if (ec == asio::error::operation_aborted || !acceptor_.is_open())
      co_return;
    if (ec) {
      // Out of file descriptors and the like: back off briefly instead of spinning.
      spdlog::warn("accept failed: {}", ec.message());
      asio::steady_timer pause(io_context_, std::chrono::milliseconds(100));
      co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);
    auto executor = socket.get_executor();
    if (tls_) {
      auto session = std::make_shared<Session<TlsStream>>(TlsStream(std::move(socket), tls_->asio_context()), context_);
      asio::co_spawn(executor, Session<TlsStream>::run(std::move(session)), asio::detached);
    } else {
      auto session = std::make_shared<Session<PlainStream>>(PlainStream(std::move(socket)), context_);
      asio::co_spawn(executor, Session<PlainStream>::run(std::move(session)), asio::detached);
    }
  }
}

void Listener::close() {
  boost::system::error_code ec;
  acceptor_.close(ec);
}

} // namespace argus::http
