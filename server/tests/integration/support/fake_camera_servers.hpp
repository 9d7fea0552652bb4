#pragma once
// TCP servers on 127.0.0.1 that behave like broken or odd cameras, for the fault and status tests:
//   GarbageServer    answers every connection with random bytes (4 KiB every 50 ms);
//   SilentServer     accepts connections (the kernel's backlog) and never answers;
//   SdpRtspServer    a minimal RTSP server (OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN) describing the given SDP, then
//                    sending RTP over the interleaved TCP channel (PCMU silence every 20 ms for an audio SDP).
// Each picks a free port and stops (joining its threads) on destruction.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace argus::testing {

//! A loopback listener; accept_loop() hands each connection to serve() on its own thread.
class FakeTcpServer {
public:
  FakeTcpServer(const FakeTcpServer&) = delete;
  FakeTcpServer& operator=(const FakeTcpServer&) = delete;
  virtual ~FakeTcpServer();
  std::uint16_t port() const { return port_; }
  //! Connections accepted so far.
  int connections() const { return connections_; }

protected:
  //! accepting = false: listen only (connections wait in the backlog, unanswered).
  explicit FakeTcpServer(bool accepting);
  //! Serves one connection until the peer leaves or stopping(); closes nothing (the caller closes fd).
  virtual void serve(int fd) = 0;
  bool stopping() const { return stopping_; }
  //! Stops the threads; derived destructors call it first (serve() must not outlive the derived object).
  void shut_down();

private:
  void accept_loop();

  int listen_fd_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> connections_{0};
  std::thread acceptor_;
  std::mutex mutex_;
  std::vector<std::thread> servers_;
};

class GarbageServer final : public FakeTcpServer {
public:
  GarbageServer() : FakeTcpServer(true) {}
  ~GarbageServer() override { shut_down(); }

private:
  void serve(int fd) override;
};

class SilentServer final : public FakeTcpServer {
public:
  SilentServer() : FakeTcpServer(false) {}
  ~SilentServer() override { shut_down(); }

private:
  void serve(int) override {}
};

class SdpRtspServer final : public FakeTcpServer {
public:
  //! media_lines: the SDP from its first "m=" line on, lines separated by "\n" (e.g. "m=audio 0 RTP/AVP 0\n...").
  explicit SdpRtspServer(std::string media_lines) : FakeTcpServer(true), media_lines_(std::move(media_lines)) {}
  ~SdpRtspServer() override { shut_down(); }
  //! "rtsp://127.0.0.1:PORT/stream".
  std::string url() const;

  static constexpr const char* k_audio_only = "m=audio 0 RTP/AVP 0\na=rtpmap:0 PCMU/8000\na=control:track1\n";
  static constexpr const char* k_mjpeg = "m=video 0 RTP/AVP 26\na=rtpmap:26 JPEG/90000\na=control:track1\n";

private:
  void serve(int fd) override;
  std::string sdp() const;

  std::string media_lines_;
};

} // namespace argus::testing
