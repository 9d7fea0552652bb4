#include "analytics/motion_search.hpp"

#include <algorithm>

#include "analytics/cell_levels.hpp"
#include "analytics/motion_index_writer.hpp"
#include "analytics/sensitivity.hpp"
#include "store/database.hpp"

namespace argus::analytics {
namespace {

//! A recap this close to an event (ms) stands for it when none was taken inside it.
constexpr std::int64_t k_recap_reach_ms = 5000;

std::int64_t floor_to(std::int64_t value_s, std::int64_t span_s) {
  auto start = value_s / span_s * span_s;
  return start > value_s ? start - span_s : start;
}

//! Starts of the spans (of span_s) whose summary shows at least min_cells moving in the mask, merged into [start, end)
//! runs. A summary holds each cell's maximum over its seconds, so no second has more cells moving than it.
std::vector<std::pair<std::int64_t, std::int64_t>> active_runs(const std::vector<store::MotionSummaryRecord>& summaries,
                                                               std::int64_t span_s, const RoiMask& mask,
                                                               std::uint8_t threshold, int min_cells) {
  std::vector<std::pair<std::int64_t, std::int64_t>> runs;
  for (const auto& summary : summaries) {
    if (count_cells(summary.cells, mask, threshold).roi < min_cells)
      continue;
    if (!runs.empty() && runs.back().second == summary.start_s)
      runs.back().second += span_s;
    else
      runs.emplace_back(summary.start_s, summary.start_s + span_s);
  }
  return runs;
}

std::int64_t distance_ms(std::int64_t ts_ms, std::int64_t start_ms, std::int64_t end_ms) {
  return ts_ms < start_ms ? start_ms - ts_ms : ts_ms >= end_ms ? ts_ms - end_ms + 1 : 0;
}

} // namespace

std::vector<SecondMotion> MotionSearch::matching_seconds(const MotionQuery& query, const MotionGrid& grid) {
  RoiMask mask(grid, query.roi);
  auto threshold = level_threshold(query.sensitivity);
  auto min_cells = min_region_cells(query.sensitivity, query.roi.cells());
  std::vector<SecondMotion> seconds;
  auto hours = database_.motion_summaries(query.camera_id, k_hour_s, floor_to(query.start_s, k_hour_s), query.end_s);
  stats_.hours = static_cast<std::int64_t>(hours.size());
  auto hour_runs = active_runs(hours, k_hour_s, mask, threshold, min_cells);
  for (const auto& [hour_start, hour_end] : hour_runs)
    stats_.quiet_hours -= (hour_end - hour_start) / k_hour_s;
  stats_.quiet_hours += stats_.hours;
  for (const auto& [hour_start, hour_end] : hour_runs) {
    auto from = std::max(hour_start, floor_to(query.start_s, k_minute_s));
    auto minutes = database_.motion_summaries(query.camera_id, k_minute_s, from, std::min(hour_end, query.end_s));
    stats_.minutes += static_cast<std::int64_t>(minutes.size());
    for (const auto& [minute_start, minute_end] : active_runs(minutes, k_minute_s, mask, threshold, min_cells)) {
      database_.visit_motion_seconds(query.camera_id, std::max(minute_start, query.start_s),
                                     std::min(minute_end, query.end_s),
                                     [&](std::int64_t second_s, std::span<const std::uint8_t> cells) {
                                       ++stats_.seconds;
                                       auto count = count_cells(cells, mask, threshold);
                                       if (count.roi >= min_cells)
                                         seconds.push_back({second_s, count.frame, count.roi});
                                     });
    }
  }
  return seconds;
}

void MotionSearch::attach_recaps(const MotionQuery& query, std::vector<MotionSearchEvent>& events) {
  if (events.empty())
    return;
  auto recaps = database_.motion_recaps_in_range(query.camera_id, query.start_s * 1000 - k_recap_reach_ms,
                                                 query.end_s * 1000 + k_recap_reach_ms);
  auto by_score = [](const store::MotionRecapRecord* a, const store::MotionRecapRecord* b) {
    return a->score != b->score ? a->score > b->score : a->ts_ms < b->ts_ms;
  };
  // The recaps within reach of [start_ms, end_ms): those inside, best first; else the nearest one within reach.
  auto pick = [&recaps, &by_score](std::int64_t start_ms, std::int64_t end_ms, std::size_t limit) {
    std::vector<const store::MotionRecapRecord*> inside;
    const store::MotionRecapRecord* nearest = nullptr;
    for (const auto& recap : recaps) {
      auto distance = distance_ms(recap.ts_ms, start_ms, end_ms);
      if (distance == 0)
        inside.push_back(&recap);
      else if (distance <= k_recap_reach_ms && (!nearest || distance < distance_ms(nearest->ts_ms, start_ms, end_ms)))
        nearest = &recap;
    }
    std::sort(inside.begin(), inside.end(), by_score);
    if (inside.empty() && nearest)
      inside.push_back(nearest);
    if (inside.size() > limit)
      inside.resize(limit);
    std::vector<std::int64_t> ids;
    for (const auto* recap : inside)
      ids.push_back(recap->id);
    return ids;
  };
  for (auto& found : events) {
    found.images = pick(found.event.start_s * 1000, found.event.end_s * 1000, k_max_event_images);
    for (auto& subevent : found.event.subevents) {
      auto ids = pick(subevent.start_s * 1000, subevent.end_s * 1000, 1);
      found.subevent_images[&subevent - found.event.subevents.data()] =
          ids.empty() ? std::nullopt : std::optional<std::int64_t>(ids.front());
    }
  }
}

void MotionSearch::attach_peak_frames(MotionSearchEvent& found) {
  const auto& event = found.event;
  auto frame_ms = [](std::int64_t second_s) { return second_s * 1000 + k_peak_frame_offset_ms; };
  // The event's peak first, then the peaks of its other subevents, most motion first (the earliest of equals).
  std::vector<const Subevent*> by_motion;
  for (const auto& subevent : event.subevents) {
    found.subevent_images.push_back(frame_ms(subevent.peak_s));
    if (subevent.peak_s != event.peak_s)
      by_motion.push_back(&subevent);
  }
  std::stable_sort(by_motion.begin(), by_motion.end(),
                   [](const Subevent* a, const Subevent* b) { return a->motion > b->motion; });
  found.images.push_back(frame_ms(event.peak_s));
  for (const auto* subevent : by_motion) {
    if (found.images.size() == k_max_event_images)
      break;
    found.images.push_back(frame_ms(subevent->peak_s));
  }
}

std::vector<MotionSearchEvent> MotionSearch::run(const MotionQuery& query, const MotionGrid& grid) {
  stats_ = {};
  std::vector<MotionSearchEvent> out;
  if (query.end_s <= query.start_s || !query.roi.fits(grid))
    return out;
  auto seconds = matching_seconds(query, grid);
  for (auto& event : consolidate(seconds, query.rules, grid.cells(), query.roi.cells())) {
    MotionSearchEvent found;
    found.event = std::move(event);
    if (query.images == EventImages::peak_frames)
      attach_peak_frames(found);
    else
      found.subevent_images.resize(found.event.subevents.size());
    out.push_back(std::move(found));
  }
  if (query.images == EventImages::recaps)
    attach_recaps(query, out);
  return out;
}

} // namespace argus::analytics
