#include "api/live_frames_feed.hpp"

#include <nlohmann/json.hpp>

#include "api/live_feed_messages.hpp"
#include "http/websocket.hpp"
#include "services/token_codec.hpp"

namespace argus::api {
namespace {

void put_big_endian(std::uint8_t* out, std::uint64_t value, int bytes) {
  for (int i = bytes - 1; i >= 0; --i, value >>= 8)
    out[i] = static_cast<std::uint8_t>(value);
}

//! 90 kHz ticks → µs (exact to the µs for every 90 kHz tick count of whole µs).
std::int64_t ticks_to_us(std::int64_t ticks_90k) {
  return ticks_90k * 100 / 9;
}

} // namespace

std::array<std::uint8_t, 16> frame_header(const media::EncodedPacket& packet) {
  std::array<std::uint8_t, 16> header{};
  header[0] = packet.keyframe ? 1 : 0;
  put_big_endian(&header[4], static_cast<std::uint64_t>(ticks_to_us(packet.pts_90k)), 8);
  auto duration_us = packet.duration_90k > 0 ? ticks_to_us(packet.duration_90k) : 0;
  put_big_endian(&header[12], static_cast<std::uint64_t>(std::min<std::int64_t>(duration_us, UINT32_MAX)), 4);
  return header;
}

LiveFramesFeed::LiveFramesFeed(std::shared_ptr<http::WebSocketSink> sink) : sink_(std::move(sink)) {}

void LiveFramesFeed::announce_offline(const std::optional<media::StreamStatus>& why) {
  sink_->send_text(offline_message(why));
}

void LiveFramesFeed::on_event(const media::LiveFrameEvent& event) {
  switch (event.kind) {
  case media::LiveFrameEvent::Kind::config:
    config_ = event.config;
    config_due_ = true;
    // A new connection to the camera starts at its first keyframe; new parameter sets arrive with a keyframe anyway.
    waiting_keyframe_ = true;
    break;
  case media::LiveFrameEvent::Kind::frame:
    on_frame(event);
    break;
  case media::LiveFrameEvent::Kind::stop:
    config_.reset();
    waiting_keyframe_ = true;
    gap_ = false;
    announce_offline(event.why);
    break;
  }
}

bool LiveFramesFeed::behind() const {
  return sink_->queued_bytes() > k_behind_bytes || sink_->oldest_queued_age() > k_behind_age;
}

void LiveFramesFeed::on_frame(const media::LiveFrameEvent& event) {
  const auto& packet = *event.packet;
  if (!config_)
    return;
  if (config_queued_ && sink_->queued_bytes() == 0)
    config_queued_ = false; // everything queued so far is written: the client has the config
  if (!waiting_keyframe_ && behind()) {
    sink_->drop_queued();
    waiting_keyframe_ = true;
    gap_ = true;
    config_due_ = config_due_ || config_queued_;
    config_queued_ = false;
  }
  if (waiting_keyframe_ && !packet.keyframe)
    return;
  waiting_keyframe_ = false;
  if (gap_) {
    sink_->send_text(type_message("gap"));
    gap_ = false;
  }
  if (config_due_)
    send_config();
  auto header = frame_header(packet);
  // The bytes stay the hub's shared packet (aliased: no copy); only the 16-byte header is per client.
  std::shared_ptr<const std::vector<std::uint8_t>> data(event.packet, &packet.data);
  sink_->send_binary(header, std::move(data),
                     event.backlog ? std::chrono::steady_clock::time_point{} : event.handed_over);
}

void LiveFramesFeed::send_config() {
  const auto& extradata = config_->extradata;
  sink_->send_text(nlohmann::json{
      {"type", "config"},
      {"codec", config_->video_codec_string()},
      {"coded_width", config_->width},
      {"coded_height", config_->height},
      {"description",
       services::base64_encode(std::string_view(reinterpret_cast<const char*>(extradata.data()), extradata.size()))}}
                       .dump());
  config_due_ = false;
  config_queued_ = true;
}

} // namespace argus::api
