#include "support/fake_camera_servers.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <random>
#include <stdexcept>

namespace argus::testing {
namespace {

using namespace std::chrono_literals;

bool send_all(int fd, const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    auto n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
      continue;
    if (n <= 0)
      return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

// The value of a request header ("CSeq", "Transport"), or "".
std::string header_value(const std::string& request, const std::string& name) {
  auto at = request.find("\r\n" + name + ":");
  if (at == std::string::npos)
    return "";
  auto start = request.find_first_not_of(' ', at + name.size() + 3);
  auto end = request.find("\r\n", start);
  return start == std::string::npos ? "" : request.substr(start, end - start);
}

// One RTP packet (PCMU, 20 ms of silence) on interleaved channel 0.
std::string pcmu_packet(std::uint16_t sequence, std::uint32_t timestamp) {
  std::string rtp = {'\x80', '\x00', static_cast<char>(sequence >> 8), static_cast<char>(sequence & 0xff)};
  for (int shift : {24, 16, 8, 0})
    rtp.push_back(static_cast<char>((timestamp >> shift) & 0xff));
  rtp += std::string("\x12\x34\x56\x78", 4);
  rtp += std::string(160, '\xff');
  std::string frame = {'$', '\x00', static_cast<char>(rtp.size() >> 8), static_cast<char>(rtp.size() & 0xff)};
  return frame + rtp;
}

} // namespace

FakeTcpServer::FakeTcpServer(bool accepting) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof(address);
  if (listen_fd_ < 0 || ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
      ::listen(listen_fd_, 16) != 0 || ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
    throw std::runtime_error("FakeTcpServer: cannot listen");
  port_ = ntohs(address.sin_port);
  if (accepting)
    acceptor_ = std::thread([this] { accept_loop(); });
}

FakeTcpServer::~FakeTcpServer() {
  shut_down();
  ::close(listen_fd_);
}

void FakeTcpServer::shut_down() {
  stopping_ = true;
  if (acceptor_.joinable())
    acceptor_.join();
  std::lock_guard lock(mutex_);
  for (auto& server : servers_)
    server.join();
  servers_.clear();
}

void FakeTcpServer::accept_loop() {
  while (!stopping_) {
    pollfd entry{listen_fd_, POLLIN, 0};
    if (::poll(&entry, 1, 100) <= 0)
      continue;
    int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0)
      continue;
    ++connections_;
    std::lock_guard lock(mutex_);
    servers_.emplace_back([this, fd] {
      timeval send_timeout{0, 200'000};
      ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &send_timeout, sizeof(send_timeout));
      serve(fd);
      ::close(fd);
    });
  }
}

void GarbageServer::serve(int fd) {
  std::mt19937 random(static_cast<unsigned>(fd) * 7919u);
  std::string bytes(4096, '\0');
  while (!stopping()) {
    for (auto& byte : bytes)
      byte = static_cast<char>(random());
    auto sent = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
      break;
    std::this_thread::sleep_for(50ms);
  }
}

std::string SdpRtspServer::url() const {
  return "rtsp://127.0.0.1:" + std::to_string(port()) + "/stream";
}

std::string SdpRtspServer::sdp() const {
  std::string text = "v=0\no=- 1 1 IN IP4 127.0.0.1\ns=fake camera\nc=IN IP4 0.0.0.0\nt=0 0\n" + media_lines_;
  std::string crlf;
  for (char c : text)
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return crlf;
}

void SdpRtspServer::serve(int fd) {
  const bool sends_audio = media_lines_.rfind("m=audio", 0) == 0;
  std::string pending;
  bool playing = false;
  std::uint16_t sequence = 0;
  auto next_packet = std::chrono::steady_clock::now();
  while (!stopping()) {
    pollfd entry{fd, POLLIN, 0};
    int ready = ::poll(&entry, 1, 20);
    if (ready < 0)
      return;
    if (ready > 0) {
      char buffer[4096];
      auto n = ::recv(fd, buffer, sizeof buffer, 0);
      if (n <= 0)
        return;
      pending.append(buffer, static_cast<std::size_t>(n));
    }
    for (auto end = pending.find("\r\n\r\n"); end != std::string::npos; end = pending.find("\r\n\r\n")) {
      auto request = pending.substr(0, end + 2);
      pending.erase(0, end + 4);
      auto method = request.substr(0, request.find(' '));
      std::string reply = "RTSP/1.0 200 OK\r\nCSeq: " + header_value(request, "CSeq") + "\r\n";
      if (method == "OPTIONS") {
        reply += "Public: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER\r\n\r\n";
      } else if (method == "DESCRIBE") {
        auto body = sdp();
        reply += "Content-Base: " + url() + "/\r\nContent-Type: application/sdp\r\nContent-Length: " +
                 std::to_string(body.size()) + "\r\n\r\n" + body;
      } else if (method == "SETUP") {
        reply += "Session: 5eed;timeout=60\r\nTransport: RTP/AVP/TCP;unicast;interleaved=0-1\r\n\r\n";
      } else if (method == "PLAY") {
        reply += "Session: 5eed\r\n\r\n";
        playing = true;
      } else {
        reply += "Session: 5eed\r\n\r\n";
      }
      if (!send_all(fd, reply))
        return;
    }
    if (playing && sends_audio && std::chrono::steady_clock::now() >= next_packet) {
      if (!send_all(fd, pcmu_packet(sequence, static_cast<std::uint32_t>(sequence) * 160)))
        return;
      ++sequence;
      next_packet += 20ms;
    }
  }
}

} // namespace argus::testing
