#pragma once
// Feeds one WebSocket with a camera stream from the LiveHub: a JSON "init" text message and the init segment, then
// every part (moof+mdat) as soon as it is cut. A client that falls behind loses whole GOPs: parts are dropped until
// the next keyframe part, announced by a "gap" message. "offline" when the stream stops; a new init when it returns.
// Protocol: docs/design/live.md "WebSocket fMP4 transport".
#include <memory>
#include <optional>
#include <string>

#include "media/live_hub.hpp"

namespace argus::http {
class WebSocketSink;
}

namespace argus::api {

class LiveWebSocketFeed {
public:
  explicit LiveWebSocketFeed(std::shared_ptr<http::WebSocketSink> sink);

  //! One hub event, in stream order (called on ingest threads under the hub's stream lock: only queues).
  void on_event(const media::LiveEvent& event);
  //! Tells the client the camera is offline now, with why and since when when known (null fields otherwise).
  void announce_offline(const std::optional<media::StreamStatus>& why);

private:
  void on_part(const media::LiveEvent& event);

  std::shared_ptr<http::WebSocketSink> sink_;
  media::SharedBytes init_segment_;
  std::string codec_;
  int width_ = 0;
  int height_ = 0;
  bool init_sent_ = false;       // the client has the current init segment
  bool waiting_keyframe_ = true; // drop parts until one starts with a keyframe
  bool gap_ = false;             // parts were dropped since the client's last one
};

} // namespace argus::api
