#pragma once
// WebSocket upgrades, free of Beast types. A handler that wants a WebSocket answers with a Response whose `websocket`
// is set (after its own checks: session, rights, Origin); the session then performs the handshake and calls
// `on_open` with a sink for server-to-client messages. What the client sends is read and dropped (control frames keep
// the connection alive); nothing in Argus listens to clients over WebSockets yet.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace argus::http {

struct Request;

//! Server-to-client messages of one WebSocket connection. Thread-safe: any thread may send; messages go out in the
//! order they were sent. Sends after the connection closed are dropped.
class WebSocketSink {
public:
  virtual ~WebSocketSink() = default;
  //! Queues a text message.
  virtual void send_text(std::string text) = 0;
  //! Queues a binary message (the bytes are shared, not copied).
  virtual void send_binary(std::shared_ptr<const std::vector<std::uint8_t>> bytes) = 0;
  //! Bytes queued and not yet written to the socket (a slow client makes this grow).
  virtual std::size_t queued_bytes() const = 0;
  //! Sends a close frame after what is queued and ends the connection.
  virtual void close() = 0;
};

struct WebSocketUpgrade {
  //! Called once the handshake succeeded. Returns what to call when the connection has ended (stop feeding the sink).
  std::function<std::function<void()>(std::shared_ptr<WebSocketSink>)> on_open;
  //! Optional: asked every few seconds while the connection is open (e.g. is the session still signed in?); false
  //! closes the connection. Runs on the connection's I/O thread: keep it cheap.
  std::function<bool()> still_allowed;
};

//! True when the request asks for a WebSocket (Connection: upgrade, Upgrade: websocket).
bool is_websocket_request(const Request& request);

} // namespace argus::http
