#include "analytics/event_consolidator.hpp"

#include <algorithm>

namespace argus::analytics {

int percent_of(int cells, int total) {
  if (cells <= 0 || total <= 0)
    return 0;
  return std::min(100, (100 * cells + total - 1) / total);
}

std::vector<ConsolidatedEvent> consolidate(const std::vector<SecondMotion>& seconds, const ConsolidationRules& rules,
                                           int grid_cells, int roi_cells) {
  std::vector<ConsolidatedEvent> events;
  auto merge_gap_s = rules.unconsolidated ? 0 : rules.merge_gap_s;
  auto max_subevent_s = rules.verbose_subevents ? 1 : std::max<std::int64_t>(1, rules.max_subevent_s);
  std::int64_t previous = 0;
  for (const auto& second : seconds) {
    if (!events.empty() && second.second_s < previous + 1)
      continue; // duplicate or out of order
    bool joins = !events.empty() && second.second_s - previous - 1 <= merge_gap_s;
    if (!joins)
      events.push_back({second.second_s, second.second_s, 0, 0, {}});
    auto& event = events.back();
    event.end_s = second.second_s + 1;
    event.intensity_frame = std::max(event.intensity_frame, percent_of(second.frame_cells, grid_cells));
    auto roi = percent_of(second.roi_cells, roi_cells);
    event.intensity_roi = std::max(event.intensity_roi, roi);
    bool extends = !event.subevents.empty() && event.subevents.back().end_s == second.second_s &&
                   event.subevents.back().end_s - event.subevents.back().start_s < max_subevent_s;
    if (extends) {
      event.subevents.back().end_s = second.second_s + 1;
      event.subevents.back().motion = std::max(event.subevents.back().motion, roi);
    } else {
      event.subevents.push_back({second.second_s, second.second_s + 1, roi});
    }
    previous = second.second_s;
  }
  std::erase_if(events,
                [&rules](const ConsolidatedEvent& event) { return event.duration_ms() < rules.min_duration_ms; });
  return events;
}

} // namespace argus::analytics
