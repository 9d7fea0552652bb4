#include "support/websocket_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace argus::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;

struct WebSocketClient::Impl {
  asio::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer buffer;
  int status = 0;
  bool open = false;
};

WebSocketClient::WebSocketClient(const std::string& host, std::uint16_t port, const std::string& target,
                                 const Headers& headers)
    : impl_(std::make_unique<Impl>()) {
  beast::error_code ec;
  asio::ip::tcp::endpoint endpoint(asio::ip::make_address(host), port);
  beast::get_lowest_layer(impl_->ws).connect(endpoint, ec);
  if (ec)
    return;
  impl_->ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& request) {
    for (const auto& [name, value] : headers)
      request.set(name, value);
  }));
  websocket::response_type response;
  impl_->ws.handshake(response, host + ":" + std::to_string(port), target, ec);
  impl_->open = !ec;
  impl_->status = impl_->open ? 101 : 0;
}

WebSocketClient::~WebSocketClient() {
  beast::error_code ec;
  beast::get_lowest_layer(impl_->ws).socket().close(ec);
}

int WebSocketClient::handshake_status() const {
  return impl_->status;
}

std::optional<WebSocketMessage> WebSocketClient::read(std::chrono::milliseconds timeout) {
  if (!impl_->open)
    return std::nullopt;
  beast::error_code result = asio::error::timed_out;
  bool done = false;
  impl_->buffer.clear();
  impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, std::size_t) {
    result = ec;
    done = true;
  });
  impl_->io.restart();
  impl_->io.run_for(timeout);
  if (!done) {
    // Abandon the read: the stream cannot be used after a cancelled read, so close it.
    beast::get_lowest_layer(impl_->ws).socket().cancel();
    impl_->io.restart();
    impl_->io.run();
    impl_->open = false;
    return std::nullopt;
  }
  if (result) {
    impl_->open = false;
    return std::nullopt;
  }
  return WebSocketMessage{impl_->ws.got_binary(), beast::buffers_to_string(impl_->buffer.data())};
}

void WebSocketClient::close() {
  if (!impl_->open)
    return;
  beast::error_code ec;
  impl_->ws.close(websocket::close_code::normal, ec);
  impl_->open = false;
}

HttpResponse upgrade_refusal(HttpClient& client, const std::string& target, const std::string& origin) {
  Headers headers{{"Connection", "Upgrade"},
                  {"Upgrade", "websocket"},
                  {"Sec-WebSocket-Version", "13"},
                  {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}};
  if (!origin.empty())
    headers.emplace_back("Origin", origin);
  return client.get(target, headers);
}

std::string cookie_header(HttpClient& client) {
  std::string header;
  for (const auto& [name, value] : client.cookies())
    header += (header.empty() ? "" : "; ") + name + "=" + value;
  return header;
}

} // namespace argus::testing
