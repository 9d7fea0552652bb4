#pragma once
// One HTTP/1.1 connection: reads requests (timeouts, body limit), hands them to the worker pool, writes answers, keeps
// the connection alive while the client wants it and the server is not stopping. Internal to http/.
#include <utility>

#include <cstdint>
#include <memory>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "http/request.hpp"
#include "http/response.hpp"

namespace argus::http {

struct ServerContext;
class WebSocketConnection;

class Session : public std::enable_shared_from_this<Session> {
public:
  Session(boost::asio::ip::tcp::socket socket, ServerContext& context);

  //! Serves the connection until it closes; keeps the session alive meanwhile. Spawn on the socket's strand.
  static boost::asio::awaitable<void> run(std::shared_ptr<Session> self);

  //! Closes the connection if it waits for a request; a request in progress finishes first. Thread-safe.
  void shutdown();

private:
  boost::asio::awaitable<void> serve();
  boost::asio::awaitable<Response> dispatch(Request& request);
  boost::asio::awaitable<bool> write(Response response, bool head, unsigned version, bool keep_alive);
  boost::asio::awaitable<void> reject(int status, const std::string& message, unsigned version);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  ServerContext& context_;
  std::string remote_address_;
  bool idle_ = false; // waiting for the next request; only touched on the strand
  std::shared_ptr<WebSocketConnection> websocket_; // set while the connection is upgraded; strand only
};

} // namespace argus::http
