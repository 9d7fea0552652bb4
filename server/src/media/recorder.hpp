#pragma once
// The recording service argusd runs: crash recovery at start, one CameraSupervisor per camera stream with a source
// URL (ingest → Fragmenter → RecordingStore), retention every minute and whenever a write crosses the quota, and
// camera status reports. A StreamObserver (the live hub) sees the init segment, every packet, parts and GOP fragments
// of every stream as they are produced, on the ingest threads.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "media/camera_supervisor.hpp"
#include "media/ingest_source.hpp"
#include "media/recording_store.hpp"
#include "store/recording_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::media {

struct Fragment;
class PacketSource;
class Retention;
class StallWatchdog;

//! Gets every stream's output as it is produced (called on the ingest thread of that stream; must not block).
class StreamObserver {
public:
  virtual ~StreamObserver() = default;
  virtual void on_stream_start(std::int64_t camera_id, const std::string& stream, const StreamInfo& info,
                               const std::vector<std::uint8_t>& init_segment) = 0;
  //! Every packet the moment ingest hands it over, before any fragmenting (the low-latency frames transport). The
  //! packet is shared with the fragmenter and its fragments: keep the pointer, never a copy.
  virtual void on_packet(std::int64_t /*camera_id*/, const std::string& /*stream*/, const SharedPacket& /*packet*/) {}
  virtual void on_part(std::int64_t camera_id, const std::string& stream, const Fragment& part) = 0;
  //! A GOP fragment; fragment.recorded says where it is in the recording when it was written.
  virtual void on_fragment(std::int64_t camera_id, const std::string& stream, const Fragment& fragment) = 0;
  //! The stream stopped delivering: `why` says why (offline reason and since when).
  virtual void on_stream_stop(std::int64_t camera_id, const std::string& stream, const StreamStatus& why) = 0;
};

struct RecorderOptions {
  RecordingStoreOptions store;
  SupervisorOptions supervisor;
  IngestOptions ingest;
  std::int64_t part_target_90k = 0; // > 0: the fragmenter also cuts parts for the observer (LL-HLS wants ~18000)
  std::int64_t retention_interval_ms = 60'000;
  //! Free space to keep on the recordings' filesystem (checked every second): below it the oldest recordings go, and
  //! when that is not enough recording pauses (recording_problem storage_full) until space returns. nullopt: max(5 %
  //! of the filesystem, 2 GiB).
  std::optional<std::int64_t> min_free_bytes;
  //! > 0: every interval, reconcile() with database.camera_sources() (picks up cameras changed by another process,
  //! e.g. the CLI). 0: off.
  std::int64_t reconcile_interval_ms = 0;
  //! rtsp:// URLs through our own RTSP reader (rtsp::RtspSource), with IngestSource as the fallback for what it does
  //! not handle (source_selector.hpp); false: everything through IngestSource (libavformat).
  bool own_rtsp_reader = true;
  //! Makes the packet source of a URL (tests substitute fakes); default: a SourceSelector as own_rtsp_reader says.
  std::function<std::unique_ptr<PacketSource>(const std::string& url)> source_factory;
};

class Recorder {
public:
  //! on_status(camera_id, "active" | "offline") is called after the store has a new status or offline reason, and
  //! on_status(camera_id, "recording_problem") after a new recording problem (or none).
  Recorder(store::Database& database, std::filesystem::path data_dir, RecorderOptions options = {},
           std::function<void(std::int64_t camera_id, const std::string& status)> on_status = nullptr,
           StreamObserver* observer = nullptr);
  ~Recorder();

  //! Recovers the index, then starts a supervisor for every stream with a URL, and the retention thread.
  void start(const std::vector<store::CameraSourceRecord>& sources);
  //! Starts, restarts (URLs changed) or stops (nullopt, or no URL) the supervisors of one camera. Stopping flushes
  //! the camera's pending index rows, so its rows may be deleted afterwards. No-op after stop().
  void apply_camera_source(std::int64_t camera_id, const std::optional<store::CameraSourceRecord>& source);
  //! apply_camera_source for every camera whose URLs differ from the running ones, and stops cameras not listed.
  void reconcile(const std::vector<store::CameraSourceRecord>& sources);
  //! Stops every supervisor (closing their chunks) and the retention thread. Idempotent.
  void stop();
  //! The store (history playlists read through the Database; this gives paths and open chunks).
  RecordingStore& recordings() { return *store_; }
  //! Report of the recovery run by start().
  const RecoveryReport& recovery() const { return recovery_; }

private:
  class Pipeline;
  //! The running streams of one camera (supervisors declared last: destroyed before the pipelines they feed).
  struct CameraRun {
    std::vector<std::pair<std::string, std::string>> streams; // (stream name, URL) as started
    std::vector<std::unique_ptr<Pipeline>> pipelines;
    std::vector<std::unique_ptr<CameraSupervisor>> supervisors;
  };
  void start_camera(const store::CameraSourceRecord& source); // cameras_mutex_ held
  //! Stops its supervisors and stores it offline for `reason` (cameras_mutex_ held).
  void stop_camera(std::int64_t camera_id, OfflineReason reason);
  void reconcile_loop();
  void stream_status(std::int64_t camera_id, const std::string& stream, const StreamStatus& status);
  //! Stores a camera's status when it differs from the stored one and tells on_status_ (status_mutex_ not held).
  void store_camera_status(std::int64_t camera_id, const StreamStatus& status);
  void retention_loop();
  //! Keeps the free-space reserve with `retention`; sets storage_full_ and the cameras' recording_problem.
  void check_free_space(Retention& retention);
  //! A chunk write failed for lack of room (a pipeline's ingest thread).
  void storage_write_failed();
  //! A chunk write succeeded (a pipeline's ingest thread): a write failure no longer shows 'Storage full'.
  void storage_write_succeeded();

  store::Database& database_;
  RecorderOptions options_;
  std::function<void(std::int64_t, const std::string&)> on_status_;
  StreamObserver* observer_;
  std::filesystem::path data_dir_;
  std::unique_ptr<RecordingStore> store_;
  std::atomic<bool> storage_full_{false};                // pipelines write nothing while set
  std::atomic<std::int64_t> storage_write_failed_ms_{0}; // last write that failed with no room (UTC ms)
  std::atomic<bool> storage_write_failing_{false};       // the last chunk write failed with no room
  bool problems_checked_ = false;                        // retention thread only
  bool problem_shown_ = false;                           // recording_problem storage_full stored (retention thread)
  RecoveryReport recovery_;
  //! The supervisors' stall checks, all on one thread (declared before the cameras: it outlives their supervisors).
  std::unique_ptr<StallWatchdog> watchdog_;
  std::mutex cameras_mutex_;
  std::map<std::int64_t, CameraRun> cameras_;
  std::set<std::int64_t> no_source_stored_; // cameras without a source already stored as such (cameras_mutex_)
  bool cameras_stopped_ = false;
  std::mutex status_mutex_;
  std::map<std::int64_t, std::map<std::string, StreamStatus>> stream_status_;
  std::map<std::int64_t, StreamStatus> camera_status_; // as last stored
  std::mutex retention_mutex_;
  std::condition_variable retention_wake_;
  bool retention_due_ = false;
  bool stopping_ = false;
  std::thread retention_thread_;
  std::thread reconcile_thread_;
};

} // namespace argus::media
