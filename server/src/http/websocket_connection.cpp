#include "http/websocket_connection.hpp"

#include <algorithm>
#include <stdexcept>

#include <boost/asio/buffer.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <spdlog/spdlog.h>

#include "http/tls_context.hpp"

namespace argus::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;

namespace {

// A client this far behind is not coming back; its feeder should have stopped long before (it drops to keyframes).
constexpr std::size_t k_max_queued_bytes = 64 * 1024 * 1024;
// Pings every half of this; a peer silent for this long (no pong either) is gone.
constexpr std::chrono::seconds k_idle_timeout{30};
constexpr std::size_t k_max_client_message_bytes = 64 * 1024;
constexpr std::chrono::seconds k_close_timeout{1};
// How often an open connection asks whether it may stay open (a signed-out session loses its feeds within this).
constexpr std::chrono::seconds k_recheck_interval{5};

} // namespace

template <class Stream>
WebSocketConnection<Stream>::WebSocketConnection(Stream& stream)
    : ws_(stream), wake_(stream.get_executor()), reader_done_(stream.get_executor()),
      close_deadline_(stream.get_executor()), recheck_(stream.get_executor()) {}

template <class Stream>
asio::awaitable<void>
WebSocketConnection<Stream>::run(const beast::http::request<beast::http::string_body>& upgrade_request,
                                 WebSocketUpgrade upgrade) {
  auto self = this->shared_from_this();
  beast::get_lowest_layer(ws_).expires_never(); // the websocket stream has its own timeouts
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = std::chrono::seconds(10);
  timeouts.idle_timeout = k_idle_timeout;
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.read_message_max(k_max_client_message_bytes);
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
    response.set(beast::http::field::server, "argusd");
    if constexpr (is_tls_stream<Stream>)
      response.set(beast::http::field::strict_transport_security, k_hsts_value);
  }));

  beast::error_code ec;
  co_await ws_.async_accept(upgrade_request, asio::redirect_error(asio::use_awaitable, ec));
  if (ec)
    co_return;
  {
    std::lock_guard lock(mutex_);
    open_ = true;
  }
  if (upgrade.socket_send_buffer_bytes > 0) {
    beast::get_lowest_layer(ws_).socket().set_option(
        asio::socket_base::send_buffer_size(upgrade.socket_send_buffer_bytes), ec);
  }
  std::function<void()> on_close;
  if (upgrade.on_open)
    on_close = upgrade.on_open(self);

  reader_running_ = true;
  asio::co_spawn(ws_.get_executor(), read_until_closed(self), asio::detached);
  if (upgrade.still_allowed)
    asio::co_spawn(ws_.get_executor(), recheck_until_closed(self, std::move(upgrade.still_allowed)), asio::detached);
  co_await write_queue();

  {
    std::lock_guard lock(mutex_);
    open_ = false;
    closing_ = true;
    queue_.clear();
    queued_bytes_ = 0;
  }
  recheck_.cancel();
  if (on_close)
    on_close();
  if (send_delays_.count() > 0)
    spdlog::info("websocket closed: hand-over to send of {}", send_delays_.summary());
  // The reader holds the stream too: end it and wait for it before the session closes the socket.
  if (reader_running_) {
    beast::get_lowest_layer(ws_).socket().cancel(ec);
    reader_done_.expires_at(asio::steady_timer::time_point::max());
    co_await reader_done_.async_wait(asio::redirect_error(asio::use_awaitable, ec));
  }
  close_deadline_.cancel();
}

template <class Stream> asio::awaitable<void> WebSocketConnection<Stream>::write_queue() {
  beast::error_code ec;
  for (;;) {
    Message message;
    bool closing = false;
    {
      std::lock_guard lock(mutex_);
      if (!queue_.empty()) {
        message = std::move(queue_.front());
        queue_.pop_front();
        writing_bytes_ = message.size();
      } else {
        closing = closing_;
      }
    }
    if (message.binary || !message.text.empty()) {
      ws_.binary(message.binary);
      if (message.handed_over != std::chrono::steady_clock::time_point{})
        send_delays_.record(std::chrono::steady_clock::now() - message.handed_over);
      if (message.binary) {
        // One message from the header (if any) and the shared pieces, gathered without copying them.
        std::vector<asio::const_buffer> buffers;
        buffers.reserve(1 + message.body.pieces.size());
        if (message.header_size > 0)
          buffers.push_back(asio::buffer(message.header.data(), message.header_size));
        for (auto piece : message.body.pieces)
          buffers.push_back(asio::buffer(piece.data(), piece.size()));
        co_await ws_.async_write(buffers, asio::redirect_error(asio::use_awaitable, ec));
      } else {
        co_await ws_.async_write(asio::buffer(message.text), asio::redirect_error(asio::use_awaitable, ec));
      }
      {
        std::lock_guard lock(mutex_);
        queued_bytes_ -= std::min(queued_bytes_, message.size());
        writing_bytes_ = 0;
      }
      if (ec)
        co_return;
      continue;
    }
    if (closing) {
      // A peer that does not answer the close frame (or no longer reads) must not hold a server that is stopping:
      // after the timeout the socket is closed under the pending operations.
      close_deadline_.expires_after(k_close_timeout);
      close_deadline_.async_wait([self = this->shared_from_this()](beast::error_code ec) {
        if (!ec)
          beast::get_lowest_layer(self->ws_).socket().close(ec);
      });
      if (reader_running_ && ws_.is_open())
        co_await ws_.async_close(websocket::close_code::normal, asio::redirect_error(asio::use_awaitable, ec));
      co_return;
    }
    // Nothing queued: sleep until a send or close cancels the timer (wake() posts to this strand, so a send between
    // the check above and this wait still cancels it).
    wake_.expires_at(asio::steady_timer::time_point::max());
    co_await wake_.async_wait(asio::redirect_error(asio::use_awaitable, ec));
  }
}

