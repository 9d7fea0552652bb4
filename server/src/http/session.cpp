#include "http/session.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <spdlog/spdlog.h>

#include "http/server_context.hpp"
#include "http/url.hpp"
#include "http/websocket_connection.hpp"

namespace argus::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;

namespace {

constexpr std::uint32_t k_header_limit_bytes = 32 * 1024;
constexpr std::size_t k_drain_limit_bytes = 16 * 1024 * 1024;
constexpr std::chrono::milliseconds k_drain_timeout_ms{1'000};

using BeastRequest = bhttp::request<bhttp::string_body>;

bool to_request(BeastRequest& message, const std::string& remote_address, Request& request) {
  request.method = std::string(message.method_string());
  request.target = std::string(message.target());
  if (!parse_target(request.target, request.path, request.query))
    return false;
  for (const auto& field : message) {
    std::string name(field.name_string());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    auto [it, inserted] = request.headers.try_emplace(std::move(name), field.value());
    if (!inserted) {
      it->second += it->first == "cookie" ? "; " : ", ";
      it->second.append(field.value().data(), field.value().size());
    }
  }
  request.body = std::move(message.body());
  request.remote_address = remote_address;
  return true;
}

template <class Body>
void set_common_fields(bhttp::response<Body>& message, const Response& response, unsigned version, bool keep_alive) {
  message.version(version);
  message.result(static_cast<unsigned>(response.status));
  message.set(bhttp::field::content_type, response.content_type);
  message.set("X-Content-Type-Options", "nosniff");
  for (const auto& [name, value] : response.headers)
    message.insert(name, value);
  message.keep_alive(keep_alive);
}

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

Session::Session(asio::ip::tcp::socket socket, ServerContext& context) : stream_(std::move(socket)), context_(context) {
  boost::system::error_code ec;
  auto endpoint = stream_.socket().remote_endpoint(ec);
  if (!ec)
    remote_address_ = endpoint.address().to_string();
}

asio::awaitable<void> Session::run(std::shared_ptr<Session> self) {
  std::weak_ptr<Session> weak = self;
  auto id = self->context_.sessions.add([weak] {
    if (auto session = weak.lock())
      session->shutdown();
  });
  try {
    co_await self->serve();
  } catch (const std::exception& error) {
    spdlog::warn("connection from {} failed: {}", self->remote_address_, error.what());
  }
  boost::system::error_code ec;
  self->stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  self->stream_.close();
  self->context_.sessions.remove(id);
}

void Session::shutdown() {
  asio::post(stream_.get_executor(), [self = shared_from_this()] {
    if (self->idle_)
      self->stream_.cancel();
    if (self->websocket_)
      self->websocket_->close();
  });
}

asio::awaitable<void> Session::serve() {
  beast::error_code ec;
  while (!context_.stopping) {
    bhttp::request_parser<bhttp::string_body> parser;
    parser.body_limit(context_.body_limit_bytes);
    parser.header_limit(k_header_limit_bytes);

    idle_ = buffer_.size() == 0;
    stream_.expires_after(idle_ ? context_.idle_timeout_ms : context_.read_timeout_ms);
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
      stream_.expires_after(context_.read_timeout_ms);
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
    if (to_request(message, remote_address_, request)) {
      response = co_await dispatch(request);
    } else {
      response = Response::error(400, "Bad request target");
      keep_alive = false;
    }
    if (response.websocket && beast::websocket::is_upgrade(message) && !context_.stopping) {
      auto upgrade = std::move(*response.websocket);
      websocket_ = std::make_shared<WebSocketConnection>(stream_);
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

asio::awaitable<Response> Session::dispatch(Request& request) {
  // Handlers may block (SQLite), so they run on the worker pool; the session resumes on its strand afterwards.
  co_return co_await asio::co_spawn(
      context_.workers, [this, &request]() -> asio::awaitable<Response> { co_return context_.handle(request); },
      asio::use_awaitable);
}

asio::awaitable<bool> Session::write(Response response, bool head, unsigned version, bool keep_alive) {
  beast::error_code ec;
  stream_.expires_after(context_.read_timeout_ms);
  if (response.file && !response.file->offset_bytes && !response.file->length_bytes && !head) {
    bhttp::file_body::value_type file;
    file.open(response.file->path.c_str(), beast::file_mode::scan, ec);
    if (!ec) {
      bhttp::response<bhttp::file_body> message;
      set_common_fields(message, response, version, keep_alive);
      message.body() = std::move(file);
      message.prepare_payload();
      co_await bhttp::async_write(stream_, message, asio::redirect_error(asio::use_awaitable, ec));
      co_return !ec;
    }
    response = Response::error(404, "Not found");
  }

  std::uint64_t length_bytes = response.body.size();
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
  set_common_fields(message, response, version, keep_alive);
  if (head) {
    message.content_length(length_bytes);
  } else {
    message.body() = std::move(response.body);
    message.prepare_payload();
  }
  co_await bhttp::async_write(stream_, message, asio::redirect_error(asio::use_awaitable, ec));
  co_return !ec;
}

asio::awaitable<void> Session::reject(int status, const std::string& message, unsigned version) {
  co_await write(Response::error(status, message), false, version, false);
  // Read (and drop) what the client is still sending, so that closing does not reset the connection before the
  // client has read the answer.
  beast::error_code ec;
  stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
  stream_.expires_after(k_drain_timeout_ms);
  std::array<char, 16 * 1024> scratch;
  std::size_t drained_bytes = 0;
  while (!ec && drained_bytes < k_drain_limit_bytes) {
    drained_bytes +=
        co_await stream_.async_read_some(asio::buffer(scratch), asio::redirect_error(asio::use_awaitable, ec));
  }
}

} // namespace argus::http
