#include "frame_pacer.hpp"

#include <gst/gst.h>

namespace argus::camsim {
namespace {

constexpr std::uint64_t k_max_backlog_ns = 1'000'000'000;

} // namespace

std::optional<std::uint64_t> FramePacer::running_time_ns(GstElement* element) {
  if (GST_STATE(element) != GST_STATE_PLAYING)
    return std::nullopt;
  GstClock* clock = gst_element_get_clock(element);
  if (!clock)
    return std::nullopt;
  GstClockTime now = gst_clock_get_time(clock);
  gst_object_unref(clock);
  GstClockTime base_time = gst_element_get_base_time(element);
  if (now < base_time)
    return std::nullopt;
  return now - base_time;
}

std::optional<std::uint64_t> FramePacer::next_due(std::uint64_t running_ns) {
  if (!started_) {
    base_ns_ = running_ns;
    started_ = true;
  }
  std::uint64_t pts = base_ns_ + frames_sent_ * frame_duration_ns_;
  if (pts > running_ns)
    return std::nullopt;
  if (running_ns - pts > k_max_backlog_ns) {
    base_ns_ = running_ns - frames_sent_ * frame_duration_ns_;
    pts = running_ns;
  }
  ++frames_sent_;
  return pts;
}

} // namespace argus::camsim
