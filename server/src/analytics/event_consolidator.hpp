#pragma once
// Turns the seconds with motion in a region of interest into events (docs/design/motion.md):
// - seconds at most merge_gap_s quiet seconds apart belong to one event (3 s: a person pausing stays one event);
//   unconsolidated → only adjacent seconds merge;
// - an event runs from its first second to the end of its last (duration >= 1 s), and is dropped when shorter than
//   min_duration_ms;
// - its subevents are its runs of adjacent seconds, cut every max_subevent_s (10 s); verbose → one per second;
// - intensities are percentages of cells moving at the peak second: intensity_frame of the whole grid,
//   intensity_roi (and a subevent's motion) of the region; any motion is at least 1.
#include <cstdint>
#include <vector>

namespace argus::analytics {

//! One second with motion in the region (cells at or above the sensitivity's level).
struct SecondMotion {
  std::int64_t second_s = 0;
  int frame_cells = 0;
  int roi_cells = 0; // > 0
};

struct ConsolidationRules {
  std::int64_t merge_gap_s = 3;
  std::int64_t max_subevent_s = 10;
  std::int64_t min_duration_ms = 0;
  bool unconsolidated = false;
  bool verbose_subevents = false;
};

struct Subevent {
  std::int64_t start_s = 0;
  std::int64_t end_s = 0; // exclusive
  int motion = 0;         // 1..100
};

struct ConsolidatedEvent {
  std::int64_t start_s = 0;
  std::int64_t end_s = 0; // exclusive
  int intensity_frame = 0;
  int intensity_roi = 0;
  std::vector<Subevent> subevents;

  std::int64_t duration_ms() const { return (end_s - start_s) * 1000; }
};

//! Events of seconds sorted by time (duplicates ignored), for a grid of grid_cells and a region of roi_cells.
std::vector<ConsolidatedEvent> consolidate(const std::vector<SecondMotion>& seconds, const ConsolidationRules& rules,
                                           int grid_cells, int roi_cells);

//! ceil(100 * cells / total), 0 for no cells.
int percent_of(int cells, int total);

} // namespace argus::analytics
