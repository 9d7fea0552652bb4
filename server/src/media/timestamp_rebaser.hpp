#pragma once
// Maps a source's timestamps onto a wall-clock anchored 90 kHz timeline that never goes backwards: the first packet
// is anchored at the current UTC time; a backward step, a forward jump beyond max_jump_90k or a drift from the wall
// clock beyond max_drift_90k (camera restart, RTP wrap, clock reset) re-anchors at max(previous end, now). A timeline
// running ahead of the wall clock (packets stamped in the future: a burst at connect, a fast camera clock) is slewed
// back by shortening steps by at most 1/8, so timestamps stay monotonic and end up no later than arrival.
#include <cstdint>
#include <functional>

namespace argus::media {

class TimestampRebaser {
public:
  //! live: the source delivers in real time (a camera), so timestamps ahead of the wall clock are slewed back; a file
  //! read at full speed is not live.
  explicit TimestampRebaser(std::function<std::int64_t()> wall_ms, bool live = true,
                            std::int64_t max_jump_90k = 10 * 90000, std::int64_t max_drift_90k = 30 * 90000);

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
  bool live_;
  bool anchored_ = false;
  std::int64_t offset_90k_ = 0;
  std::int64_t last_source_dts_90k_ = 0;
  std::int64_t last_dts_90k_ = 0;
  std::int64_t last_step_90k_ = 3600;
};

} // namespace argus::media
