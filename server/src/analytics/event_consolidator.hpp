#pragma once
// Turns the seconds with motion in a region of interest into events (docs/design/motion.md):
// - seconds at most merge_gap_s quiet seconds apart belong to one stretch of motion (3 s: a person pausing stays
//   one event);
// - a stretch longer than max_event_s (at most 5 minutes) is cut into consecutive events of equal length, so a scene
//   that never stops moving gives events of 2.5 to 5 minutes, with the detail in their subevents;
// - unconsolidated: the raw runs of adjacent seconds, cut into pieces of at most max_subevent_s, are the events;
// - an event runs from its first second to the end of its last (duration >= 1 s), and is dropped when shorter than
//   min_duration_ms;
// - its subevents are its runs of adjacent seconds, cut every max_subevent_s (10 s); verbose → one per second;
// - intensities are percentages of cells moving at the peak second: intensity_frame of the whole grid,
//   intensity_roi (and a subevent's motion) of the region; any motion is at least 1;
// - the peak second of an event or subevent is its second with most cells moving in the region (the earliest of
//   equals): its image shows that moment.
#include <cstdint>
#include <vector>

namespace argus::analytics {

//! Longest consolidated event (5 minutes): longer stretches of motion become consecutive events.
inline constexpr std::int64_t k_max_event_s = 300;

//! One second with motion in the region (cells at or above the sensitivity's level).
struct SecondMotion {
  std::int64_t second_s = 0;
  int frame_cells = 0;
  int roi_cells = 0; // > 0
};

struct ConsolidationRules {
  std::int64_t merge_gap_s = 3;
  std::int64_t max_subevent_s = 10;
  std::int64_t max_event_s = k_max_event_s; // >= 1
  std::int64_t min_duration_ms = 0;
  bool unconsolidated = false;
  bool verbose_subevents = false;
};

struct Subevent {
  std::int64_t start_s = 0;
  std::int64_t end_s = 0; // exclusive
  std::int64_t peak_s = 0;
  int motion = 0; // 1..100
};

struct ConsolidatedEvent {
  std::int64_t start_s = 0;
  std::int64_t end_s = 0; // exclusive
  std::int64_t peak_s = 0;
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
