#pragma once
// One supervisor per camera stream: owns a PacketSource on its own thread, feeds a PacketSink, and recreates the
// source after a failure, quickly at first (a camera that comes back plays within seconds) and more slowly for
// failures a retry will not fix soon. Detects a stalled source (no packet for stall_timeout) through a StallWatchdog
// and reports the stream's status: active once packets flow, offline with a reason and since when otherwise.
// Policy and figures: docs/design/recording.md "Camera status".
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "media/media_types.hpp"
#include "media/stream_status.hpp"

namespace argus::media {

class PacketSource;
class StallWatchdog;

//! Receives one connection's worth of stream: start, packets, stop (in that order, on the supervisor's thread).
class PacketSink {
public:
  virtual ~PacketSink() = default;
  virtual void on_start(const StreamInfo& info) = 0;
  virtual void on_packet(EncodedPacket&& packet) = 0;
  //! The stream stopped; `why` is the offline status about to be reported.
  virtual void on_stop(const StreamStatus& why) = 0;
};

struct SupervisorOptions {
  //! Delay before retrying a failed attempt: backoff_initial, doubling up to backoff_max. The count restarts after a
  //! session that delivered video, so the first retry after an outage comes after backoff_initial.
  std::chrono::milliseconds backoff_initial{500};
  std::chrono::milliseconds backoff_max{2000};
  //! Failures a retry will not fix soon back off up to this instead: authentication_failed (cameras lock accounts
  //! after many failed logins) and unsupported_video.
  std::chrono::milliseconds backoff_max_persistent{30'000};
  //! No packet for this long once the stream has started: stalled (offline, no_video), closed and reconnected.
  std::chrono::milliseconds stall_timeout{kVideoStallTimeout};
  //! An attempt still opening after this is abandoned (unreachable); the source's own timeouts normally end it first.
  std::chrono::milliseconds open_timeout{15'000};
  //! UTC milliseconds for since_ms; default: the system clock.
  std::function<std::int64_t()> wall_ms;
  //! Shared watchdog thread (the recorder's); null: the supervisor runs its own.
  StallWatchdog* watchdog = nullptr;
};

class CameraSupervisor {
public:
  using SourceFactory = std::function<std::unique_ptr<PacketSource>()>;
  using StatusHandler = std::function<void(const StreamStatus& status)>;

  //! name is for logs (never a URL with credentials).
  CameraSupervisor(std::string name, SourceFactory factory, PacketSink& sink, StatusHandler on_status,
                   SupervisorOptions options = {});
  ~CameraSupervisor();

  //! Starts the thread.
  void start();
  //! Interrupts the source and joins the thread (idempotent). The sink's last on_stop gets `reason` (why the stream
  //! ends: connecting when its source changes, no_source when the camera loses it).
  void stop(OfflineReason reason = OfflineReason::connecting);
  //! Connection attempts so far.
  int attempts() const { return attempts_.load(); }

private:
  void run();
  //! One connection attempt and, when it opens, the session; returns why it ended.
  StreamStatus session(PacketSource& source, const StreamStatus& current, bool& delivered);
  void report(const StreamStatus& status);
  bool wait(std::chrono::milliseconds delay);
  std::chrono::milliseconds retry_delay(OfflineReason reason, int failures) const;
  void arm(std::chrono::milliseconds timeout);
  void check_stall(std::chrono::steady_clock::time_point now);
  bool stopping();

  std::string name_;
  SourceFactory factory_;
  PacketSink& sink_;
  StatusHandler on_status_;
  SupervisorOptions options_;
  std::unique_ptr<StallWatchdog> own_watchdog_;
  StallWatchdog* watchdog_;
  std::uint64_t watch_id_ = 0;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  OfflineReason stop_reason_ = OfflineReason::connecting;
  std::shared_ptr<PacketSource> source_;
  bool stalled_ = false; // the watchdog interrupted the current source (mutex_)
  std::atomic<std::int64_t> deadline_ns_{INT64_MAX}; // steady clock; the watchdog interrupts the source after it
  bool opened_ = false;                               // the current source is past open() (supervisor thread only)
  std::optional<StreamStatus> last_reported_;
  std::atomic<int> attempts_{0};
  std::thread thread_;
};

} // namespace argus::media
