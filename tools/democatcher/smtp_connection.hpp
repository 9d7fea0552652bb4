#pragma once
// One SMTP client connection: reads lines (SmtpLineBuffer), runs them through an SmtpSession and writes the replies
// (all replies to the lines that arrived together in one write, so pipelining clients work). Idle for 60 s: 421 and
// close. Runs as a coroutine on the socket's strand.
#include <utility> // before Asio: 1.74's awaitable.hpp uses std::exchange without including it

#include <chrono>
#include <memory>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "smtp_line_buffer.hpp"
#include "smtp_session.hpp"

namespace argus::democatcher {

class SmtpConnection : public std::enable_shared_from_this<SmtpConnection> {
public:
  SmtpConnection(boost::asio::ip::tcp::socket socket, const SmtpSettings& settings, SmtpDelivery deliver,
                 std::chrono::milliseconds idle_timeout_ms);

  //! Serves the connection until QUIT, an error, the idle timeout or close(). Spawn on the socket's strand.
  static boost::asio::awaitable<void> run(std::shared_ptr<SmtpConnection> self);
  //! Answers 421 (too many connections) and closes the socket.
  static boost::asio::awaitable<void> refuse(boost::asio::ip::tcp::socket socket);
  //! Closes the connection from any thread.
  void close();

private:
  boost::asio::awaitable<void> serve();
  boost::asio::awaitable<bool> send(const std::string& reply);

  boost::beast::tcp_stream stream_;
  SmtpSession session_;
  SmtpLineBuffer lines_;
  std::chrono::milliseconds idle_timeout_ms_;
};

} // namespace argus::democatcher
