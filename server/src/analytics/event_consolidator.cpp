#include "analytics/event_consolidator.hpp"

#include <algorithm>
#include <span>

namespace argus::analytics {
namespace {

using Seconds = std::span<const SecondMotion>;

//! Splits seconds (sorted, no duplicates) where more than gap_s quiet seconds separate two of them.
std::vector<Seconds> stretches(Seconds seconds, std::int64_t gap_s) {
  std::vector<Seconds> out;
  std::size_t first = 0;
  for (std::size_t i = 1; i <= seconds.size(); ++i) {
    if (i == seconds.size() || seconds[i].second_s - seconds[i - 1].second_s - 1 > gap_s) {
      out.push_back(seconds.subspan(first, i - first));
      first = i;
    }
  }
  return out;
}

//! A stretch longer than max_s cut into ceil(length / max_s) consecutive pieces of (nearly) equal length.
std::vector<Seconds> cut(Seconds stretch, std::int64_t max_s) {
  auto start_s = stretch.front().second_s;
  auto length_s = stretch.back().second_s + 1 - start_s;
  auto pieces = (length_s + max_s - 1) / max_s;
  std::vector<Seconds> out;
  std::size_t first = 0;
  for (std::int64_t piece = 1; piece <= pieces; ++piece) {
    auto boundary_s = start_s + length_s * piece / pieces;
    auto last = first;
    while (last < stretch.size() && stretch[last].second_s < boundary_s)
      ++last;
    if (last > first)
      out.push_back(stretch.subspan(first, last - first));
    first = last;
  }
  return out;
}

//! The earliest second with the most cells moving in the region.
const SecondMotion& peak_of(Seconds seconds) {
  return *std::max_element(seconds.begin(), seconds.end(),
                           [](const SecondMotion& a, const SecondMotion& b) { return a.roi_cells < b.roi_cells; });
}

ConsolidatedEvent event_of(Seconds seconds, std::int64_t max_subevent_s, int grid_cells, int roi_cells) {
  ConsolidatedEvent event;
  event.start_s = seconds.front().second_s;
  event.end_s = seconds.back().second_s + 1;
  const auto& peak = peak_of(seconds);
  event.peak_s = peak.second_s;
  event.intensity_roi = percent_of(peak.roi_cells, roi_cells);
  for (const auto& second : seconds)
    event.intensity_frame = std::max(event.intensity_frame, percent_of(second.frame_cells, grid_cells));
  for (auto run : stretches(seconds, 0)) {
    for (auto piece = run; !piece.empty();) {
      auto length = std::min<std::size_t>(piece.size(), static_cast<std::size_t>(max_subevent_s));
      auto part = piece.first(length);
      const auto& part_peak = peak_of(part);
      event.subevents.push_back(
          {part.front().second_s, part.back().second_s + 1, part_peak.second_s, percent_of(part_peak.roi_cells, roi_cells)});
      piece = piece.subspan(length);
    }
  }
  return event;
}

} // namespace

int percent_of(int cells, int total) {
  if (cells <= 0 || total <= 0)
    return 0;
  return std::min(100, (100 * cells + total - 1) / total);
}

std::vector<ConsolidatedEvent> consolidate(const std::vector<SecondMotion>& seconds, const ConsolidationRules& rules,
                                           int grid_cells, int roi_cells) {
  std::vector<SecondMotion> ordered;
  ordered.reserve(seconds.size());
  for (const auto& second : seconds) {
    if (ordered.empty() || second.second_s > ordered.back().second_s)
      ordered.push_back(second); // duplicates and seconds out of order are ignored
  }
  auto max_subevent_s = rules.verbose_subevents ? 1 : std::max<std::int64_t>(1, rules.max_subevent_s);
  auto gap_s = rules.unconsolidated ? 0 : rules.merge_gap_s;
  auto max_event_s = std::max<std::int64_t>(1, rules.unconsolidated ? std::max<std::int64_t>(1, rules.max_subevent_s)
                                                                    : rules.max_event_s);
  std::vector<ConsolidatedEvent> events;
  for (auto stretch : stretches(ordered, gap_s)) {
    if (stretch.empty())
      continue;
    for (auto piece : cut(stretch, max_event_s)) {
      auto event = event_of(piece, max_subevent_s, grid_cells, roi_cells);
      if (event.duration_ms() >= rules.min_duration_ms)
        events.push_back(std::move(event));
    }
  }
  return events;
}

} // namespace argus::analytics
