#include "support/http_client.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "support/tls_channel.hpp"

namespace argus::testing {
namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

std::string trim(const std::string& text) {
  auto begin = text.find_first_not_of(" \t");
  auto end = text.find_last_not_of(" \t");
  return begin == std::string::npos ? std::string{} : text.substr(begin, end - begin + 1);
}

} // namespace

std::string HttpResponse::header(const std::string& lower_name) const {
  for (const auto& [name, value] : headers) {
    if (name == lower_name)
      return value;
  }
  return {};
}

nlohmann::json HttpResponse::json() const {
  return nlohmann::json::parse(body);
}

HttpClient::HttpClient(std::string host, std::uint16_t port) : host_(std::move(host)), port_(port) {}

HttpClient::~HttpClient() {
  close();
}

HttpClient::HttpClient(HttpClient&& other) noexcept
    : host_(std::move(other.host_)), port_(other.port_), fd_(std::exchange(other.fd_, -1)), tls_(other.tls_),
      ca_file_(std::move(other.ca_file_)), source_address_(std::move(other.source_address_)),
      channel_(std::move(other.channel_)), buffer_(std::move(other.buffer_)), cookies_(std::move(other.cookies_)),
      default_headers_(std::move(other.default_headers_)), connections_opened_(other.connections_opened_) {}

void HttpClient::close() {
  channel_.reset();
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
  buffer_.clear();
}

void HttpClient::connect() {
  close();
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0)
    throw std::runtime_error("socket: " + std::string(std::strerror(errno)));
  timeval timeout{10, 0};
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (!source_address_.empty()) {
    sockaddr_in local{};
    local.sin_family = AF_INET;
    if (::inet_pton(AF_INET, source_address_.c_str(), &local.sin_addr) != 1 ||
        ::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) {
      close();
      throw std::runtime_error("cannot bind to source address " + source_address_);
    }
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port_);
  if (::inet_pton(AF_INET, host_.c_str(), &address.sin_addr) != 1)
    throw std::runtime_error("bad host " + host_);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    auto message = "connect to " + host_ + ":" + std::to_string(port_) + ": " + std::strerror(errno);
    close();
    throw std::runtime_error(message);
  }
  ++connections_opened_;
  if (tls_) {
    try {
      channel_ = std::make_unique<TlsChannel>(fd_, ca_file_);
    } catch (...) {
      close();
      throw;
    }
  }
}

void HttpClient::use_tls(std::string ca_file) {
  close();
  tls_ = true;
  ca_file_ = std::move(ca_file);
}

void HttpClient::set_source_address(std::string ip) {
  close();
  source_address_ = std::move(ip);
}

void HttpClient::send_all(const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    if (channel_) {
      sent += channel_->send(bytes.data() + sent, bytes.size() - sent);
      continue;
    }
    auto n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0)
      throw std::runtime_error("send: " + std::string(std::strerror(errno)));
    sent += static_cast<std::size_t>(n);
  }
}

bool HttpClient::fill() {
  char chunk[16384];
  if (channel_) {
    auto received = channel_->receive(chunk, sizeof chunk);
    buffer_.append(chunk, received);
    return received > 0;
  }
  auto n = ::recv(fd_, chunk, sizeof chunk, 0);
  if (n < 0)
    throw std::runtime_error("recv: " + std::string(std::strerror(errno)));
  buffer_.append(chunk, static_cast<std::size_t>(n));
  return n > 0;
}

std::string HttpClient::read_line() {
  std::size_t end;
  while ((end = buffer_.find("\r\n")) == std::string::npos) {
    if (!fill())
      throw std::runtime_error("connection closed while reading a line");
  }
  auto line = buffer_.substr(0, end);
  buffer_.erase(0, end + 2);
  return line;
}

