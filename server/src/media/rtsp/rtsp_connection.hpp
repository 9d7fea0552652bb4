#pragma once
// The TCP connection to a camera: a non-blocking socket and an eventfd that interrupt() signals, polled together, so
// that every wait ends at its deadline or promptly on interrupt() from another thread. Reads go straight into the
// InterleavedReader's buffer: one poll, then one recv of everything the kernel holds (a short read means it is
// drained), instead of a poll and a recv per header and payload.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace argus::media::rtsp {

class InterleavedReader;

class RtspConnection {
public:
  using Clock = std::chrono::steady_clock;

  RtspConnection();
  ~RtspConnection();
  RtspConnection(const RtspConnection&) = delete;
  RtspConnection& operator=(const RtspConnection&) = delete;

  //! Resolves host (blocking for names; cameras are mostly addressed by IP) and connects before the deadline. Throws
  //! SourceFailure: connection_refused, unreachable (no such host, no route, no answer), stream_error (interrupted).
  void connect(const std::string& host, std::uint16_t port, Clock::time_point deadline);
  //! Closes the socket (a later connect() opens another); interrupt() stays in force.
  void close();
  //! Sends all of `bytes` before the deadline; false when the connection failed, timed out or was interrupted.
  bool send(std::string_view bytes, Clock::time_point deadline);

  enum class Receive { data, closed, timed_out, interrupted, failed };
  //! Waits for bytes (until the deadline) and reads what is there into the reader.
  Receive receive(InterleavedReader& reader, Clock::time_point deadline);
  //! Waits `pause` (or until interrupted) without looking at the socket: lets a burst of packets gather so that one
  //! wake-up and read take them all. False when interrupted.
  bool pause(std::chrono::microseconds pause);

  //! Makes the current and every later wait return promptly; callable from any thread.
  void interrupt();
  bool interrupted() const;
  //! Bytes received so far on this connection (any byte counts as an answer).
  std::uint64_t bytes_received() const { return bytes_received_; }
  //! recv calls and wake-ups (polls that returned) so far, for the cost figures.
  std::uint64_t receive_calls() const { return receive_calls_; }
  std::uint64_t wakeups() const { return wakeups_; }

private:
  //! Polls the socket for `events` and the eventfd until the deadline: 1 ready, 0 timed out, -1 interrupted/failed.
  int wait(short events, Clock::time_point deadline);

  int fd_ = -1;
  int event_fd_ = -1;
  bool drained_ = true; // the last recv returned less than asked: poll before the next one
  std::uint64_t bytes_received_ = 0;
  std::uint64_t receive_calls_ = 0;
  std::uint64_t wakeups_ = 0;
};

} // namespace argus::media::rtsp
