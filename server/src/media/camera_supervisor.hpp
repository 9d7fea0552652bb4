#pragma once
// One supervisor per camera stream: owns a PacketSource on its own thread, feeds a PacketSink, and recreates the
// source after a failure with exponential backoff (initial → max, reset after a healthy period). Reports status
// changes (active once packets flow, offline after a failure or timeout).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "media/media_types.hpp"

namespace argus::media {

class PacketSource;

//! Receives one connection's worth of stream: start, packets, stop (in that order, on the supervisor's thread).
class PacketSink {
public:
  virtual ~PacketSink() = default;
  virtual void on_start(const StreamInfo& info) = 0;
  virtual void on_packet(EncodedPacket&& packet) = 0;
  virtual void on_stop() = 0;
};

struct SupervisorOptions {
  std::chrono::milliseconds backoff_initial{1000};
  std::chrono::milliseconds backoff_max{30'000};
  std::chrono::milliseconds healthy_after{60'000}; // a session this long resets the backoff
};

class CameraSupervisor {
public:
  using SourceFactory = std::function<std::unique_ptr<PacketSource>()>;
  using StatusHandler = std::function<void(bool active)>;

  //! name is for logs (never a URL with credentials).
  CameraSupervisor(std::string name, SourceFactory factory, PacketSink& sink, StatusHandler on_status,
                   SupervisorOptions options = {});
  ~CameraSupervisor();

  //! Starts the thread.
  void start();
  //! Interrupts the source and joins the thread (idempotent).
  void stop();
  //! Connection attempts so far.
  int attempts() const { return attempts_.load(); }

private:
  void run();
  void report(bool active);
  bool wait(std::chrono::milliseconds delay);

  std::string name_;
  SourceFactory factory_;
  PacketSink& sink_;
  StatusHandler on_status_;
  SupervisorOptions options_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::shared_ptr<PacketSource> source_;
  int last_status_ = -1;
  std::atomic<int> attempts_{0};
  std::thread thread_;
};

} // namespace argus::media
