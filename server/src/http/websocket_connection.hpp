#pragma once
// One upgraded WebSocket connection over a session's stream, plain TCP or TLS (internal to http/): the handshake, a
// writer that sends the sink's queue in order, and a reader that drops client messages and notices the close. Runs on
// the session's strand; sends may come from any thread.
#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "http/send_delay_stats.hpp"
#include "http/streams.hpp"
#include "http/websocket.hpp"

namespace argus::http {

template <class Stream>
class WebSocketConnection final : public WebSocketSink,
                                  public std::enable_shared_from_this<WebSocketConnection<Stream>> {
public:
  //! stream (PlainStream or TlsStream) must outlive run().
  explicit WebSocketConnection(Stream& stream);

  //! Handshake, on_open, then serves until either side closes; calls on_open's result before returning.
  boost::asio::awaitable<void>
  run(const boost::beast::http::request<boost::beast::http::string_body>& upgrade_request, WebSocketUpgrade upgrade);

  void send_text(std::string text) override;
  void send_binary(SharedPieces body) override;
  void send_binary(std::span<const std::uint8_t> header, std::shared_ptr<const std::vector<std::uint8_t>> bytes,
                   std::chrono::steady_clock::time_point handed_over) override;
  std::size_t queued_bytes() const override;
  std::chrono::steady_clock::duration oldest_queued_age() const override;
  void drop_queued() override;
  void close() override;

private:
  struct Message {
    bool binary = false;
    std::string text;
    SharedPieces body;                                     // binary
    std::array<std::uint8_t, k_max_header_bytes> header{}; // binary: sent before the body
    std::size_t header_size = 0;
    std::size_t body_size = 0;
    std::chrono::steady_clock::time_point queued_at;
    std::chrono::steady_clock::time_point handed_over; // set: counted in send_delays_
    std::size_t size() const { return binary ? header_size + body_size : text.size(); }
  };

  void enqueue(Message message);
  void wake();
  boost::asio::awaitable<void> write_queue();
  boost::asio::awaitable<void> read_until_closed(std::shared_ptr<WebSocketConnection> self);
  boost::asio::awaitable<void> recheck_until_closed(std::shared_ptr<WebSocketConnection> self,
                                                    std::function<bool()> still_allowed);

  boost::beast::websocket::stream<Stream&> ws_;
  boost::asio::steady_timer wake_;      // cancelled to wake the writer (strand only)
  boost::asio::steady_timer reader_done_; // cancelled when the reader ends (strand only)
  boost::asio::steady_timer close_deadline_; // closes the socket when the close handshake takes too long
  boost::asio::steady_timer recheck_;        // paces still_allowed (strand only)
  bool reader_running_ = false;           // strand only
  mutable std::mutex mutex_;
  std::deque<Message> queue_;
  std::size_t queued_bytes_ = 0;  // queued plus the message being written
  std::size_t writing_bytes_ = 0; // the message being written
  bool open_ = false;     // handshake done and not yet ended (guarded by mutex_)
  bool closing_ = false;  // close() asked or the peer went away (guarded by mutex_)
  SendDelayStats send_delays_; // writer only
};

extern template class WebSocketConnection<PlainStream>;
extern template class WebSocketConnection<TlsStream>;

} // namespace argus::http
