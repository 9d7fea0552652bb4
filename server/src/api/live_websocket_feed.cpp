#include "api/live_websocket_feed.hpp"

#include <nlohmann/json.hpp>

#include "api/live_feed_messages.hpp"
#include "api/live_media_pieces.hpp"
#include "http/websocket.hpp"

namespace argus::api {
namespace {

// More than this queued for the client (about 4 s of a 4 Mbit/s stream) and it is behind: skip to the next keyframe.
constexpr std::size_t k_behind_bytes = 2 * 1024 * 1024;

} // namespace

LiveWebSocketFeed::LiveWebSocketFeed(std::shared_ptr<http::WebSocketSink> sink) : sink_(std::move(sink)) {}

void LiveWebSocketFeed::announce_offline(const std::optional<media::StreamStatus>& why) {
  sink_->send_text(offline_message(why));
}

void LiveWebSocketFeed::on_event(const media::LiveEvent& event) {
  switch (event.kind) {
  case media::LiveEvent::Kind::start:
    init_segment_ = event.bytes;
    codec_ = event.info ? event.info->codec_string() : std::string{};
    width_ = event.info ? event.info->width : 0;
    height_ = event.info ? event.info->height : 0;
    init_sent_ = false;
    waiting_keyframe_ = true;
    gap_ = false;
    break;
  case media::LiveEvent::Kind::part:
    on_part(event);
    break;
  case media::LiveEvent::Kind::stop:
    init_segment_.reset();
    init_sent_ = false;
    waiting_keyframe_ = true;
    gap_ = false;
    announce_offline(event.why);
    break;
  }
}

void LiveWebSocketFeed::on_part(const media::LiveEvent& event) {
  if (!init_segment_)
    return;
  if (init_sent_ && sink_->queued_bytes() > k_behind_bytes) {
    waiting_keyframe_ = true;
    gap_ = true;
  }
  if (waiting_keyframe_ && !event.independent)
    return;
  if (waiting_keyframe_ && init_sent_ && sink_->queued_bytes() > k_behind_bytes / 2)
    return; // still draining: wait for a later keyframe
  waiting_keyframe_ = false;
  if (!init_sent_) {
    sink_->send_text(nlohmann::json{{"type", "init"},
                                    {"codec", codec_},
                                    {"width", width_},
                                    {"height", height_},
                                    {"base_ms", media::ticks_to_ms(event.start_90k)}}
                         .dump());
    sink_->send_binary(http::SharedPieces::of(init_segment_));
    init_sent_ = true;
  } else if (gap_) {
    sink_->send_text(type_message("gap"));
    gap_ = false;
  }
  sink_->send_binary(pieces_of(event.part)); // the part's head and its samples' packets: no copy per client
}

} // namespace argus::api
