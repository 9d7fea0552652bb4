#pragma once
// The in-memory live side of every camera stream: a StreamObserver that keeps the init segment and a sliding window
// (~6 s) of LL-HLS segments (one per GOP fragment, numbered by media sequence number "msn") and their ~200 ms parts.
// Observer calls (ingest threads) only take a short per-stream lock; HTTP handlers (worker pool) read snapshots of
// shared immutable bytes and may wait for a future msn/part (LL-HLS blocking reload) on a condition variable. Each
// stream also has a LiveFrameStream: the packets of the current GOP and the frame subscribers (frames transport).
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

#include "media/live_frame_stream.hpp"
#include "media/media_types.hpp"
#include "media/recorder.hpp"

namespace argus::media {

using SharedBytes = std::shared_ptr<const std::vector<std::uint8_t>>;

struct LivePart {
  std::int64_t start_90k = 0;
  std::int64_t duration_90k = 0;
  bool independent = false; // starts with a keyframe
  SharedBytes bytes;
  std::chrono::steady_clock::time_point arrived; // when the hub got it (latency measurements)
  std::uint32_t sample_count = 0;
};

struct LiveSegment {
  std::uint64_t msn = 0;
  std::int64_t start_90k = 0;
  std::int64_t duration_90k = 0; // sum of the parts while open, the GOP fragment's once complete
  bool complete = false;         // the GOP fragment arrived
  SharedBytes bytes;             // the GOP fragment (moof+mdat) when the parts do not hold all of it; else null
  std::vector<LivePart> parts;

  //! What the segment file is, in order: its GOP fragment, or (when the parts hold every sample of the GOP) its parts
  //! back to back, each a moof+mdat — the same samples, kept once (docs/design/live.md).
  std::vector<SharedBytes> pieces() const;
};

//! A consistent copy of one stream's window (bytes shared, not copied).
struct LiveWindow {
  StreamInfo info;
  SharedBytes init_segment;
  std::deque<LiveSegment> segments; // oldest first; the last one may be open
  std::uint64_t next_msn = 0;       // msn the next new segment gets
  std::int64_t target_duration_s = 1;
  std::int64_t part_target_90k = 0; // largest part duration seen (at least the configured target)
  std::int64_t window_end_90k = 0;  // end of the newest part or segment

  //! The segment with that msn, or null.
  const LiveSegment* find(std::uint64_t msn) const;
  //! The newest independent (keyframe) part, or null.
  const LivePart* latest_keyframe_part() const;
  //! True when at least one complete segment exists (a playlist can be served).
  bool playable() const;
};

//! What a live subscriber is told, in stream order: start (info + init segment), every part as it is cut, stop.
struct LiveEvent {
  enum class Kind { start, part, stop };
  Kind kind = Kind::part;
  const StreamInfo* info = nullptr; // start only
  SharedBytes bytes;                // start: init segment; part: the part (moof+mdat)
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
};

class LiveHub final : public StreamObserver {
public:
  explicit LiveHub(LiveHubOptions options = {});
  ~LiveHub() override;

  void on_stream_start(std::int64_t camera_id, const std::string& stream, const StreamInfo& info,
                       const std::vector<std::uint8_t>& init_segment) override;
  void on_packet(std::int64_t camera_id, const std::string& stream, const EncodedPacket& packet) override;
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

  LiveHubOptions options_;
  mutable std::mutex mutex_;
  mutable std::map<std::pair<std::int64_t, std::string>, std::shared_ptr<StreamState>> streams_;
  std::atomic<bool> shutdown_{false};
  std::atomic<std::uint64_t> next_subscriber_id_{1};
};

} // namespace argus::media
