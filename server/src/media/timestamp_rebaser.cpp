#include "media/timestamp_rebaser.hpp"

#include <algorithm>
#include <cstdlib>

namespace argus::media {
namespace {

// Timestamps this far ahead of the wall clock count as jitter, not as a timeline running ahead.
constexpr std::int64_t k_ahead_tolerance_90k = 900; // 10 ms
// A timeline ahead is pulled back by at most this fraction of each source step: output time never stalls.
constexpr std::int64_t k_slew_divisor = 8;

} // namespace

TimestampRebaser::TimestampRebaser(std::function<std::int64_t()> wall_ms, bool live, std::int64_t max_jump_90k,
                                   std::int64_t max_drift_90k)
    : wall_ms_(std::move(wall_ms)), max_jump_90k_(max_jump_90k), max_drift_90k_(max_drift_90k), live_(live) {}

TimestampRebaser::Result TimestampRebaser::rebase(std::int64_t source_dts_90k, std::int64_t source_pts_90k) {
  std::int64_t now_90k = wall_ms_() * 90;
  bool reanchored = false;
  if (!anchored_) {
    offset_90k_ = now_90k - source_dts_90k;
    anchored_ = true;
  } else {
    auto step = source_dts_90k - last_source_dts_90k_;
    auto candidate = source_dts_90k + offset_90k_;
    if (step < 0 || step > max_jump_90k_ || std::llabs(candidate - now_90k) > max_drift_90k_) {
      offset_90k_ = std::max(last_dts_90k_ + last_step_90k_, now_90k) - source_dts_90k;
      reanchored = true;
    } else if (step > 0) {
      last_step_90k_ = step;
      // A frame cannot have been captured after it arrived. Timestamps ahead of the wall clock mean the anchor was
      // late (the first packets came in a burst of buffered frames) or the camera's clock runs fast: pull the
      // timeline back, at most 1/8 of each step (a 200 ms lead is gone after ~1.6 s of media).
      auto ahead = candidate - now_90k - k_ahead_tolerance_90k;
      if (live_ && ahead > 0)
        offset_90k_ -= std::min(ahead, step / k_slew_divisor);
    }
  }
  last_source_dts_90k_ = source_dts_90k;
  auto dts = std::max(source_dts_90k + offset_90k_, last_dts_90k_ + (last_dts_90k_ == 0 ? 0 : 1));
  auto pts = std::max(source_pts_90k + offset_90k_, dts);
  last_dts_90k_ = dts;
  return {dts, pts, reanchored};
}

} // namespace argus::media
