#pragma once
// One HTTP/1.1 connection: reads requests (timeouts, body limit), hands them to the worker pool, writes answers, keeps
// the connection alive while the client wants it and the server is not stopping. The same code serves plain TCP
// (PlainStream) and TLS (TlsStream: handshake first, HSTS on every answer, a plain-HTTP request answered with a 400
// that names HTTPS). Internal to http/.
#include <utility>

#include <cstdint>
#include <memory>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>

#include "http/request.hpp"
#include "http/response.hpp"
#include "http/streams.hpp"

namespace argus::http {

struct ServerContext;
template <class Stream> class WebSocketConnection;

template <class Stream> class Session : public std::enable_shared_from_this<Session<Stream>> {
public:
  static constexpr bool k_tls = is_tls_stream<Stream>;

  Session(Stream stream, ServerContext& context);

  //! Serves the connection until it closes; keeps the session alive meanwhile. Spawn on the socket's strand.
  static boost::asio::awaitable<void> run(std::shared_ptr<Session> self);

  //! Closes the connection if it waits for a request; a request in progress finishes first. Thread-safe.
  void shutdown();

private:
  boost::beast::tcp_stream& tcp();
  boost::asio::awaitable<bool> handshake();
  boost::asio::awaitable<void> close();
  boost::asio::awaitable<void> serve();
  boost::asio::awaitable<Response> dispatch(Request& request);
  boost::asio::awaitable<bool> write(Response response, bool head, unsigned version, bool keep_alive);
  boost::asio::awaitable<void> reject(int status, const std::string& message, unsigned version);
  boost::asio::awaitable<void> drain();

  Stream stream_;
  boost::beast::flat_buffer buffer_;
  ServerContext& context_;
  std::string peer_address_;
  bool idle_ = false;      // waiting for the next request (or the TLS handshake); only touched on the strand
  bool secured_ = false;   // TLS handshake done; strand only
  std::shared_ptr<WebSocketConnection<Stream>> websocket_; // set while the connection is upgraded; strand only
};

extern template class Session<PlainStream>;
extern template class Session<TlsStream>;

} // namespace argus::http