template <class Stream>
asio::awaitable<void>
WebSocketConnection<Stream>::read_until_closed([[maybe_unused]] std::shared_ptr<WebSocketConnection> self) {
  beast::flat_buffer buffer;
  beast::error_code ec;
  while (!ec) {
    co_await ws_.async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
    buffer.clear();
  }
  if (ec != websocket::error::closed && ec != asio::error::operation_aborted && ec != asio::error::eof)
    spdlog::debug("websocket read ended: {}", ec.message());
  reader_running_ = false;
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  wake_.cancel();
  reader_done_.cancel();
}

template <class Stream>
asio::awaitable<void>
WebSocketConnection<Stream>::recheck_until_closed([[maybe_unused]] std::shared_ptr<WebSocketConnection> self,
                                                  std::function<bool()> still_allowed) {
  beast::error_code ec;
  for (;;) {
    recheck_.expires_after(k_recheck_interval);
    co_await recheck_.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    {
      std::lock_guard lock(mutex_);
      if (ec || !open_ || closing_)
        co_return;
    }
    if (!still_allowed()) {
      spdlog::info("websocket closed: no longer allowed (session ended or rights changed)");
      close();
      co_return;
    }
  }
}

template <class Stream> void WebSocketConnection<Stream>::enqueue(Message message) {
  {
    std::lock_guard lock(mutex_);
    if (!open_ || closing_)
      return;
    if (queued_bytes_ + message.size() > k_max_queued_bytes) {
      spdlog::warn("websocket client too slow ({} bytes queued): closing", queued_bytes_);
      closing_ = true;
      queue_.clear();
      queued_bytes_ = 0;
    } else {
      queued_bytes_ += message.size();
      message.queued_at = std::chrono::steady_clock::now();
      queue_.push_back(std::move(message));
    }
  }
  wake();
}

template <class Stream> void WebSocketConnection<Stream>::wake() {
  asio::post(ws_.get_executor(), [self = this->shared_from_this()] { self->wake_.cancel(); });
}

template <class Stream> void WebSocketConnection<Stream>::send_text(std::string text) {
  if (text.empty())
    return;
  enqueue(Message{false, std::move(text), nullptr});
}

template <class Stream> void WebSocketConnection<Stream>::send_binary(SharedPieces body) {
  Message message{true, {}, std::move(body)};
  message.body_size = message.body.size();
  if (message.body_size == 0)
    return;
  enqueue(std::move(message));
}

template <class Stream>
void WebSocketConnection<Stream>::send_binary(std::span<const std::uint8_t> header,
                                              std::shared_ptr<const std::vector<std::uint8_t>> bytes,
                                              std::chrono::steady_clock::time_point handed_over) {
  if (!bytes || header.size() > k_max_header_bytes)
    throw std::invalid_argument("websocket message header too long");
  Message message{true, {}, SharedPieces::of(std::move(bytes))};
  message.body_size = message.body.size();
  std::copy(header.begin(), header.end(), message.header.begin());
  message.header_size = header.size();
  message.handed_over = handed_over;
  enqueue(std::move(message));
}

template <class Stream> std::chrono::steady_clock::duration WebSocketConnection<Stream>::oldest_queued_age() const {
  std::lock_guard lock(mutex_);
  return queue_.empty() ? std::chrono::steady_clock::duration{}
                        : std::chrono::steady_clock::now() - queue_.front().queued_at;
}

template <class Stream> void WebSocketConnection<Stream>::drop_queued() {
  std::lock_guard lock(mutex_);
  queue_.clear();
  queued_bytes_ = writing_bytes_; // the message being written stays counted until it is out
}

template <class Stream> std::size_t WebSocketConnection<Stream>::queued_bytes() const {
  std::lock_guard lock(mutex_);
  return queued_bytes_;
}

template <class Stream> void WebSocketConnection<Stream>::close() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  wake();
}

template class WebSocketConnection<PlainStream>;
template class WebSocketConnection<TlsStream>;

} // namespace argus::http
