#pragma once
// A small WebSocket client for tests (Beast underneath, hidden here): handshake with extra headers (cookies, Origin),
// then read messages with a timeout. Speaks wss:// when given a CA file (the server certificate must chain to it).
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "support/http_client.hpp"

namespace argus::testing {

struct WebSocketMessage {
  bool binary = false;
  std::string data;
};

class WebSocketClient {
public:
  //! Connects to 127.0.0.1-style host:port (over TLS when tls_ca_file is set) and asks to upgrade target. Never
  //! throws for a refused upgrade: handshake_status() is 101 when the connection is open, else 0 (use
  //! upgrade_refusal for the refusal's status).
  WebSocketClient(const std::string& host, std::uint16_t port, const std::string& target, const Headers& headers,
                  const std::optional<std::string>& tls_ca_file = std::nullopt);
  ~WebSocketClient();
  WebSocketClient(const WebSocketClient&) = delete;
  WebSocketClient& operator=(const WebSocketClient&) = delete;

  int handshake_status() const;
  //! The next message, or nullopt when none came within the timeout or the connection closed.
  std::optional<WebSocketMessage> read(std::chrono::milliseconds timeout);
  //! Closes with a normal close frame.
  void close();

  struct Impl; // public so that the per-transport implementations can derive from it

private:
  std::unique_ptr<Impl> impl_;
};

//! Sends a WebSocket upgrade request as plain HTTP and returns the answer (for refusals: 400/401/403/404 with the
//! contract's error body). Do not use it for an upgrade that succeeds.
HttpResponse upgrade_refusal(HttpClient& client, const std::string& target, const std::string& origin);

//! The Cookie header value for a client's cookie jar.
std::string cookie_header(HttpClient& client);

} // namespace argus::testing
