#pragma once
// The live side of every camera stream: a StreamObserver that keeps the init segment and a sliding window (~6 s) of
// LL-HLS segments (one per GOP fragment, numbered by media sequence number "msn") and their ~200 ms parts
// (live_window.hpp). Only the current GOP (from the newest keyframe part on) keeps its samples in memory; older
// segments the recorder wrote are read back from their chunk file when asked for, segments it could not write stay
// in memory. Observer calls (ingest threads) only take a short per-stream lock; HTTP handlers (worker pool) read
// snapshots of shared immutable bytes and may wait for a future msn/part (LL-HLS blocking reload) on a condition
// variable. Each stream also has a LiveFrameStream: the packets of the current GOP and the frame subscribers (frames
// transport).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/viewer_start_signal.hpp"
#include "media/live_frame_stream.hpp"
#include "media/live_window.hpp"
#include "media/media_types.hpp"
#include "media/recorder.hpp"

namespace argus::media {

//! What a live subscriber is told, in stream order: start (info + init segment), every part as it is cut, stop.
struct LiveEvent {
  enum class Kind { start, part, stop };
  Kind kind = Kind::part;
  const StreamInfo* info = nullptr; // start only
  SharedBytes bytes;                // start: init segment
  SharedFragmentBytes part;         // part: the part (moof + mdat: a head and the samples' shared packets)
  std::int64_t start_90k = 0;       // part only
  bool independent = false;         // part only: starts with a keyframe
  StreamStatus why;                 // stop only: the offline reason and since when
};
using LiveSubscriber = std::function<void(const LiveEvent&)>;

struct LiveHubOptions {
  std::int64_t window_90k = 6 * k_timescale; // complete segments kept (at least min_segments)
  std::size_t min_segments = 3;
  std::int64_t part_target_90k = 18000;
  std::size_t max_frame_gop_bytes = 8 * 1024 * 1024; // LiveFrameStream: a longer GOP is not kept for joining
  common::ViewerStartSignal* viewer_starts = nullptr; // told of every live subscription (background work yields)
};

class LiveHub final : public StreamObserver {
public:
  explicit LiveHub(LiveHubOptions options = {});
  ~LiveHub() override;

  void on_stream_start(std::int64_t camera_id, const std::string& stream, const StreamInfo& info,
                       const std::vector<std::uint8_t>& init_segment) override;
  void on_packet(std::int64_t camera_id, const std::string& stream, const SharedPacket& packet) override;
  void on_part(std::int64_t camera_id, const std::string& stream, const Fragment& part) override;
  void on_fragment(std::int64_t camera_id, const std::string& stream, const Fragment& fragment) override;
  void on_stream_stop(std::int64_t camera_id, const std::string& stream, const StreamStatus& why) override;

  //! The stream's window while it is online (init segment received), or nullopt.
  std::optional<LiveWindow> window(std::int64_t camera_id, const std::string& stream) const;
  //! Why the stream last stopped, while it is offline; nullopt while online or before it ever ran.
  std::optional<StreamStatus> offline_status(std::int64_t camera_id, const std::string& stream) const;

  enum class WaitResult { ready, timeout, offline };
  //! Waits until the stream holds segment msn complete (part < 0) or part `part` of segment msn (or anything later),
  //! the deadline passes, the stream goes offline or the hub shuts down.
  WaitResult wait_for(std::int64_t camera_id, const std::string& stream, std::uint64_t msn, int part,
                      std::chrono::steady_clock::time_point deadline) const;
  //! Calls `subscriber` with the stream's current state (start, then the parts of the newest GOP so far, when
  //! online) and afterwards with every start, part and stop, in order. Calls run on ingest threads under the stream's
  //! lock: a subscriber must only queue. Returns the id for unsubscribe.
  std::uint64_t subscribe(std::int64_t camera_id, const std::string& stream, LiveSubscriber subscriber);
  //! Stops the calls; once it returns no call of that subscriber runs or will run.
  void unsubscribe(std::int64_t camera_id, const std::string& stream, std::uint64_t id);

  //! Frames transport: calls `subscriber` with the stream's config and current GOP (when online), then with every
  //! config, frame and stop, in order, on ingest threads (LiveFrameStream::subscribe). Returns the id to unsubscribe.
  std::uint64_t subscribe_frames(std::int64_t camera_id, const std::string& stream, LiveFrameSubscriber subscriber);
  //! Stops the calls; once it returns no call of that subscriber runs or will run.
  void unsubscribe_frames(std::int64_t camera_id, const std::string& stream, std::uint64_t id);

  //! Wakes every waiter and makes later waits return offline at once (process shutdown).
  void shutdown();

private:
  struct StreamState;
  std::shared_ptr<StreamState> state(std::int64_t camera_id, const std::string& stream, bool create) const;
  void trim(StreamState& state) const;
  void note_viewer_start();
  //! Lets go of the samples of recorded segments before the newest keyframe part (the current GOP stays): they are
  //! read from the chunk file instead.
  static void release_recorded(LiveWindow& window);

  LiveHubOptions options_;
  mutable std::mutex mutex_;
  mutable std::map<std::pair<std::int64_t, std::string>, std::shared_ptr<StreamState>> streams_;
  std::atomic<bool> shutdown_{false};
  std::atomic<std::uint64_t> next_subscriber_id_{1};
};

} // namespace argus::media
