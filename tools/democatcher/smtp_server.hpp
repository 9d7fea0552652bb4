#pragma once
// The SMTP listener: accepts connections and runs each as an SmtpConnection coroutine on its own strand, at most
// k_max_connections at a time (more are answered 421 and closed).
#include <utility> // before Asio: 1.74's awaitable.hpp uses std::exchange without including it

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "smtp_session.hpp"

namespace argus::democatcher {

class SmtpConnection;

class SmtpServer {
public:
  static constexpr std::size_t k_max_connections = 32;
  static constexpr std::chrono::milliseconds k_idle_timeout_ms{60'000};

  //! Binds address:port (0: a free port). Throws std::runtime_error when it cannot listen.
  SmtpServer(boost::asio::io_context& io_context, const std::string& address, std::uint16_t port, SmtpSettings settings,
             SmtpDelivery deliver);
  ~SmtpServer();
  SmtpServer(const SmtpServer&) = delete;
  SmtpServer& operator=(const SmtpServer&) = delete;

  //! The bound port.
  std::uint16_t port() const { return port_; }
  //! Starts accepting on the io_context.
  void start();
  //! Stops accepting and closes every connection. Call on the io_context's thread.
  void stop();
  //! Connections still open (a stop is complete at 0).
  std::size_t open_connections() const;

private:
  boost::asio::awaitable<void> accept_loop();

  boost::asio::io_context& io_context_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::uint16_t port_ = 0;
  SmtpSettings settings_;
  SmtpDelivery deliver_;
  mutable std::mutex mutex_;
  std::uint64_t next_connection_id_ = 1;
  std::unordered_map<std::uint64_t, std::weak_ptr<SmtpConnection>> connections_;
};

} // namespace argus::democatcher
