#include "media/timestamp_rebaser.hpp"

#include <algorithm>
#include <limits>

namespace argus::media {
namespace {

// Timestamps this far ahead of arrival count as jitter, not as a timeline running ahead.
constexpr std::int64_t k_ahead_tolerance_90k = 900; // 10 ms
// Drift is slewed by at most this fraction of each source step: output time never stalls nor leaps.
constexpr std::int64_t k_slew_divisor = 8;
// The timeline counts as behind when even the earliest arrival of a whole window came this much after its timestamp
// (less is network and camera latency that varies, not a slow clock).
constexpr std::int64_t k_behind_tolerance_90k = 100 * 90; // 100 ms
constexpr std::int64_t k_lag_window_90k = 10 * 90000;     // 10 s of arrivals
constexpr std::int64_t k_no_lag_yet = std::numeric_limits<std::int64_t>::max();

} // namespace

TimestampRebaser::TimestampRebaser(std::function<std::int64_t()> wall_ms, bool live, std::int64_t jump_tolerance_90k)
    : wall_ms_(std::move(wall_ms)), live_(live), jump_tolerance_90k_(jump_tolerance_90k) {}

bool TimestampRebaser::source_jumped(std::int64_t step_90k, std::int64_t arrival_step_90k) const {
  if (!live_)
    return step_90k < 0 || step_90k > jump_tolerance_90k_;
  // A network stall (arrival far behind a normal step) is no jump: the camera's spacing is right. A source step
  // far beyond the arrival progress, or back by more than the tolerance, is.
  return step_90k - arrival_step_90k > jump_tolerance_90k_ ||
         (step_90k < 0 && arrival_step_90k - step_90k > jump_tolerance_90k_);
}

bool TimestampRebaser::slew(std::int64_t step_90k, std::int64_t lead_90k, std::int64_t now_90k) {
  // A frame cannot have been captured after it arrived: ahead of arrival means the anchor was late (the first
  // packets came in a burst of buffered frames) or the camera's clock runs fast. Pull back, at most 1/8 of a step
  // (a 200 ms lead is gone after ~1.6 s of media).
  if (lead_90k > k_ahead_tolerance_90k) {
    offset_90k_ -= std::min(lead_90k - k_ahead_tolerance_90k, step_90k / k_slew_divisor);
    catch_up_90k_ = 0;
  } else if (catch_up_90k_ > 0) {
    auto add = std::min({catch_up_90k_, step_90k / k_slew_divisor, -lead_90k});
    offset_90k_ += std::max<std::int64_t>(0, add);
    catch_up_90k_ -= std::max<std::int64_t>(0, add);
  }
  lag_window_min_90k_ = std::min(lag_window_min_90k_, -lead_90k);
  if (now_90k - lag_window_start_90k_ < k_lag_window_90k)
    return false;
  // Behind for a whole window: the camera's clock runs slow (or stepped back a little); catch up the smallest lag,
  // or re-anchor when it is beyond the tolerance (a clock too slow for slewing to keep up).
  auto lag = lag_window_min_90k_;
  lag_window_start_90k_ = now_90k;
  lag_window_min_90k_ = k_no_lag_yet;
  if (lag > jump_tolerance_90k_)
    return true;
  if (lag > k_behind_tolerance_90k)
    catch_up_90k_ = lag;
  return false;
}

TimestampRebaser::Result TimestampRebaser::rebase(std::int64_t source_dts_90k, std::int64_t source_pts_90k) {
  std::int64_t now_90k = wall_ms_() * 90;
  bool reanchored = false;
  bool first = !anchored_;
  if (first) {
    offset_90k_ = now_90k - source_dts_90k;
    anchored_ = true;
  } else {
    auto step = source_dts_90k - last_source_dts_90k_;
    reanchored = source_jumped(step, now_90k - last_arrival_90k_);
    if (!reanchored && step > 0) {
      last_step_90k_ = step;
      reanchored = live_ && slew(step, source_dts_90k + offset_90k_ - now_90k, now_90k);
    }
    if (reanchored) {
      auto continued = last_dts_90k_ + last_step_90k_;
      offset_90k_ = (live_ ? std::max(now_90k, continued) : continued) - source_dts_90k;
    }
  }
  if (first || reanchored) {
    catch_up_90k_ = 0;
    lag_window_start_90k_ = now_90k;
    lag_window_min_90k_ = k_no_lag_yet;
  }
  auto dts = source_dts_90k + offset_90k_;
  if (live_)
    dts = std::min(dts, now_90k + jump_tolerance_90k_); // never further ahead of arrival, whatever the clock does
  if (!first)
    dts = std::max(dts, last_dts_90k_ + 1);
  // Whatever bounded the timeline moves it: the next packet continues from here.
  offset_90k_ = dts - source_dts_90k;
  last_source_dts_90k_ = source_dts_90k;
  last_arrival_90k_ = now_90k;
  last_dts_90k_ = dts;
  return {dts, std::max(source_pts_90k + offset_90k_, dts), reanchored};
}

} // namespace argus::media
