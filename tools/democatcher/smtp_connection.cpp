#include "smtp_connection.hpp"

#include <array>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <spdlog/spdlog.h>

namespace argus::democatcher {
namespace asio = boost::asio;
namespace beast = boost::beast;

namespace {

constexpr std::chrono::seconds k_write_timeout{10};
// Replies to a long pipelined burst go out in pieces of about this size instead of piling up.
constexpr std::size_t k_reply_flush_bytes = 16 * 1024;

} // namespace

SmtpConnection::SmtpConnection(asio::ip::tcp::socket socket, const SmtpSettings& settings, SmtpDelivery deliver,
                               std::chrono::milliseconds idle_timeout_ms)
    : stream_(std::move(socket)), session_(settings, std::move(deliver)), idle_timeout_ms_(idle_timeout_ms) {}

asio::awaitable<void> SmtpConnection::run(std::shared_ptr<SmtpConnection> self) {
  try {
    co_await self->serve();
  } catch (const std::exception& error) {
    spdlog::warn("SMTP connection failed: {}", error.what());
  }
  beast::error_code ec;
  self->stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  self->stream_.close();
}

asio::awaitable<void> SmtpConnection::refuse(asio::ip::tcp::socket socket) {
  beast::tcp_stream stream(std::move(socket));
  stream.expires_after(k_write_timeout);
  beast::error_code ec;
  std::string reply = "421 4.3.2 Too many connections, try again later\r\n";
  co_await asio::async_write(stream, asio::buffer(reply), asio::redirect_error(asio::use_awaitable, ec));
  stream.close();
}

void SmtpConnection::close() {
  asio::post(stream_.get_executor(), [self = shared_from_this()] {
    self->stream_.cancel();
    self->stream_.close();
  });
}

asio::awaitable<void> SmtpConnection::serve() {
  if (!co_await send(SmtpSession::greeting()))
    co_return;
  std::array<char, 8192> chunk;
  for (;;) {
    std::string replies;
    while (auto line = lines_.next_line(session_.max_line_bytes())) {
      replies += line->too_long ? session_.on_line_too_long() : session_.on_line(line->text);
      if (session_.finished() || replies.size() >= k_reply_flush_bytes) {
        if (!co_await send(std::exchange(replies, {})))
          co_return;
      }
      if (session_.finished())
        co_return;
    }
    if (!replies.empty() && !co_await send(replies))
      co_return;

    beast::error_code ec;
    stream_.expires_after(idle_timeout_ms_);
    auto n = co_await stream_.async_read_some(asio::buffer(chunk), asio::redirect_error(asio::use_awaitable, ec));
    if (ec == beast::error::timeout) {
      co_await send("421 4.4.2 Idle for too long, closing the connection\r\n");
      co_return;
    }
    if (ec)
      co_return;
    lines_.append(std::string_view(chunk.data(), n));
  }
}

asio::awaitable<bool> SmtpConnection::send(const std::string& reply) {
  beast::error_code ec;
  stream_.expires_after(k_write_timeout);
  co_await asio::async_write(stream_, asio::buffer(reply), asio::redirect_error(asio::use_awaitable, ec));
  co_return !ec;
}

} // namespace argus::democatcher
