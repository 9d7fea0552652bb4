#pragma once
// Batches motion seconds into the store with their minute and hour summaries (the per-cell maximum of the span's
// seconds and how many seconds had motion). A summary seen for the first time is loaded from the store, so a restart
// in the middle of a minute adds to what is there. flush() writes the batch in one transaction (MotionService calls it
// every second), so a summary never claims seconds the store does not have. Thread-safe.
#include <cstdint>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

#include "analytics/cell_levels.hpp"
#include "store/motion_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::analytics {

inline constexpr std::int64_t k_minute_s = 60;
inline constexpr std::int64_t k_hour_s = 3600;

class MotionIndexWriter {
public:
  explicit MotionIndexWriter(store::Database& database) : database_(database) {}

  //! Queues a second with motion and merges it into its minute and hour summaries.
  void add_second(std::int64_t camera_id, std::int64_t second_s, const CellLevels& levels);
  //! Writes what is queued (seconds and changed summaries) in one transaction; returns the seconds written. On a store
  //! failure the batch is logged and dropped.
  std::size_t flush();

private:
  using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t>; // camera, span_s, start_s
  struct Summary {
    CellLevels levels;
    std::int64_t seconds = 0;
    bool dirty = false;
  };
  Summary& summary(std::int64_t camera_id, std::int64_t span_s, std::int64_t start_s, const MotionGrid& grid);

  store::Database& database_;
  std::mutex flush_mutex_; // one flush at a time
  std::mutex mutex_;
  std::vector<store::MotionSecondRecord> pending_;
  std::map<Key, Summary> summaries_;
};

} // namespace argus::analytics
