#pragma once
// Stores the portal's motion search telemetry off the HTTP threads (docs/design/search.md "Motion search
// telemetry"): a handler offers a checked batch and answers at once; one thread writes what is queued in a single
// transaction and drops events older than the retention once an hour. The queue is bounded in events: a flood is
// refused (the handler answers 503), never buffered without end. What is still queued when the writer stops is
// written before it goes.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "services/clock.hpp"
#include "store/motion_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

struct MotionTelemetryWriterOptions {
  std::size_t max_queued_events = 20'000;
  std::int64_t keep_ms = 90LL * 24 * 3600 * 1000;
  std::int64_t prune_every_ms = 3600 * 1000;
};

class MotionTelemetryWriter {
public:
  MotionTelemetryWriter(store::Database& database, Clock now_ms, MotionTelemetryWriterOptions options = {});
  ~MotionTelemetryWriter();
  MotionTelemetryWriter(const MotionTelemetryWriter&) = delete;
  MotionTelemetryWriter& operator=(const MotionTelemetryWriter&) = delete;

  //! Queues a batch for writing; false (nothing queued) when it would take the queue over its bound.
  bool offer(std::vector<store::MotionTelemetryRecord> batch);
  //! Returns once every batch offered before the call is written (or failed to be).
  void flush();
  //! Events queued and not yet written.
  std::size_t queued_events() const;
  //! Batches refused because the queue was full.
  std::int64_t refused_batches() const;

private:
  void run();
  void write(std::vector<store::MotionTelemetryRecord>& events);
  void prune_if_due();

  store::Database& database_;
  Clock now_ms_;
  MotionTelemetryWriterOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<store::MotionTelemetryRecord>> queue_;
  std::size_t queued_events_ = 0;
  std::int64_t offered_ = 0; // batches offered so far
  std::int64_t written_ = 0; // batches taken off the queue and written (or failed)
  std::int64_t refused_ = 0;
  std::int64_t last_prune_ms_ = 0;
  bool stopping_ = false;
  std::thread worker_;
};

} // namespace argus::services
