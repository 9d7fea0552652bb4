#include "media/rtsp/rtsp_connection.hpp"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "media/rtsp/interleaved_reader.hpp"
#include "media/stream_status.hpp"

namespace argus::media::rtsp {
namespace {

int poll_timeout_ms(RtspConnection::Clock::time_point deadline) {
  auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - RtspConnection::Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(left, 0, 60'000));
}

[[noreturn]] void fail(OfflineReason reason, const std::string& what) {
  throw SourceFailure(reason, what);
}

OfflineReason connect_error_reason(int error) {
  return error == ECONNREFUSED ? OfflineReason::connection_refused : OfflineReason::unreachable;
}

} // namespace

RtspConnection::RtspConnection() : event_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

RtspConnection::~RtspConnection() {
  close();
  if (event_fd_ >= 0)
    ::close(event_fd_);
}

void RtspConnection::close() {
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
  drained_ = true;
}

void RtspConnection::interrupt() {
  std::uint64_t one = 1;
  [[maybe_unused]] auto written = ::write(event_fd_, &one, sizeof one);
}

bool RtspConnection::interrupted() const {
  pollfd entry{event_fd_, POLLIN, 0};
  return ::poll(&entry, 1, 0) > 0;
}

int RtspConnection::wait(short events, Clock::time_point deadline) {
  while (true) {
    pollfd entries[2] = {{fd_, events, 0}, {event_fd_, POLLIN, 0}};
    int ready = ::poll(entries, 2, poll_timeout_ms(deadline));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready < 0 || entries[1].revents)
      return -1;
    if (ready > 0) {
      ++wakeups_;
      return 1;
    }
    if (Clock::now() >= deadline)
      return 0;
  }
}

void RtspConnection::connect(const std::string& host, std::uint16_t port, Clock::time_point deadline) {
  close();
  bytes_received_ = 0;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV;
  addrinfo* addresses = nullptr;
  auto service = std::to_string(port);
  int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &addresses);
  if (rc != 0 || !addresses)
    fail(OfflineReason::unreachable, std::string("cannot resolve the host: ") + ::gai_strerror(rc));
  int error = EHOSTUNREACH;
  for (auto* address = addresses; address && fd_ < 0; address = address->ai_next) {
    fd_ = ::socket(address->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd_ < 0) {
      error = errno;
      continue;
    }
    if (::connect(fd_, address->ai_addr, address->ai_addrlen) == 0)
      break;
    error = errno;
    if (error == EINPROGRESS) {
      int ready = wait(POLLOUT, deadline);
      if (ready < 0) {
        ::freeaddrinfo(addresses);
        close();
        fail(OfflineReason::stream_error, "interrupted while connecting");
      }
      if (ready == 0) {
        error = ETIMEDOUT;
      } else {
        socklen_t length = sizeof error;
        if (::getsockopt(fd_, SOL_SOCKET, SO_ERROR, &error, &length) != 0)
          error = errno;
        if (error == 0)
          break;
      }
    }
    close();
  }
  ::freeaddrinfo(addresses);
  if (fd_ < 0)
    fail(connect_error_reason(error), std::string("cannot connect: ") + std::strerror(error));
  int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

bool RtspConnection::send(std::string_view bytes, Clock::time_point deadline) {
  while (!bytes.empty()) {
    if (fd_ < 0)
      return false;
    auto sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent > 0) {
      bytes.remove_prefix(static_cast<std::size_t>(sent));
      continue;
    }
    if (sent < 0 && errno == EINTR)
      continue;
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (wait(POLLOUT, deadline) <= 0)
        return false;
      continue;
    }
    return false;
  }
  return true;
}

RtspConnection::Receive RtspConnection::receive(InterleavedReader& reader, Clock::time_point deadline) {
  if (fd_ < 0)
    return Receive::failed;
  while (true) {
    if (drained_) {
      int ready = wait(POLLIN, deadline);
      if (ready < 0)
        return interrupted() ? Receive::interrupted : Receive::failed;
      if (ready == 0)
        return Receive::timed_out;
    }
    auto space = reader.writable();
    ++receive_calls_;
    auto got = ::recv(fd_, space.data(), space.size(), MSG_DONTWAIT);
    if (got > 0) {
      reader.commit(static_cast<std::size_t>(got));
      bytes_received_ += static_cast<std::uint64_t>(got);
      // A read that filled the space may have left bytes in the kernel: read again before polling.
      drained_ = static_cast<std::size_t>(got) < space.size();
      return Receive::data;
    }
    if (got == 0)
      return Receive::closed;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      drained_ = true;
      continue;
    }
    if (errno != EINTR)
      return Receive::failed;
  }
}

bool RtspConnection::pause(std::chrono::microseconds pause) {
  pollfd entry{event_fd_, POLLIN, 0};
  timespec timeout{0, static_cast<long>(std::chrono::nanoseconds(pause).count())};
  if (::ppoll(&entry, 1, &timeout, nullptr) != 0)
    return false;
  drained_ = false; // read before polling: the burst is likely there
  return true;
}

} // namespace argus::media::rtsp
