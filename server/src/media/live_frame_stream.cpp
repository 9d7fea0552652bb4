#include "media/live_frame_stream.hpp"

#include "media/parameter_set_change.hpp"

namespace argus::media {
namespace {

//! The frames transport carries video only (docs/design/live.md "Audio"); the one place that tells packets apart.
bool is_video(const EncodedPacket& packet) {
  return packet.track == MediaTrack::video;
}

//! The video part of a stream description (a config never names audio).
std::shared_ptr<const StreamInfo> video_config(VideoCodec codec, int width, int height,
                                               std::vector<std::uint8_t> extradata) {
  auto config = std::make_shared<StreamInfo>();
  config->codec = codec;
  config->width = width;
  config->height = height;
  config->extradata = std::move(extradata);
  return config;
}

LiveFrameEvent config_event(std::shared_ptr<const StreamInfo> config) {
  LiveFrameEvent event;
  event.kind = LiveFrameEvent::Kind::config;
  event.config = std::move(config);
  return event;
}

LiveFrameEvent frame_event(SharedPacket packet, std::chrono::steady_clock::time_point handed_over, bool backlog) {
  LiveFrameEvent event;
  event.kind = LiveFrameEvent::Kind::frame;
  event.packet = std::move(packet);
  event.handed_over = handed_over;
  event.backlog = backlog;
  return event;
}

} // namespace

void LiveFrameStream::start(const StreamInfo& info) {
  std::lock_guard lock(mutex_);
  config_ = video_config(info.codec, info.width, info.height, info.extradata);
  gop_.clear();
  gop_bytes_ = 0;
  publish(config_event(config_));
}

std::shared_ptr<const StreamInfo> LiveFrameStream::changed_config(const EncodedPacket& keyframe) const {
  auto changed = stream_info_after_keyframe(*config_, keyframe);
  return changed ? video_config(changed->codec, changed->width, changed->height, std::move(changed->extradata))
                 : nullptr;
}

void LiveFrameStream::push(const SharedPacket& shared) {
  const auto& packet = *shared;
  if (!is_video(packet))
    return;
  auto handed_over = std::chrono::steady_clock::now();
  std::lock_guard lock(mutex_);
  if (!config_)
    return;
  if (packet.keyframe) {
    if (auto changed = changed_config(packet)) {
      config_ = std::move(changed);
      publish(config_event(config_));
    }
    gop_.clear();
    gop_bytes_ = 0;
  }
  // A GOP grows from its keyframe only; one too long to keep is dropped until the next keyframe.
  if (packet.keyframe || !gop_.empty()) {
    gop_bytes_ += packet.data.size();
    if (gop_bytes_ <= max_gop_bytes_) {
      gop_.push_back({shared, handed_over});
    } else {
      gop_.clear();
      gop_bytes_ = 0;
    }
  }
  publish(frame_event(shared, handed_over, false));
}

void LiveFrameStream::stop(const StreamStatus& why) {
  std::lock_guard lock(mutex_);
  config_.reset();
  gop_.clear();
  gop_bytes_ = 0;
  LiveFrameEvent event;
  event.kind = LiveFrameEvent::Kind::stop;
  event.why = why;
  publish(event);
}

void LiveFrameStream::subscribe(std::uint64_t id, LiveFrameSubscriber subscriber) {
  std::lock_guard lock(mutex_);
  if (config_) {
    subscriber(config_event(config_));
    for (const auto& frame : gop_)
      subscriber(frame_event(frame.packet, frame.handed_over, true));
  }
  subscribers_.emplace(id, std::move(subscriber));
}

void LiveFrameStream::unsubscribe(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  subscribers_.erase(id);
}

void LiveFrameStream::publish(const LiveFrameEvent& event) const {
  for (const auto& [id, subscriber] : subscribers_)
    subscriber(event);
}

} // namespace argus::media
