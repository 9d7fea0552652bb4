#pragma once
// At most one report per key (a session) per interval, e.g. the portal's memory reports: the first report of a key
// is accepted and starts its interval; another within the interval is refused with the time left. Checking and
// recording happen in one critical section, so two reports that arrive together cannot both pass. Kept in memory;
// keys whose interval ended are dropped once the table reaches its bound, and a full table of live keys refuses new
// keys rather than grow.
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "services/clock.hpp"

namespace argus::services {

class ReportLimiter {
public:
  ReportLimiter(Clock now_ms, std::int64_t interval_ms, std::size_t max_keys = 100'000);

  //! 0 when a report of key may go ahead (and records it), else milliseconds until it may (at least 1).
  std::int64_t acquire(std::string_view key);
  //! The interval between two reports of one key, ms.
  std::int64_t interval_ms() const { return interval_ms_; }
  //! Keys held (tests of the memory bound).
  std::size_t tracked_keys() const;

private:
  Clock now_ms_;
  std::int64_t interval_ms_;
  std::size_t max_keys_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::int64_t> last_ms_; // key → time of its last accepted report
};

} // namespace argus::services
