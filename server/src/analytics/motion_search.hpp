#pragma once
// Motion search over the stored index: for a camera, a time range, a region of interest and a sensitivity, the
// events of consolidated seconds with motion in the region, each with its recap images. Hour summaries whose
// per-cell maxima show nothing at the sensitivity's level in the region are skipped, then minutes likewise; only the
// seconds of the remaining minutes are read (docs/design/motion.md).
#include <cstdint>
#include <optional>
#include <vector>

#include "analytics/event_consolidator.hpp"
#include "analytics/motion_grid.hpp"

namespace argus::store {
class Database;
}

namespace argus::analytics {

struct MotionQuery {
  std::int64_t camera_id = 0;
  std::int64_t start_s = 0;
  std::int64_t end_s = 0; // exclusive
  Roi roi;                // inside the grid
  int sensitivity = 100;  // 1..100
  ConsolidationRules rules;
  bool with_images = true;
};

struct MotionSearchEvent {
  ConsolidatedEvent event;
  std::vector<std::int64_t> recap_ids;                         // best first; empty without images
  std::vector<std::optional<std::int64_t>> subevent_recap_ids; // one per event.subevents entry
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

private:
  std::vector<SecondMotion> matching_seconds(const MotionQuery& query, const MotionGrid& grid);
  void attach_recaps(const MotionQuery& query, std::vector<MotionSearchEvent>& events);

  store::Database& database_;
  MotionSearchStats stats_;
};

} // namespace argus::analytics
