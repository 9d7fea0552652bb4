#pragma once
// When a camera's next frame with motion is detected. At the configured rate while something is tracked; when
// detection keeps finding nothing in the motion (leaves, shadows, rain, light changes: the usual false motion), each
// empty detection doubles the wait, up to max_interval_ms, so a windy scene costs a quarter of the detector time or
// less; the first detection that finds an object brings the full rate back. Objects that stand still (a person
// waiting, a parked car) are paced the same way: while every object found continues a track without moving, the wait
// doubles too, and the first new or moving object brings the full rate back. Not thread-safe (ObjectService guards it
// with the camera's mutex).
#include <algorithm>
#include <cstdint>
#include <optional>

namespace argus::objects {

class DetectionPacer {
public:
  DetectionPacer(std::int64_t base_interval_ms, std::int64_t max_interval_ms)
      : base_ms_(std::max<std::int64_t>(1, base_interval_ms)),
        max_ms_(std::max(base_ms_, max_interval_ms)), interval_ms_(base_ms_) {}

  //! Whether a frame taken at ts_ms is due (a frame from before the last one, e.g. after the camera's clock was set
  //! back, always is).
  bool due(std::int64_t ts_ms) const {
    return !last_ms_ || ts_ms < *last_ms_ || ts_ms >= *last_ms_ + interval_ms_;
  }
  //! A frame taken at ts_ms was queued for detection.
  void accepted(std::int64_t ts_ms) { last_ms_ = ts_ms; }
  //! A queued frame was detected: whether anything is being tracked after it, and whether all it found stood still.
  void detected(bool tracking, bool still = false) {
    interval_ms_ = tracking && !still ? base_ms_ : std::min(interval_ms_ * 2, max_ms_);
  }

  std::int64_t interval_ms() const { return interval_ms_; }

private:
  std::int64_t base_ms_;
  std::int64_t max_ms_;
  std::int64_t interval_ms_;
  std::optional<std::int64_t> last_ms_;
};

} // namespace argus::objects
