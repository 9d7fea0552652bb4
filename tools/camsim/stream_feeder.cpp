#include "stream_feeder.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

#include <gst/app/gstappsrc.h>
#include <gst/gst.h>

#include "footage_clip.hpp"
#include "timestamp_sei.hpp"

namespace argus::camsim {
namespace {

std::uint64_t unix_time_us() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
}

} // namespace

StreamFeeder::StreamFeeder(GstElement* appsrc, const FootageClip* const& wanted, bool timestamp_sei,
                           const bool& paused)
    : appsrc_(GST_ELEMENT(gst_object_ref(appsrc))), wanted_(wanted), clip_(wanted), timestamp_sei_(timestamp_sei),
      paused_(paused), pacer_(wanted->frame_duration_ns()) {
  // Start where a camera that has been running since the epoch would be, so that the main and sub streams of one
  // camera show the same picture even when opened at different times.
  auto clip_ns = clip_->frame_duration_ns() * clip_->frames().size();
  auto now_ns = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
  next_frame_ = clip_->keyframe_at_or_before((now_ns % clip_ns) / clip_->frame_duration_ns());
  set_caps(appsrc_, *clip_);
}

void StreamFeeder::set_caps(GstElement* appsrc, const FootageClip& clip) {
  GstCaps* caps = gst_caps_new_simple(clip.codec() == ClipCodec::h265 ? "video/x-h265" : "video/x-h264",
                                      "stream-format", G_TYPE_STRING, "byte-stream", "alignment", G_TYPE_STRING, "au",
                                      "width", G_TYPE_INT, clip.width(), "height", G_TYPE_INT, clip.height(),
                                      "framerate", GST_TYPE_FRACTION, clip.fps_num(), clip.fps_den(), nullptr);
  gst_app_src_set_caps(GST_APP_SRC(appsrc), caps);
  gst_caps_unref(caps);
}

void StreamFeeder::follow_wanted_clip() {
  if (wanted_ == clip_ || !clip_->frames()[next_frame_].keyframe)
    return;
  // Clips of one footage have the same frame rate, length and keyframe positions: the same index is the same moment.
  clip_ = wanted_;
  next_frame_ = clip_->keyframe_at_or_before(std::min(next_frame_, clip_->frames().size() - 1));
  set_caps(appsrc_, *clip_);
}

StreamFeeder::~StreamFeeder() {
  gst_object_unref(appsrc_);
}

void StreamFeeder::tick() {
  if (paused_)
    return;
  auto running_ns = FramePacer::running_time_ns(appsrc_);
  if (!running_ns)
    return;
  while (auto pts_ns = pacer_.next_due(*running_ns)) {
    follow_wanted_clip();
    push(next_frame_, *pts_ns);
    next_frame_ = (next_frame_ + 1) % clip_->frames().size();
  }
}

void StreamFeeder::push(std::size_t frame_index, std::uint64_t pts_ns) {
  const ClipFrame& frame = clip_->frames()[frame_index];
  const std::uint8_t* bytes = clip_->data() + frame.offset_bytes;
  GstBuffer* buffer = nullptr;
  if (frame.keyframe && timestamp_sei_) {
    auto sei = make_timestamp_sei(unix_time_us(), clip_->codec());
    buffer = gst_buffer_new_allocate(nullptr, frame.size_bytes + sei.size(), nullptr);
    GstMapInfo map;
    gst_buffer_map(buffer, &map, GST_MAP_WRITE);
    std::size_t split = frame.first_vcl_offset_bytes;
    std::memcpy(map.data, bytes, split);
    std::memcpy(map.data + split, sei.data(), sei.size());
    std::memcpy(map.data + split + sei.size(), bytes + split, frame.size_bytes - split);
    gst_buffer_unmap(buffer, &map);
  } else {
    // The clip lives for the whole process; the buffer only borrows its bytes.
    buffer = gst_buffer_new_wrapped_full(GST_MEMORY_FLAG_READONLY, const_cast<std::uint8_t*>(bytes), frame.size_bytes,
                                         0, frame.size_bytes, nullptr, nullptr);
  }
  GST_BUFFER_PTS(buffer) = pts_ns;
  GST_BUFFER_DTS(buffer) = pts_ns; // no B-frames
  GST_BUFFER_DURATION(buffer) = clip_->frame_duration_ns();
  if (!frame.keyframe)
    GST_BUFFER_FLAG_SET(buffer, GST_BUFFER_FLAG_DELTA_UNIT);
  gst_app_src_push_buffer(GST_APP_SRC(appsrc_), buffer); // takes ownership
}

} // namespace argus::camsim
