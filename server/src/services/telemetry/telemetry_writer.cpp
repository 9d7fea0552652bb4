#include "services/telemetry/telemetry_writer.hpp"

#include <spdlog/spdlog.h>

#include "store/database.hpp"

namespace argus::services {

TelemetryWriter::TelemetryWriter(store::Database& database, Clock now_ms, TelemetryWriterOptions options)
    : database_(database), now_ms_(std::move(now_ms)), options_(options), worker_([this] { run(); }) {}

TelemetryWriter::~TelemetryWriter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  worker_.join();
}

bool TelemetryWriter::offer(std::vector<store::MotionTelemetryRecord> batch) {
  auto records = batch.size();
  return enqueue(std::move(batch), records);
}

bool TelemetryWriter::offer(store::ClientMemoryTelemetryRecord report, std::int64_t keep_since_ms) {
  return enqueue(MemoryReport{std::move(report), keep_since_ms}, 1);
}

bool TelemetryWriter::enqueue(Item item, std::size_t records) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queued_records_ + records > options_.max_queued_records) {
      ++refused_;
      return false;
    }
    queued_records_ += records;
    queue_.push_back(std::move(item));
    ++offered_;
  }
  changed_.notify_all();
  return true;
}

void TelemetryWriter::flush() {
  std::unique_lock lock(mutex_);
  auto target = offered_;
  changed_.wait(lock, [&] { return written_ >= target; });
}

std::size_t TelemetryWriter::queued_records() const {
  std::lock_guard lock(mutex_);
  return queued_records_;
}

std::int64_t TelemetryWriter::refused_batches() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

void TelemetryWriter::run() {
  prune_if_due();
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait_for(lock, std::chrono::milliseconds(options_.prune_every_ms),
                      [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty() && stopping_)
      return;
    std::deque<Item> items;
    items.swap(queue_);
    auto records = queued_records_;
    lock.unlock();
    write(items);
    prune_if_due();
    lock.lock();
    queued_records_ -= records;
    written_ += static_cast<std::int64_t>(items.size());
    changed_.notify_all();
  }
}

void TelemetryWriter::write(std::deque<Item>& items) {
  // The motion events of every queued batch go in one transaction.
  std::vector<store::MotionTelemetryRecord> events;
  for (auto& item : items) {
    if (auto* batch = std::get_if<std::vector<store::MotionTelemetryRecord>>(&item))
      events.insert(events.end(), batch->begin(), batch->end());
  }
  try {
    if (!events.empty())
      database_.insert_motion_telemetry(events);
  } catch (const std::exception& error) {
    spdlog::warn("motion search telemetry: {} events not stored: {}", events.size(), error.what());
  }
  for (auto& item : items) {
    auto* memory = std::get_if<MemoryReport>(&item);
    if (!memory)
      continue;
    try {
      database_.insert_client_memory_telemetry(memory->report, memory->keep_since_ms);
    } catch (const std::exception& error) {
      spdlog::warn("memory telemetry: a report was not stored: {}", error.what());
    }
  }
}

void TelemetryWriter::prune_if_due() {
  auto now = now_ms_();
  if (last_prune_ms_ != 0 && now - last_prune_ms_ < options_.prune_every_ms)
    return;
  last_prune_ms_ = now;
  try {
    if (auto deleted = database_.delete_motion_telemetry_before(now - options_.keep_ms); deleted > 0)
      spdlog::info("motion search telemetry: {} events older than {} days deleted", deleted,
                   options_.keep_ms / (24 * 3600 * 1000));
  } catch (const std::exception& error) {
    spdlog::warn("motion search telemetry: old events not deleted: {}", error.what());
  }
}

} // namespace argus::services
