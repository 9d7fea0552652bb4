#pragma once
// Maps a source's timestamps onto a wall-clock anchored 90 kHz timeline that never goes backwards: the first packet
// is anchored at the current UTC time; a backward step, a forward jump beyond max_jump_90k or a drift from the wall
// clock beyond max_drift_90k (camera restart, RTP wrap, clock reset) re-anchors at max(previous end, now).
#include <cstdint>
#include <functional>

namespace argus::media {

class TimestampRebaser {
public:
  explicit TimestampRebaser(std::function<std::int64_t()> wall_ms, std::int64_t max_jump_90k = 10 * 90000,
                            std::int64_t max_drift_90k = 30 * 90000);

  struct Result {
    std::int64_t dts_90k;
    std::int64_t pts_90k;
    bool reanchored;
  };
  //! Rebases one packet's source dts/pts (already in 90 kHz units).
  Result rebase(std::int64_t source_dts_90k, std::int64_t source_pts_90k);

private:
  std::function<std::int64_t()> wall_ms_;
  std::int64_t max_jump_90k_;
  std::int64_t max_drift_90k_;
  bool anchored_ = false;
  std::int64_t offset_90k_ = 0;
  std::int64_t last_source_dts_90k_ = 0;
  std::int64_t last_dts_90k_ = 0;
  std::int64_t last_step_90k_ = 3600;
};

} // namespace argus::media