HttpResponse HttpClient::read_response(bool head) {
  HttpResponse response;
  auto status_line = read_line();
  if (status_line.rfind("HTTP/1.", 0) != 0 || status_line.size() < 12) {
    throw std::runtime_error("bad status line: " + status_line);
  }
  response.status = std::stoi(status_line.substr(9, 3));
  for (auto line = read_line(); !line.empty(); line = read_line()) {
    auto colon = line.find(':');
    if (colon == std::string::npos)
      continue;
    response.headers.emplace_back(lower(line.substr(0, colon)), trim(line.substr(colon + 1)));
    if (response.headers.back().first == "set-cookie")
      store_cookie(response.headers.back().second);
  }
  bool no_body = head || response.status == 204 || response.status == 304 || response.status / 100 == 1;
  auto length = response.header("content-length");
  if (no_body) {
    response.body.clear();
  } else if (!length.empty()) {
    auto size = std::stoull(length);
    while (buffer_.size() < size) {
      if (!fill())
        throw std::runtime_error("connection closed inside the body");
    }
    response.body = buffer_.substr(0, size);
    buffer_.erase(0, size);
  } else if (lower(response.header("transfer-encoding")).find("chunked") != std::string::npos) {
    for (auto size = std::stoull(read_line(), nullptr, 16); size > 0; size = std::stoull(read_line(), nullptr, 16)) {
      while (buffer_.size() < size + 2) {
        if (!fill())
          throw std::runtime_error("connection closed inside a chunk");
      }
      response.body += buffer_.substr(0, size);
      buffer_.erase(0, size + 2);
    }
    while (!read_line().empty()) {
    }
  } else {
    while (fill()) {
    }
    response.body = std::move(buffer_);
    buffer_.clear();
  }
  if (lower(response.header("connection")) == "close")
    close();
  return response;
}

void HttpClient::store_cookie(const std::string& set_cookie) {
  auto pair = set_cookie.substr(0, set_cookie.find(';'));
  auto eq = pair.find('=');
  if (eq == std::string::npos)
    return;
  auto name = trim(pair.substr(0, eq));
  auto value = trim(pair.substr(eq + 1));
  auto attributes = lower(set_cookie);
  bool expired = attributes.find("max-age=0") != std::string::npos ||
                 attributes.find("expires=thu, 01 jan 1970") != std::string::npos;
  if (expired) {
    cookies_.erase(name);
  } else {
    cookies_[name] = value;
  }
}

void HttpClient::set_default_header(const std::string& name, const std::string& value) {
  auto it = std::find_if(default_headers_.begin(), default_headers_.end(),
                         [&](const auto& header) { return lower(header.first) == lower(name); });
  if (it != default_headers_.end()) {
    it->second = value;
  } else {
    default_headers_.emplace_back(name, value);
  }
}

HttpResponse HttpClient::request(const std::string& method, const std::string& target, const std::string& body,
                                 const Headers& headers) {
  std::string message = method + " " + target + " HTTP/1.1\r\nHost: " + host_ + ":" + std::to_string(port_) + "\r\n";
  for (const auto& [name, value] : default_headers_)
    message += name + ": " + value + "\r\n";
  for (const auto& [name, value] : headers)
    message += name + ": " + value + "\r\n";
  if (!cookies_.empty()) {
    std::string cookie_header;
    for (const auto& [name, value] : cookies_)
      cookie_header += (cookie_header.empty() ? "" : "; ") + name + "=" + value;
    message += "Cookie: " + cookie_header + "\r\n";
  }
  if (!body.empty() || method == "POST" || method == "PUT" || method == "PATCH") {
    message += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  }
  message += "\r\n" + body;

  // A kept-alive connection may have been closed by the server meanwhile: retry once on a fresh one.
  for (int attempt = 0;; ++attempt) {
    bool reused = fd_ >= 0;
    try {
      if (!reused)
        connect();
      send_all(message);
      return read_response(method == "HEAD");
    } catch (const std::runtime_error&) {
      close();
      if (!reused || attempt > 0)
        throw;
    }
  }
}

HttpResponse HttpClient::get(const std::string& target, const Headers& headers) {
  return request("GET", target, {}, headers);
}

HttpResponse HttpClient::post_json(const std::string& target, const nlohmann::json& body, const Headers& headers) {
  Headers all = headers;
  all.emplace_back("Content-Type", "application/json");
  return request("POST", target, body.dump(), all);
}

HttpResponse HttpClient::send_raw(const std::string& bytes) {
  connect();
  try {
    send_all(bytes);
  } catch (const std::runtime_error&) {
    // The server may answer (e.g. 413) and stop reading before everything was sent; read that answer anyway.
  }
  auto response = read_response(false);
  close();
  return response;
}

} // namespace argus::testing
