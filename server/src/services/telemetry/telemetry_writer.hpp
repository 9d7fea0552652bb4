#pragma once
// Stores the portal's telemetry off the HTTP threads: motion search batches (docs/design/search.md "Motion search
// telemetry") and wall pages' memory reports (docs/design/walls.md "Memory telemetry"). A handler offers what it
// checked and answers at once; one thread writes what is queued (the motion events of all queued batches in a single
// transaction) and drops motion events older than their retention once an hour. The queue is bounded in records: a
// flood is refused (the handler answers 503), never buffered without end. What is still queued when the writer stops
// is written before it goes.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <variant>
#include <vector>

#include "services/clock.hpp"
#include "store/motion_records.hpp"
#include "store/telemetry_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

struct TelemetryWriterOptions {
  std::size_t max_queued_records = 20'000;
  std::int64_t keep_ms = 90LL * 24 * 3600 * 1000;
  std::int64_t prune_every_ms = 3600 * 1000;
};

class TelemetryWriter {
public:
  TelemetryWriter(store::Database& database, Clock now_ms, TelemetryWriterOptions options = {});
  ~TelemetryWriter();
  TelemetryWriter(const TelemetryWriter&) = delete;
  TelemetryWriter& operator=(const TelemetryWriter&) = delete;

  //! Queues a motion search batch; false (nothing queued) when it would take the queue over its bound.
  bool offer(std::vector<store::MotionTelemetryRecord> batch);
  //! Queues a memory report, stored with the reports received before keep_since_ms dropped; false when full.
  bool offer(store::ClientMemoryTelemetryRecord report, std::int64_t keep_since_ms);
  //! Returns once everything offered before the call is written (or failed to be).
  void flush();
  //! Records queued and not yet written.
  std::size_t queued_records() const;
  //! Batches and reports refused because the queue was full.
  std::int64_t refused_batches() const;

private:
  struct MemoryReport {
    store::ClientMemoryTelemetryRecord report;
    std::int64_t keep_since_ms = 0;
  };
  using Item = std::variant<std::vector<store::MotionTelemetryRecord>, MemoryReport>;

  bool enqueue(Item item, std::size_t records);
  void run();
  void write(std::deque<Item>& items);
  void prune_if_due();

  store::Database& database_;
  Clock now_ms_;
  TelemetryWriterOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Item> queue_;
  std::size_t queued_records_ = 0;
  std::int64_t offered_ = 0; // items offered so far
  std::int64_t written_ = 0; // items taken off the queue and written (or failed)
  std::int64_t refused_ = 0;
  std::int64_t last_prune_ms_ = 0;
  bool stopping_ = false;
  std::thread worker_;
};

} // namespace argus::services
