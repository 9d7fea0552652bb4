#pragma once
// Motion search over the stored index: for a camera, a time range, a region of interest and a sensitivity, the
// events of consolidated seconds with motion in the region, each with its images: the recorded frames of its peak
// moments in the region, or (for the timeline) its recap JPEGs. Hour summaries whose per-cell maxima show too little
// at the sensitivity's level in the region are skipped, then minutes likewise; only the seconds of the remaining
// minutes are read (docs/design/motion.md).
#include <cstdint>
#include <optional>
#include <vector>

#include "analytics/event_consolidator.hpp"
#include "analytics/motion_grid.hpp"

namespace argus::store {
class Database;
}

namespace argus::analytics {

//! What an event's images are.
enum class EventImages {
  none,
  peak_frames, //!< the recorded frames of the peak seconds in the region (times in ms)
  recaps,      //!< the analyzer's recap JPEGs taken during the event (recap ids)
};

struct MotionQuery {
  std::int64_t camera_id = 0;
  std::int64_t start_s = 0;
  std::int64_t end_s = 0; // exclusive
  Roi roi;                // inside the grid
  int sensitivity = 100;  // 1..100
  ConsolidationRules rules;
  EventImages images = EventImages::peak_frames;
};

struct MotionSearchEvent {
  ConsolidatedEvent event;
  //! Frame times (ms) or recap ids, per query.images, best first; empty without images.
  std::vector<std::int64_t> images;
  std::vector<std::optional<std::int64_t>> subevent_images; // one per event.subevents entry
};

//! How much of the index a search read (the benchmark prints it).
struct MotionSearchStats {
  std::int64_t hours = 0;       // hour summaries read
  std::int64_t minutes = 0;     // minute summaries read
  std::int64_t seconds = 0;     // second records read
  std::int64_t quiet_hours = 0; // hours skipped by their summary
};

class MotionSearch {
public:
  explicit MotionSearch(store::Database& database) : database_(database) {}

  //! The events of a query on a camera with this grid, sorted by start.
  std::vector<MotionSearchEvent> run(const MotionQuery& query, const MotionGrid& grid);
  //! Figures of the last run.
  const MotionSearchStats& stats() const { return stats_; }

  //! Images listed per event at most.
  static constexpr std::size_t k_max_event_images = 4;
  //! The frame shown for a peak second: its middle (a second's record is the maximum of its analysed frames).
  static constexpr std::int64_t k_peak_frame_offset_ms = 500;

private:
  std::vector<SecondMotion> matching_seconds(const MotionQuery& query, const MotionGrid& grid);
  void attach_recaps(const MotionQuery& query, std::vector<MotionSearchEvent>& events);
  static void attach_peak_frames(MotionSearchEvent& found);

  store::Database& database_;
  MotionSearchStats stats_;
};

} // namespace argus::analytics
