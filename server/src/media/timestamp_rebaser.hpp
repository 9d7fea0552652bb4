#pragma once
// Maps a source's timestamps onto the server's UTC clock (90 kHz), never going backwards. The source's timestamps
// only give the spacing between frames; the arrival time on the server's clock anchors them (docs/design/recording.md
// "Timestamps"):
//   - the first packet is anchored at its arrival time;
//   - a jump of the source clock (it moved more than jump_tolerance beyond the arrival-time progress, or back by more
//     than that) re-anchors at the arrival time and is reported (Result::reanchored: a new recording run);
//   - drift is slewed by at most 1/8 of each step: a timeline ahead of arrival (a burst of buffered frames at
//     connect, a fast camera clock) is pulled back to it, one persistently behind (a slow camera clock) catches up
//     (re-anchored when it stayed behind by more than jump_tolerance for 10 s);
//   - a live timeline is never more than jump_tolerance ahead of arrival, whatever the source does.
// A non-live source (a file read at full speed) keeps its own spacing: only its backward steps and forward jumps
// are bridged, continuously.
#include <cstdint>
#include <functional>

namespace argus::media {

class TimestampRebaser {
public:
  //! live: the source delivers in real time (a camera), so its timeline follows the arrival times.
  explicit TimestampRebaser(std::function<std::int64_t()> wall_ms, bool live = true,
                            std::int64_t jump_tolerance_90k = 2 * 90000);

  struct Result {
    std::int64_t dts_90k;
    std::int64_t pts_90k;
    bool reanchored; // the source clock jumped: this packet starts a new run
  };
  //! Rebases one packet's source dts/pts (already in 90 kHz units).
  Result rebase(std::int64_t source_dts_90k, std::int64_t source_pts_90k);

private:
  bool source_jumped(std::int64_t step_90k, std::int64_t arrival_step_90k) const;
  //! Adjusts offset_90k_ for drift; true when the timeline has been behind arrival by more than the jump tolerance
  //! for a whole window (a clock too slow to slew: re-anchor).
  bool slew(std::int64_t step_90k, std::int64_t lead_90k, std::int64_t now_90k);

  std::function<std::int64_t()> wall_ms_;
  bool live_;
  std::int64_t jump_tolerance_90k_;
  bool anchored_ = false;
  std::int64_t offset_90k_ = 0; // output = source + offset
  std::int64_t last_source_dts_90k_ = 0;
  std::int64_t last_arrival_90k_ = 0;
  std::int64_t last_dts_90k_ = 0;
  std::int64_t last_step_90k_ = 3600;
  // Lag behind arrival: the smallest of a window of arrivals; what is left of it after a window is caught up.
  std::int64_t lag_window_start_90k_ = 0;
  std::int64_t lag_window_min_90k_ = 0;
  std::int64_t catch_up_90k_ = 0;
};

} // namespace argus::media
