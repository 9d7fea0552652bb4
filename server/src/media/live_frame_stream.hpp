#pragma once
// The per-packet live side of one camera stream (the low-latency frames transport, docs/design/live.md): the decoder
// configuration (codec, size, avcC/hvcC), the access units of the current GOP from its keyframe, and the frame
// subscribers, told each access unit the moment ingest hands it over. Packets are the recorder's shared immutable
// buffers (the same the fragmenter and the live parts hold): no copy here, none per subscriber. Part of LiveHub; its
// own lock, so frames never wait for the fMP4 side.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "media/media_types.hpp"
#include "media/stream_status.hpp"

namespace argus::media {

//! What a frame subscriber is told, in stream order: a decoder config before the first frame and whenever the
//! parameter sets change, every video access unit, stop when the stream stops.
struct LiveFrameEvent {
  enum class Kind { config, frame, stop };
  Kind kind = Kind::frame;
  std::shared_ptr<const StreamInfo> config;          // config: codec, size and avcC/hvcC (video only)
  SharedPacket packet;                               // frame
  std::chrono::steady_clock::time_point handed_over; // frame: when ingest handed it over (latency measurements)
  bool backlog = false;                              // frame: part of the current GOP sent on subscribe, not a new one
  StreamStatus why;                                  // stop: the offline reason and since when
};
using LiveFrameSubscriber = std::function<void(const LiveFrameEvent&)>;

class LiveFrameStream {
public:
  //! The GOP kept for joining viewers is dropped beyond this (a camera with very long or no further keyframes): the
  //! next viewer then starts at the next keyframe.
  explicit LiveFrameStream(std::size_t max_gop_bytes) : max_gop_bytes_(max_gop_bytes) {}

  //! A new connection to the camera: its config (from the stream description) goes to every subscriber.
  void start(const StreamInfo& info);
  //! One packet as ingest handed it over (kept and queued by pointer: the recorder's one shared copy). A keyframe
  //! starts a new GOP; one whose in-band parameter sets differ from the current config's makes a new config first.
  void push(const SharedPacket& packet);
  //! The stream stopped: subscribers are told, the GOP and config are gone until the next start.
  void stop(const StreamStatus& why);

  //! Calls `subscriber` with the current config and the current GOP so far (when online), then with every event.
  //! Calls run on ingest threads under this stream's lock: a subscriber must only queue.
  void subscribe(std::uint64_t id, LiveFrameSubscriber subscriber);
  //! Once it returns no call of that subscriber runs or will run.
  void unsubscribe(std::uint64_t id);

private:
  struct Frame {
    SharedPacket packet;
    std::chrono::steady_clock::time_point handed_over;
  };
  //! A config from the keyframe's in-band parameter sets when they differ from the current one's; null otherwise.
  std::shared_ptr<const StreamInfo> changed_config(const EncodedPacket& keyframe) const;
  void publish(const LiveFrameEvent& event) const;

  std::size_t max_gop_bytes_;
  mutable std::mutex mutex_;
  std::shared_ptr<const StreamInfo> config_; // null while offline
  std::vector<Frame> gop_;                   // from the newest keyframe on (empty until one arrives)
  std::size_t gop_bytes_ = 0;
  std::map<std::uint64_t, LiveFrameSubscriber> subscribers_;
};

} // namespace argus::media
