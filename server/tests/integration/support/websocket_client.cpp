#include "support/websocket_client.hpp"

#include <type_traits>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

namespace argus::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace ssl = boost::asio::ssl;
namespace websocket = boost::beast::websocket;

struct WebSocketClient::Impl {
  virtual ~Impl() = default;
  virtual std::optional<WebSocketMessage> read(std::chrono::milliseconds timeout) = 0;
  virtual void close() = 0;
  int status = 0;
  bool open = false;
};

namespace {

// The client over one transport: beast::tcp_stream (ws://) or ssl_stream over it (wss://).
template <class NextLayer> struct StreamClient final : WebSocketClient::Impl {
  StreamClient(const std::string& host, std::uint16_t port, const std::string& target, const Headers& headers,
               const std::optional<std::string>& tls_ca_file)
      : tls(ssl::context::tls_client), ws(make_stream()) {
    beast::error_code ec;
    asio::ip::tcp::endpoint endpoint(asio::ip::make_address(host), port);
    beast::get_lowest_layer(ws).connect(endpoint, ec);
    if (ec)
      return;
    if constexpr (!std::is_same_v<NextLayer, beast::tcp_stream>) {
      if (tls_ca_file) {
        tls.load_verify_file(*tls_ca_file, ec);
        ws.next_layer().set_verify_mode(ssl::verify_peer);
      }
      if (ec)
        return;
      ws.next_layer().handshake(ssl::stream_base::client, ec);
      if (ec)
        return;
    }
    ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& request) {
      for (const auto& [name, value] : headers)
        request.set(name, value);
    }));
    websocket::response_type response;
    ws.handshake(response, host + ":" + std::to_string(port), target, ec);
    open = !ec;
    status = open ? 101 : 0;
  }

  ~StreamClient() override {
    beast::error_code ec;
    beast::get_lowest_layer(ws).socket().close(ec);
  }

  websocket::stream<NextLayer> make_stream() {
    if constexpr (std::is_same_v<NextLayer, beast::tcp_stream>)
      return websocket::stream<NextLayer>(io);
    else
      return websocket::stream<NextLayer>(io, tls);
  }

  std::optional<WebSocketMessage> read(std::chrono::milliseconds timeout) override {
    if (!open)
      return std::nullopt;
    beast::error_code result = asio::error::timed_out;
    bool done = false;
    buffer.clear();
    ws.async_read(buffer, [&](beast::error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    io.restart();
    io.run_for(timeout);
    if (!done) {
      // Abandon the read: the stream cannot be used after a cancelled read, so close it.
      beast::get_lowest_layer(ws).socket().cancel();
      io.restart();
      io.run();
      open = false;
      return std::nullopt;
    }
    if (result) {
      open = false;
      return std::nullopt;
    }
    return WebSocketMessage{ws.got_binary(), beast::buffers_to_string(buffer.data())};
  }

  void close() override {
    if (!open)
      return;
    beast::error_code ec;
    ws.close(websocket::close_code::normal, ec);
    open = false;
  }

  asio::io_context io;
  ssl::context tls;
  websocket::stream<NextLayer> ws;
  beast::flat_buffer buffer;
};

} // namespace

WebSocketClient::WebSocketClient(const std::string& host, std::uint16_t port, const std::string& target,
                                 const Headers& headers, const std::optional<std::string>& tls_ca_file) {
  if (tls_ca_file)
    impl_ = std::make_unique<StreamClient<beast::ssl_stream<beast::tcp_stream>>>(host, port, target, headers,
                                                                                  tls_ca_file);
  else
    impl_ = std::make_unique<StreamClient<beast::tcp_stream>>(host, port, target, headers, tls_ca_file);
}

WebSocketClient::~WebSocketClient() = default;

int WebSocketClient::handshake_status() const {
  return impl_->status;
}

std::optional<WebSocketMessage> WebSocketClient::read(std::chrono::milliseconds timeout) {
  return impl_->read(timeout);
}

void WebSocketClient::close() {
  impl_->close();
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
