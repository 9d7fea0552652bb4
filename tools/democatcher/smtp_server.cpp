#include "smtp_server.hpp"

#include <stdexcept>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <spdlog/spdlog.h>

#include "smtp_connection.hpp"

namespace argus::democatcher {
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

SmtpServer::SmtpServer(asio::io_context& io_context, const std::string& address, std::uint16_t port,
                       SmtpSettings settings, SmtpDelivery deliver)
    : io_context_(io_context), acceptor_(io_context), settings_(std::move(settings)), deliver_(std::move(deliver)) {
  boost::system::error_code ec;
  auto ip = asio::ip::make_address(address, ec);
  if (ec)
    throw std::runtime_error("invalid SMTP listen address '" + address + "'");
  try {
    tcp::endpoint endpoint(ip, port);
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
    port_ = acceptor_.local_endpoint().port();
  } catch (const boost::system::system_error& error) {
    throw std::runtime_error("cannot listen for SMTP on " + address + ":" + std::to_string(port) + ": " +
                             error.code().message());
  }
}

SmtpServer::~SmtpServer() = default;

void SmtpServer::start() {
  asio::co_spawn(io_context_, accept_loop(), asio::detached);
}

void SmtpServer::stop() {
  boost::system::error_code ec;
  acceptor_.close(ec);
  std::vector<std::shared_ptr<SmtpConnection>> open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, weak] : connections_) {
      if (auto connection = weak.lock())
        open.push_back(std::move(connection));
    }
  }
  for (const auto& connection : open)
    connection->close();
}

std::size_t SmtpServer::open_connections() const {
  std::lock_guard lock(mutex_);
  return connections_.size();
}

asio::awaitable<void> SmtpServer::accept_loop() {
  for (;;) {
    tcp::socket socket(asio::make_strand(io_context_));
    boost::system::error_code ec;
    co_await acceptor_.async_accept(socket, asio::redirect_error(asio::use_awaitable, ec));
    if (ec == asio::error::operation_aborted || !acceptor_.is_open())
      co_return;
    if (ec) {
      // Out of file descriptors and the like: back off briefly instead of spinning.
      spdlog::warn("SMTP accept failed: {}", ec.message());
      asio::steady_timer pause(io_context_, std::chrono::milliseconds(100));
      co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      continue;
    }
    auto executor = socket.get_executor();
    if (open_connections() >= k_max_connections) {
      asio::co_spawn(executor, SmtpConnection::refuse(std::move(socket)), asio::detached);
      continue;
    }
    auto connection = std::make_shared<SmtpConnection>(std::move(socket), settings_, deliver_, k_idle_timeout_ms);
    std::uint64_t id = 0;
    {
      std::lock_guard lock(mutex_);
      id = next_connection_id_++;
      connections_.emplace(id, connection);
    }
    asio::co_spawn(
        executor,
        [this, connection, id]() -> asio::awaitable<void> {
          co_await SmtpConnection::run(connection);
          std::lock_guard lock(mutex_);
          connections_.erase(id);
        },
        asio::detached);
  }
}

} // namespace argus::democatcher
