#include "media/rtsp_diagnosis.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <optional>

namespace argus::media {
namespace {

using Clock = std::chrono::steady_clock;

struct HostPort {
  std::string host;
  std::string port;
};

// Host and port of rtsp://[user:pass@]host[:port]/..., IPv6 literals in brackets.
std::optional<HostPort> host_port(const std::string& url) {
  if (url.rfind("rtsp://", 0) != 0)
    return std::nullopt;
  auto start = std::string("rtsp://").size();
  auto end = url.find_first_of("/?#", start);
  auto authority = url.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (auto at = authority.rfind('@'); at != std::string::npos)
    authority = authority.substr(at + 1);
  HostPort out{authority, "554"};
  if (!authority.empty() && authority[0] == '[') {
    auto close = authority.find(']');
    if (close == std::string::npos)
      return std::nullopt;
    out.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size() && authority[close + 1] == ':')
      out.port = authority.substr(close + 2);
  } else if (auto colon = authority.rfind(':'); colon != std::string::npos) {
    out.host = authority.substr(0, colon);
    out.port = authority.substr(colon + 1);
  }
  if (out.host.empty() || out.port.empty())
    return std::nullopt;
  return out;
}

// The request line's URL without credentials.
std::string without_credentials(const std::string& url) {
  auto start = std::string("rtsp://").size();
  auto end = url.find_first_of("/?#", start);
  auto at = url.rfind('@', end == std::string::npos ? std::string::npos : end);
  return at == std::string::npos || at < start ? url : "rtsp://" + url.substr(at + 1);
}

class Socket {
public:
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  int fd() const { return fd_; }

private:
  int fd_;
};

// Polls fd for `events` in slices of 100 ms until ready, the deadline or `stopped`; true when ready.
bool wait_for(int fd, short events, Clock::time_point deadline, const std::atomic<bool>& stopped) {
  while (!stopped && Clock::now() < deadline) {
    pollfd entry{fd, events, 0};
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    int ready = ::poll(&entry, 1, static_cast<int>(std::clamp<long long>(left, 0, 100)));
    if (ready > 0)
      return true;
    if (ready < 0 && errno != EINTR)
      return false;
  }
  return false;
}

OfflineReason connect_error_reason(int error) {
  return error == ECONNREFUSED ? OfflineReason::connection_refused : OfflineReason::unreachable;
}

} // namespace

OfflineReason diagnose_rtsp_failure(const std::string& url, std::chrono::milliseconds timeout,
                                    const std::atomic<bool>& stopped) {
  auto target = host_port(url);
  if (!target)
    return OfflineReason::stream_error;
  auto deadline = Clock::now() + timeout;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* addresses = nullptr;
  if (::getaddrinfo(target->host.c_str(), target->port.c_str(), &hints, &addresses) != 0 || !addresses)
    return OfflineReason::unreachable;
  Socket socket(::socket(addresses->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  int rc = socket.fd() < 0 ? -1 : ::connect(socket.fd(), addresses->ai_addr, addresses->ai_addrlen);
  int connect_errno = errno;
  ::freeaddrinfo(addresses);
  if (socket.fd() < 0)
    return OfflineReason::stream_error;
  if (rc != 0 && connect_errno != EINPROGRESS)
    return connect_error_reason(connect_errno);
  if (rc != 0) {
    if (!wait_for(socket.fd(), POLLOUT, deadline, stopped))
      return stopped ? OfflineReason::stream_error : OfflineReason::unreachable;
    int error = 0;
    socklen_t length = sizeof error;
    ::getsockopt(socket.fd(), SOL_SOCKET, SO_ERROR, &error, &length);
    if (error != 0)
      return connect_error_reason(error);
  }
  auto request = "OPTIONS " + without_credentials(url) + " RTSP/1.0\r\nCSeq: 1\r\nUser-Agent: argusd\r\n\r\n";
  if (::send(socket.fd(), request.data(), request.size(), MSG_NOSIGNAL) < 0)
    return OfflineReason::stream_error;
  std::string answer;
  while (answer.size() < 5 && wait_for(socket.fd(), POLLIN, deadline, stopped)) {
    char bytes[64];
    auto n = ::recv(socket.fd(), bytes, sizeof bytes, 0);
    if (n <= 0)
      break;
    answer.append(bytes, static_cast<std::size_t>(n));
  }
  if (stopped)
    return OfflineReason::stream_error;
  if (answer.empty())
    return Clock::now() >= deadline ? OfflineReason::unreachable : OfflineReason::stream_error;
  return answer.rfind("RTSP/", 0) == 0 || std::string("RTSP/").rfind(answer, 0) == 0 ? OfflineReason::stream_error
                                                                                     : OfflineReason::unsupported_video;
}

} // namespace argus::media
