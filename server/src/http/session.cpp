#include "http/session.hpp"

#include <algorithm>
#include <array>
#include <fstream>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/detect_ssl.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <spdlog/spdlog.h>

#include "http/request_conversion.hpp"
#include "http/server_context.hpp"
#include "http/tls_context.hpp"
#include "http/websocket_connection.hpp"

namespace argus::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;

namespace {

constexpr std::uint32_t k_header_limit_bytes = 32 * 1024;
constexpr std::size_t k_drain_limit_bytes = 16 * 1024 * 1024;
constexpr std::chrono::milliseconds k_drain_timeout_ms{1'000};
constexpr std::chrono::milliseconds k_handshake_timeout_ms{10'000};
constexpr std::chrono::milliseconds k_tls_close_timeout_ms{1'000};
constexpr const char* k_https_only = "This port serves HTTPS only: use https://";

template <class Body>
void set_common_fields(bhttp::response<Body>& message, const Response& response, unsigned version, bool keep_alive,
                       bool tls) {
  message.version(version);
  message.result(static_cast<unsigned>(response.status));
  message.set(bhttp::field::content_type, response.content_type);
  message.set("X-Content-Type-Options", "nosniff");
  if (tls)
    message.set(bhttp::field::strict_transport_security, k_hsts_value);
  for (const auto& [name, value] : response.headers)
    message.insert(name, value);
  message.keep_alive(keep_alive);
}

// A body of shared pieces (Response::pieces), written with one gather write and no copy.
struct PiecesBody {
  using value_type = SharedPieces;

  static std::uint64_t size(const value_type& body) { return body.size(); }

  class writer {
  public:
    using const_buffers_type = std::vector<asio::const_buffer>;

    template <bool is_request, class Fields>
    writer(const bhttp::header<is_request, Fields>& /*header*/, const value_type& body) : body_(body) {}
    void init(beast::error_code& ec) { ec = {}; }
    boost::optional<std::pair<const_buffers_type, bool>> get(beast::error_code& ec) {
      ec = {};
      if (done_)
        return boost::none;
      done_ = true;
      const_buffers_type buffers;
      buffers.reserve(body_.pieces.size());
      for (auto piece : body_.pieces)
        buffers.push_back(asio::buffer(piece.data(), piece.size()));
      return std::make_pair(std::move(buffers), false);
    }

  private:
    const value_type& body_;
    bool done_ = false;
  };
};

std::optional<std::string> read_region(const FileBody& file) {
  std::ifstream in(file.path, std::ios::binary);
  if (!in)
    return std::nullopt;
  in.seekg(0, std::ios::end);
  auto size = static_cast<std::uint64_t>(in.tellg());
  if (file.offset_bytes > size)
    return std::nullopt;
  auto length = std::min(file.length_bytes.value_or(size - file.offset_bytes), size - file.offset_bytes);
  std::string data(length, '\0');
  in.seekg(static_cast<std::streamoff>(file.offset_bytes));
  in.read(data.data(), static_cast<std::streamsize>(length));
  if (!in)
    return std::nullopt;
  return data;
}

} // namespace

template <class Stream>
Session<Stream>::Session(Stream stream, ServerContext& context) : stream_(std::move(stream)), context_(context) {
  boost::system::error_code ec;
  auto endpoint = tcp().socket().remote_endpoint(ec);
  if (!ec)
    peer_address_ = endpoint.address().to_string();
}

template <class Stream> beast::tcp_stream& Session<Stream>::tcp() {
  return beast::get_lowest_layer(stream_);
}

template <class Stream> asio::awaitable<void> Session<Stream>::run(std::shared_ptr<Session> self) {
  std::weak_ptr<Session> weak = self;
  auto id = self->context_.sessions.add([weak] {
    if (auto session = weak.lock())
      session->shutdown();
  });
  try {
    if (co_await self->handshake())
      co_await self->serve();
    co_await self->close();
  } catch (const std::exception& error) {
    spdlog::warn("connection from {} failed: {}", self->peer_address_, error.what());
  }
  boost::system::error_code ec;
  self->tcp().socket().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  self->tcp().close();
  self->context_.sessions.remove(id);
}

template <class Stream> void Session<Stream>::shutdown() {
  asio::post(stream_.get_executor(), [self = this->shared_from_this()] {
    if (self->idle_)
      self->tcp().cancel();
    if (self->websocket_)
      self->websocket_->close();
  });
}

// TLS: looks at the first bytes; a plain HTTP request gets a plain 400 naming HTTPS, anything else that is not a TLS
// handshake (or a handshake that fails or stalls) just closes the connection. Plain connections have nothing to do.
template <class Stream> asio::awaitable<bool> Session<Stream>::handshake() {
  if constexpr (!k_tls) {
    co_return true;
  } else {
    beast::error_code ec;
    idle_ = true;
    tcp().expires_after(k_handshake_timeout_ms);
    bool is_tls = co_await beast::async_detect_ssl(tcp(), buffer_, asio::redirect_error(asio::use_awaitable, ec));
    if (!ec && !is_tls && !context_.stopping) {
      idle_ = false;
      bhttp::response<bhttp::string_body> answer{bhttp::status::bad_request, 11};
      answer.set(bhttp::field::content_type, "application/json");
      answer.body() = Response::error(400, k_https_only).body;
      answer.keep_alive(false);
      answer.prepare_payload();
      co_await bhttp::async_write(tcp(), answer, asio::redirect_error(asio::use_awaitable, ec));
      co_await drain();
      co_return false;
    }
    if (ec || !is_tls)
      co_return false;
    auto used_bytes = co_await stream_.async_handshake(asio::ssl::stream_base::server, buffer_.data(),
                                                       asio::redirect_error(asio::use_awaitable, ec));
    idle_ = false;
    buffer_.consume(used_bytes);
    if (ec) {
      spdlog::debug("TLS handshake with {} failed: {}", peer_address_, ec.message());
      co_return false;
    }
    secured_ = true;
    co_return true;
  }
}

// TLS: sends close_notify (waiting briefly for the peer's) so that clients can tell a complete answer from a cut one.
template <class Stream> asio::awaitable<void> Session<Stream>::close() {
  if constexpr (k_tls) {
    if (!secured_)
      co_return;
    beast::error_code ec;
    tcp().expires_after(k_tls_close_timeout_ms);
    co_await stream_.async_shutdown(asio::redirect_error(asio::use_awaitable, ec));
  } else {
    co_return; // keeps the plain-HTTP instantiation a coroutine
  }
}

template <class Stream> asio::awaitable<void> Session<Stream>::serve() {
  beast::error_code ec;
  while (!context_.stopping) {
    bhttp::request_parser<bhttp::string_body> parser;
    parser.body_limit(context_.body_limit_bytes);
    parser.header_limit(k_header_limit_bytes);

    idle_ = buffer_.size() == 0;
    tcp().expires_after(idle_ ? context_.idle_timeout_ms : context_.read_timeout_ms);
    co_await bhttp::async_read_header(stream_, buffer_, parser, asio::redirect_error(asio::use_awaitable, ec));
    idle_ = false;
    if (ec == bhttp::error::body_limit)
      co_return co_await reject(413, "Request body too large", 11);
    if (ec == bhttp::error::header_limit)
      co_return co_await reject(431, "Request headers too large", 11);
    if (ec && ec.category() == bhttp::make_error_code(bhttp::error::bad_target).category() &&
        ec != bhttp::error::end_of_stream) {
      co_return co_await reject(400, "Bad request", 11);
    }
    if (ec)
      co_return;

    unsigned version = parser.get().version();
    if (!parser.is_done()) {
      if (beast::iequals(parser.get()[bhttp::field::expect], "100-continue")) {
        bhttp::response<bhttp::empty_body> go_on{bhttp::status::continue_, version};
        co_await bhttp::async_write(stream_, go_on, asio::redirect_error(asio::use_awaitable, ec));
        if (ec)
          co_return;
      }
      tcp().expires_after(context_.read_timeout_ms);
      co_await bhttp::async_read(stream_, buffer_, parser, asio::redirect_error(asio::use_awaitable, ec));
      if (ec == bhttp::error::body_limit)
        co_return co_await reject(413, "Request body too large", version);
      if (ec)
        co_return;
    }

    auto& message = parser.get();
    bool keep_alive = message.keep_alive();
    Request request;
    Response response;
    if (to_request(message, peer_address_, context_.client_addresses, k_tls, request)) {
      response = co_await dispatch(request);
    } else {
      response = Response::error(400, "Bad request target");
      keep_alive = false;
    }
    if (response.websocket && beast::websocket::is_upgrade(message) && !context_.stopping) {
      auto upgrade = std::move(*response.websocket);
      websocket_ = std::make_shared<WebSocketConnection<Stream>>(stream_);
      co_await websocket_->run(message, std::move(upgrade));
      websocket_.reset();
      co_return;
    }
    if (response.websocket)
      response = Response::error(400, "WebSocket upgrade required");
    keep_alive = keep_alive && !context_.stopping;
    if (!co_await write(std::move(response), request.method == "HEAD", version, keep_alive) || !keep_alive)
      co_return;
  }
}

template <class Stream> asio::awaitable<Response> Session<Stream>::dispatch(Request& request) {
  // Handlers may block (SQLite), so they run on the worker pool (or the slow lane's); the session resumes on its strand
  // afterwards.
  auto& pool = context_.slow_lane && context_.slow_lane(request) ? context_.slow_workers : context_.workers;
  co_return co_await asio::co_spawn(
      pool, [this, &request]() -> asio::awaitable<Response> { co_return context_.handle(request); },
      asio::use_awaitable);
}

template <class Stream>
asio::awaitable<bool> Session<Stream>::write(Response response, bool head, unsigned version, bool keep_alive) {
  beast::error_code ec;
  tcp().expires_after(context_.read_timeout_ms);
  if (response.file && !response.file->offset_bytes && !response.file->length_bytes && !head) {
    bhttp::file_body::value_type file;
    file.open(response.file->path.c_str(), beast::file_mode::scan, ec);
    if (!ec) {
      bhttp::response<bhttp::file_body> message;
      set_common_fields(message, response, version, keep_alive, k_tls);
      message.body() = std::move(file);
      message.prepare_payload();
      co_await bhttp::async_write(stream_, message, asio::redirect_error(asio::use_awaitable, ec));
      co_return !ec;
    }
    response = Response::error(404, "Not found");
  }

  if (response.pieces && !head) {
    bhttp::response<PiecesBody> message;
    set_common_fields(message, response, version, keep_alive, k_tls);
    message.body() = std::move(*response.pieces);
    message.prepare_payload();
    co_await bhttp::async_write(stream_, message, asio::redirect_error(asio::use_awaitable, ec));
    co_return !ec;
  }

  std::uint64_t length_bytes = response.pieces ? response.pieces->size() : response.body.size();
  if (response.file) {
    std::error_code fs_ec;
    if (head && !response.file->offset_bytes && !response.file->length_bytes) {
      length_bytes = std::filesystem::file_size(response.file->path, fs_ec);
    } else if (auto data = read_region(*response.file)) {
      response.body = std::move(*data);
      length_bytes = response.body.size();
    } else {
      fs_ec = std::make_error_code(std::errc::io_error);
    }
    if (fs_ec) {
      response = Response::error(404, "Not found");
      length_bytes = response.body.size();
    }
  }
  bhttp::response<bhttp::string_body> message;
  set_common_fields(message, response, version, keep_alive, k_tls);
  if (head) {
    message.content_length(length_bytes);
  } else {
    message.body() = std::move(response.body);
    message.prepare_payload();
  }
  co_await bhttp::async_write(stream_, message, asio::redirect_error(asio::use_awaitable, ec));
  co_return !ec;
}

template <class Stream>
asio::awaitable<void> Session<Stream>::reject(int status, const std::string& message, unsigned version) {
  co_await write(Response::error(status, message), false, version, false);
  co_await drain();
}

// Reads (and drops) what the client is still sending for a moment, so that closing does not reset the connection
// before the client has read the answer. Plain TCP also half-closes, so the client sees the end at once; over TLS the
// answer's Connection: close tells it, and the drain reads through the TLS layer.
template <class Stream> asio::awaitable<void> Session<Stream>::drain() {
  beast::error_code ec;
  if (!secured_)
    tcp().socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
  tcp().expires_after(k_drain_timeout_ms);
  std::array<char, 16 * 1024> scratch;
  std::size_t drained_bytes = 0;
  while (!ec && drained_bytes < k_drain_limit_bytes) {
    if (secured_) {
      drained_bytes +=
          co_await stream_.async_read_some(asio::buffer(scratch), asio::redirect_error(asio::use_awaitable, ec));
    } else {
      drained_bytes +=
          co_await tcp().async_read_some(asio::buffer(scratch), asio::redirect_error(asio::use_awaitable, ec));
    }
  }
}

template class Session<PlainStream>;
template class Session<TlsStream>;

} // namespace argus::http
