#include "clock_feeder.hpp"

#include <chrono>

#include <gst/app/gstappsrc.h>
#include <gst/gst.h>

#include "clock_picture.hpp"

namespace argus::camsim {
namespace {

std::uint64_t unix_time_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
}

} // namespace

std::string ClockFeeder::launch_description(int fps, int bitrate_kbps) {
  return "( appsrc name=src is-live=true format=time do-timestamp=false ! x264enc tune=zerolatency "
         "speed-preset=ultrafast bframes=0 key-int-max=" +
         std::to_string(2 * fps) + " bitrate=" + std::to_string(bitrate_kbps) +
         " byte-stream=true ! video/x-h264,stream-format=byte-stream,profile=constrained-baseline ! h264parse ! "
         "rtph264pay name=pay0 pt=96 config-interval=0 aggregate-mode=zero-latency )";
}

ClockFeeder::ClockFeeder(GstElement* appsrc, const ClockPicture& picture, int fps, const bool& paused)
    : appsrc_(GST_ELEMENT(gst_object_ref(appsrc))), picture_(picture), paused_(paused),
      pacer_(1'000'000'000ULL / static_cast<std::uint64_t>(fps)),
      // Numbered from the epoch, so that a camera's main and sub streams show the same motion.
      next_frame_(unix_time_ms() * static_cast<std::uint64_t>(fps) / 1000) {
  GstCaps* caps =
      gst_caps_new_simple("video/x-raw", "format", G_TYPE_STRING, "I420", "width", G_TYPE_INT, picture.width(),
                          "height", G_TYPE_INT, picture.height(), "framerate", GST_TYPE_FRACTION, fps, 1, nullptr);
  gst_app_src_set_caps(GST_APP_SRC(appsrc_), caps);
  gst_caps_unref(caps);
  // At most a second of frames waits for the encoder; when it cannot keep up the oldest are dropped, as a camera
  // under load drops frames, instead of the delay growing without bound.
  g_object_set(appsrc_, "max-buffers", static_cast<guint64>(fps), "max-bytes", static_cast<guint64>(0), "min-latency",
               static_cast<gint64>(0), nullptr);
  gst_util_set_object_arg(G_OBJECT(appsrc_), "leaky-type", "downstream");
}

ClockFeeder::~ClockFeeder() {
  gst_object_unref(appsrc_);
}

void ClockFeeder::tick() {
  if (paused_)
    return;
  auto running_ns = FramePacer::running_time_ns(appsrc_);
  if (!running_ns)
    return;
  while (auto pts_ns = pacer_.next_due(*running_ns))
    push(*pts_ns);
}

void ClockFeeder::push(std::uint64_t pts_ns) {
  GstBuffer* buffer = gst_buffer_new_allocate(nullptr, picture_.frame_size_bytes(), nullptr);
  GstMapInfo map;
  gst_buffer_map(buffer, &map, GST_MAP_WRITE);
  picture_.paint(map.data, next_frame_++, unix_time_ms());
  gst_buffer_unmap(buffer, &map);
  GST_BUFFER_PTS(buffer) = pts_ns;
  GST_BUFFER_DURATION(buffer) = pacer_.frame_duration_ns();
  gst_app_src_push_buffer(GST_APP_SRC(appsrc_), buffer); // takes ownership
}

} // namespace argus::camsim
