#pragma once
// Feeds one WebSocket with a camera stream's access units from the LiveHub (the low-latency frames transport for
// WebCodecs, docs/design/live.md "Low-latency frames transport"): a JSON "config" text message (codec, coded size,
// base64 avcC/hvcC) before the first frame and whenever the parameter sets change, then one binary message per access
// unit (16-byte header + AVCC/HVCC data) the moment ingest hands it over. A client more than 1 MB or 1 s behind loses
// everything queued and gets "gap", then frames again from the next keyframe. "offline" when the stream stops.
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include "media/live_frame_stream.hpp"

namespace argus::http {
class WebSocketSink;
}

namespace argus::api {

//! The binary message header of one access unit: u8 flags (bit 0 keyframe), 3 zero bytes, i64 timestamp_us (pts on the
//! wall-clock anchored timeline, µs since the Unix epoch), u32 duration_us (0 when unknown); all big-endian.
std::array<std::uint8_t, 16> frame_header(const media::EncodedPacket& packet);

class LiveFramesFeed {
public:
  //! A client this far behind (bytes queued, or the oldest queued message waiting this long) is skipped ahead.
  static constexpr std::size_t k_behind_bytes = 1024 * 1024;
  static constexpr std::chrono::milliseconds k_behind_age{1000};

  explicit LiveFramesFeed(std::shared_ptr<http::WebSocketSink> sink);

  //! One hub event, in stream order (called on ingest threads under the stream's frame lock: only queues).
  void on_event(const media::LiveFrameEvent& event);
  //! Tells the client the camera is offline now, with why and since when when known (null fields otherwise).
  void announce_offline(const std::optional<media::StreamStatus>& why);

private:
  void on_frame(const media::LiveFrameEvent& event);
  bool behind() const;
  void send_config();

  std::shared_ptr<http::WebSocketSink> sink_;
  std::shared_ptr<const media::StreamInfo> config_; // null while offline
  bool config_due_ = false;                         // the client does not have config_ yet
  bool config_queued_ = false;   // a config was queued and may not be written yet (a drop would take it)
  bool waiting_keyframe_ = true; // send nothing until a keyframe
  bool gap_ = false;             // frames were dropped since the client's last one
};

} // namespace argus::api
