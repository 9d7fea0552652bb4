#pragma once
// Real-time pacing at a constant frame rate against a pipeline's running time: PTS = base + n x frame duration, where
// base is the running time at the first frame and n counts frames handed out, so timestamps never jump back. A pacer
// that fell more than a second behind (the pipeline was paused) skips ahead instead of bursting.
#include <cstdint>
#include <optional>

typedef struct _GstElement GstElement;

namespace argus::camsim {

class FramePacer {
public:
  explicit FramePacer(std::uint64_t frame_duration_ns) : frame_duration_ns_(frame_duration_ns) {}

  //! The running time of the element's pipeline, or nullopt while it is not playing.
  static std::optional<std::uint64_t> running_time_ns(GstElement* element);

  //! PTS of the next frame when it is due at running_ns (it then counts as sent), else nullopt.
  std::optional<std::uint64_t> next_due(std::uint64_t running_ns);

  std::uint64_t frames_sent() const { return frames_sent_; }
  std::uint64_t frame_duration_ns() const { return frame_duration_ns_; }

private:
  std::uint64_t frame_duration_ns_;
  std::uint64_t frames_sent_ = 0;
  std::uint64_t base_ns_ = 0;
  bool started_ = false;
};

} // namespace argus::camsim
