#include "analytics/motion_index_writer.hpp"

#include <spdlog/spdlog.h>

#include "store/database.hpp"

namespace argus::analytics {
namespace {

std::int64_t span_start(std::int64_t second_s, std::int64_t span_s) {
  auto start = second_s / span_s * span_s;
  return start > second_s ? start - span_s : start;
}

} // namespace

MotionIndexWriter::Summary& MotionIndexWriter::summary(std::int64_t camera_id, std::int64_t span_s,
                                                       std::int64_t start_s, const MotionGrid& grid) {
  Key key{camera_id, span_s, start_s};
  auto found = summaries_.find(key);
  if (found != summaries_.end())
    return found->second;
  Summary fresh{CellLevels(grid), 0, false};
  if (auto stored = database_.find_motion_summary(camera_id, span_s, start_s)) {
    auto levels = decode_cell_levels(stored->cells);
    if (levels && levels->grid == grid) {
      fresh.levels = std::move(*levels);
      fresh.seconds = stored->seconds;
    }
  }
  return summaries_.emplace(key, std::move(fresh)).first->second;
}

void MotionIndexWriter::add_second(std::int64_t camera_id, std::int64_t second_s, const CellLevels& levels) {
  std::lock_guard lock(mutex_);
  pending_.push_back({camera_id, second_s, encode_cell_levels(levels)});
  for (auto span_s : {k_minute_s, k_hour_s}) {
    auto& span = summary(camera_id, span_s, span_start(second_s, span_s), levels.grid);
    if (span.levels.grid != levels.grid)
      span = Summary{CellLevels(levels.grid), 0, false}; // the camera's grid changed: the span starts over
    span.levels.merge_max(levels);
    ++span.seconds;
    span.dirty = true;
  }
}

std::size_t MotionIndexWriter::flush() {
  std::lock_guard flush_lock(flush_mutex_);
  std::vector<store::MotionSecondRecord> seconds;
  std::vector<store::MotionSummaryRecord> summaries;
  {
    std::lock_guard lock(mutex_);
    seconds.swap(pending_);
    for (auto it = summaries_.begin(); it != summaries_.end();) {
      auto& [key, span] = *it;
      if (span.dirty) {
        summaries.push_back(
            {std::get<0>(key), std::get<1>(key), std::get<2>(key), span.seconds, encode_cell_levels(span.levels)});
        span.dirty = false;
      }
      // Only the newest span of each camera and length is still growing; older ones leave the cache once written.
      auto next = std::next(it);
      bool superseded = next != summaries_.end() && std::get<0>(next->first) == std::get<0>(key) &&
                        std::get<1>(next->first) == std::get<1>(key);
      it = superseded && !span.dirty ? summaries_.erase(it) : next;
    }
  }
  if (seconds.empty() && summaries.empty())
    return 0;
  try {
    database_.append_motion(seconds, summaries);
  } catch (const std::exception& error) {
    spdlog::error("motion: {} seconds not stored: {}", seconds.size(), error.what());
    return 0;
  }
  return seconds.size();
}

} // namespace argus::analytics
