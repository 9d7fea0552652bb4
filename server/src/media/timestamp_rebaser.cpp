#include "media/timestamp_rebaser.hpp"

#include <algorithm>
#include <cstdlib>

namespace argus::media {

TimestampRebaser::TimestampRebaser(std::function<std::int64_t()> wall_ms, std::int64_t max_jump_90k,
                                   std::int64_t max_drift_90k)
    : wall_ms_(std::move(wall_ms)), max_jump_90k_(max_jump_90k), max_drift_90k_(max_drift_90k) {}

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
    }
  }
  last_source_dts_90k_ = source_dts_90k;
  auto dts = std::max(source_dts_90k + offset_90k_, last_dts_90k_ + (last_dts_90k_ == 0 ? 0 : 1));
  auto pts = std::max(source_pts_90k + offset_90k_, dts);
  last_dts_90k_ = dts;
  return {dts, pts, reanchored};
}

} // namespace argus::media
