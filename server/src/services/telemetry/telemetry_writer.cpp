#include "services/telemetry/motion_telemetry_writer.hpp"

#include <spdlog/spdlog.h>

#include "store/database.hpp"

namespace argus::services {

MotionTelemetryWriter::MotionTelemetryWriter(store::Database& database, Clock now_ms,
                                             MotionTelemetryWriterOptions options)
    : database_(database), now_ms_(std::move(now_ms)), options_(options), worker_([this] { run(); }) {}

MotionTelemetryWriter::~MotionTelemetryWriter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  worker_.join();
}

bool MotionTelemetryWriter::offer(std::vector<store::MotionTelemetryRecord> batch) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queued_events_ + batch.size() > options_.max_queued_events) {
      ++refused_;
      return false;
    }
    queued_events_ += batch.size();
    queue_.push_back(std::move(batch));
    ++offered_;
  }
  changed_.notify_all();
  return true;
}

void MotionTelemetryWriter::flush() {
  std::unique_lock lock(mutex_);
  auto target = offered_;
  changed_.wait(lock, [&] { return written_ >= target; });
}

std::size_t MotionTelemetryWriter::queued_events() const {
  std::lock_guard lock(mutex_);
  return queued_events_;
}

std::int64_t MotionTelemetryWriter::refused_batches() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

void MotionTelemetryWriter::run() {
  prune_if_due();
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait_for(lock, std::chrono::milliseconds(options_.prune_every_ms),
                      [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty() && stopping_)
      return;
    // Everything queued goes in one transaction.
    std::vector<store::MotionTelemetryRecord> events;
    auto batches = static_cast<std::int64_t>(queue_.size());
    for (auto& batch : queue_)
      events.insert(events.end(), std::make_move_iterator(batch.begin()), std::make_move_iterator(batch.end()));
    queue_.clear();
    lock.unlock();
    write(events);
    prune_if_due();
    lock.lock();
    queued_events_ -= events.size();
    written_ += batches;
    changed_.notify_all();
  }
}

void MotionTelemetryWriter::write(std::vector<store::MotionTelemetryRecord>& events) {
  if (events.empty())
    return;
  try {
    database_.insert_motion_telemetry(events);
  } catch (const std::exception& error) {
    spdlog::warn("motion search telemetry: {} events not stored: {}", events.size(), error.what());
  }
}

void MotionTelemetryWriter::prune_if_due() {
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
