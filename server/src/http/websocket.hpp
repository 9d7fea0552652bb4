#pragma once
// WebSocket upgrades, free of Beast types. A handler that wants a WebSocket answers with a Response whose `websocket`
// is set (after its own checks: session, rights, Origin); the session then performs the handshake and calls
// `on_open` with a sink for server-to-client messages. What the client sends is read and dropped (control frames keep
// the connection alive); nothing in Argus listens to clients over WebSockets yet.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "http/shared_pieces.hpp"

namespace argus::http {

struct Request;

//! Server-to-client messages of one WebSocket connection. Thread-safe: any thread may send; messages go out in the
//! order they were sent. Sends after the connection closed are dropped.
class WebSocketSink {
public:
  static constexpr std::size_t k_max_header_bytes = 16;

  virtual ~WebSocketSink() = default;
  //! Queues a text message.
  virtual void send_text(std::string text) = 0;
  //! Queues a binary message made of the pieces, in order (shared, not copied; one gather write).
  virtual void send_binary(SharedPieces body) = 0;
  //! Queues one binary message made of a small header (at most k_max_header_bytes, copied) and shared bytes (not
  //! copied). handed_over (when set) is when the content entered the server: the connection logs how long such
  //! messages took from there to the socket when it closes.
  virtual void send_binary(std::span<const std::uint8_t> header, std::shared_ptr<const std::vector<std::uint8_t>> bytes,
                           std::chrono::steady_clock::time_point handed_over) = 0;
  //! Bytes queued and not yet written to the socket (a slow client makes this grow).
  virtual std::size_t queued_bytes() const = 0;
  //! How long the oldest queued message has been waiting (zero when nothing is queued).
  virtual std::chrono::steady_clock::duration oldest_queued_age() const = 0;
  //! Drops every queued message not yet being written (a feed skipping ahead for a slow client).
  virtual void drop_queued() = 0;
  //! Sends a close frame after what is queued and ends the connection.
  virtual void close() = 0;
};

struct WebSocketUpgrade {
  //! Called once the handshake succeeded. Returns what to call when the connection has ended (stop feeding the sink).
  std::function<std::function<void()>(std::shared_ptr<WebSocketSink>)> on_open;
  //! Optional: asked every few seconds while the connection is open (e.g. is the session still signed in?); false
  //! closes the connection. Runs on the connection's I/O thread: keep it cheap.
  std::function<bool()> still_allowed;
  //! > 0: the socket's kernel send buffer (SO_SNDBUF), so that a stalled client's backlog stays in the queue the feed
  //! manages rather than in seconds of kernel buffering. 0: the system's default (autotuned).
  int socket_send_buffer_bytes = 0;
};

//! True when the request asks for a WebSocket (Connection: upgrade, Upgrade: websocket).
bool is_websocket_request(const Request& request);

} // namespace argus::http
