#include "services/export_queue.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <fstream>

#include "common/error.hpp"
#include "media/mp4_export.hpp"
#include "services/export_plan.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

using store::ExportJobRecord;
using store::ExportState;

constexpr std::int64_t k_sweep_interval_ms = 60'000;
constexpr std::int64_t k_idle_wait_ms = 1'000;
constexpr const char* k_unfriendly = "Unexpected error, please contact support.";

//! What the user reads for a failure the user can act on (the error's own text otherwise stays in the log).
std::string friendly_message(const Error& error) {
  std::string text = error.what();
  constexpr std::string_view prefix = "export: ";
  if (text.rfind(prefix, 0) == 0)
    text = text.substr(prefix.size());
  if (!text.empty())
    text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

void write_file_atomically(const std::filesystem::path& path, const std::string& text) {
  auto temporary = path;
  temporary += ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out)
      throw StorageFullError("writing " + path.filename().string());
  }
  std::filesystem::rename(temporary, path);
}

} // namespace

ExportQueue::ExportQueue(store::Database& database, ExportSigner signer, ExportQueueOptions options, Clock now_ms)
    : database_(database), signer_(std::move(signer)), options_(std::move(options)), now_ms_(std::move(now_ms)) {}

ExportQueue::~ExportQueue() {
  stop();
}

void ExportQueue::start() {
  std::filesystem::create_directories(options_.data_dir / "exports");
  for (auto job : database_.export_jobs_in_state(ExportState::running)) {
    delete_files(job); // a cut run's partial file
    job.file_path.reset();
    job.progress = 0;
    if (job.attempts >= options_.max_attempts) {
      job.state = ExportState::failed;
      job.error = "The export was interrupted too many times";
      job.error_user_friendly = true;
      job.completed_ms = now_ms_();
    } else {
      job.state = ExportState::queued;
    }
    database_.update_export_job(job);
    spdlog::info("export {}: cut by a stop, {}", job.id, job.state == ExportState::queued ? "queued again" : "failed");
  }
  std::lock_guard lock(mutex_);
  stopping_ = false;
  for (int i = 0; i < std::max(1, options_.workers); ++i)
    workers_.emplace_back([this] { work(); });
}

void ExportQueue::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& worker : workers_)
    if (worker.joinable())
      worker.join();
  workers_.clear();
}

std::int64_t ExportQueue::submit(ExportJobRecord job) {
  job.state = ExportState::queued;
  std::int64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    id = database_.insert_export_job(job);
  }
  wake_.notify_all();
  return id;
}

std::optional<ExportJobRecord> ExportQueue::update(std::int64_t job_id,
                                                   const std::function<bool(ExportJobRecord&)>& change) {
  std::optional<ExportJobRecord> job;
  {
    std::lock_guard lock(mutex_);
    job = database_.find_export_job(job_id);
    if (!job)
      return std::nullopt;
    if (change(*job))
      database_.update_export_job(*job);
  }
  wake_.notify_all();
  return job;
}

std::optional<ExportJobRecord> ExportQueue::cancel(std::int64_t job_id) {
  auto now = now_ms_();
  return update(job_id, [&](ExportJobRecord& job) {
    if (job.state == ExportState::queued) {
      job.state = ExportState::cancelled;
      job.cancellation_requested_ms = now;
      job.cancelled_ms = now;
      return true;
    }
    if (job.state != ExportState::running || job.cancellation_requested_ms)
      return false;
    job.cancellation_requested_ms = now;
    cancelling_.insert(job.id);
    return true;
  });
}

bool ExportQueue::remove(std::int64_t job_id) {
  std::optional<ExportJobRecord> job;
  {
    std::unique_lock lock(mutex_);
    job = database_.find_export_job(job_id);
    if (!job)
      return false;
    // A running export stops at its next fragment; its worker then finds the row gone and removes its file.
    if (running_.contains(job_id))
      cancelling_.insert(job_id);
    database_.delete_export_job(job_id);
  }
  delete_files(*job);
  return true;
}

void ExportQueue::wake() {
  wake_.notify_all();
}

std::optional<std::filesystem::path> ExportQueue::file_of(const ExportJobRecord& job) const {
  if (!job.file_path)
    return std::nullopt;
  return options_.data_dir / *job.file_path;
}

std::filesystem::path ExportQueue::manifest_of(const std::filesystem::path& file) {
  auto manifest = file;
  manifest += ".manifest.json";
  return manifest;
}

void ExportQueue::delete_files(const ExportJobRecord& job) const {
  std::error_code ignored;
  std::filesystem::remove_all(options_.data_dir / "exports" / std::to_string(job.id), ignored);
}

void ExportQueue::sweep_expired() {
  auto now = now_ms_();
  for (const auto& expired : database_.export_jobs_expired(now)) {
    delete_files(expired);
    update(expired.id, [](ExportJobRecord& job) {
      job.file_path.reset();
      return true;
    });
    spdlog::info("export {}: expired, file deleted", expired.id);
  }
}

std::optional<ExportJobRecord> ExportQueue::claim_next(std::int64_t now_ms, std::int64_t& next_due_ms) {
  next_due_ms = now_ms + k_idle_wait_ms;
  for (auto& job : database_.export_jobs_in_state(ExportState::queued)) {
    if (running_.contains(job.id))
      continue;
    bool due = job.force_started_ms || job.scheduled_for_ms <= now_ms;
    if (!due) {
      next_due_ms = std::min(next_due_ms, job.scheduled_for_ms);
      continue;
    }
    job.state = ExportState::running;
    job.attempts += 1;
    job.progress = 0;
    job.started_ms = now_ms;
    job.error.reset();
    job.error_user_friendly = false;
    database_.update_export_job(job);
    running_.insert(job.id);
    return job;
  }
  return std::nullopt;
}

void ExportQueue::work() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    auto now = now_ms_();
    if (now >= next_sweep_ms_) {
      next_sweep_ms_ = now + k_sweep_interval_ms;
      lock.unlock();
      try {
        sweep_expired();
      } catch (const std::exception& error) {
        spdlog::warn("export expiry sweep: {}", error.what());
      }
      lock.lock();
      continue;
    }
    std::int64_t next_due_ms = 0;
    std::optional<ExportJobRecord> job;
    try {
      job = claim_next(now, next_due_ms);
    } catch (const std::exception& error) {
      spdlog::warn("export queue: {}", error.what());
    }
    if (!job) {
      wake_.wait_for(lock, std::chrono::milliseconds(std::clamp<std::int64_t>(next_due_ms - now, 10, k_idle_wait_ms)));
      continue;
    }
    lock.unlock();
    run(std::move(*job));
    lock.lock();
  }
}

bool ExportQueue::cancel_requested(std::int64_t job_id) {
  std::lock_guard lock(mutex_);
  return stopping_ || cancelling_.contains(job_id);
}

void ExportQueue::finish(std::int64_t job_id, const std::function<void(ExportJobRecord&)>& outcome) {
  std::optional<ExportJobRecord> gone;
  {
    std::lock_guard lock(mutex_);
    running_.erase(job_id);
    bool was_cancelling = cancelling_.erase(job_id) > 0;
    auto job = database_.find_export_job(job_id);
    if (!job) {
      gone = ExportJobRecord{};
      gone->id = job_id;
    } else if (stopping_ && !was_cancelling) {
      // Cut by the stop: queued again at the next start (start() does it for rows left running).
      return;
    } else {
      outcome(*job);
      database_.update_export_job(*job);
    }
  }
  if (gone)
    delete_files(*gone); // deleted while it ran
}

void ExportQueue::run(ExportJobRecord job) {
  auto directory = options_.data_dir / "exports" / std::to_string(job.id);
  auto relative = std::filesystem::path("exports") / std::to_string(job.id) / job.filename;
  auto file = options_.data_dir / relative;
  auto partial = file;
  partial += ".partial";
  std::int64_t last_progress_ms = 0;
  std::int64_t last_progress = 0;
  auto progress = [&](double done) {
    if (cancel_requested(job.id))
      return false;
    auto now = now_ms_();
    auto percent = std::clamp<std::int64_t>(static_cast<std::int64_t>(done * 99), 0, 99);
    if (percent != last_progress && now - last_progress_ms >= options_.progress_interval_ms) {
      last_progress_ms = now;
      last_progress = percent;
      update(job.id, [&](ExportJobRecord& stored) {
        stored.progress = percent;
        return stored.state == ExportState::running;
      });
    }
    return true;
  };
  try {
    delete_files(job);
    std::filesystem::create_directories(directory);
    auto parts = export_parts(database_, options_.data_dir, job);
    auto result = media::export_mp4(parts, partial, progress);
    std::filesystem::rename(partial, file);
    auto sha256 = sha256_of_file(file);
    auto completed = now_ms_();
    ExportManifest manifest{job.id,           job.organization_id, job.network_id,        job.camera_id,
                            job.camera_name,  job.filename,        job.t0_ms,             job.t1_ms,
                            result.first_ms,  result.end_ms,       static_cast<std::int64_t>(result.file_bytes),
                            sha256,           completed,           job.user_name};
    write_file_atomically(manifest_of(file), signer_.sign(manifest));
    spdlog::info("export {}: {} bytes, {} frames, {} gaps", job.id, result.file_bytes, result.video_frames, result.gaps);
    finish(job.id, [&](ExportJobRecord& stored) {
      stored.state = ExportState::complete;
      stored.progress = 100;
      stored.completed_ms = completed;
      stored.expires_ms = completed + options_.keep_ms;
      stored.file_path = relative.string();
      stored.file_bytes = static_cast<std::int64_t>(result.file_bytes);
      stored.sha256 = sha256;
      stored.media_first_ms = result.first_ms;
      stored.media_end_ms = result.end_ms;
    });
  } catch (const media::ExportCancelled&) {
    delete_files(job);
    auto now = now_ms_();
    finish(job.id, [&](ExportJobRecord& stored) {
      stored.state = ExportState::cancelled;
      stored.cancelled_ms = now;
    });
  } catch (const Error& error) {
    delete_files(job);
    bool user_can_act = error.kind() == Error::Kind::invalid_input || error.kind() == Error::Kind::not_found ||
                        dynamic_cast<const StorageFullError*>(&error) != nullptr;
    bool retry = !user_can_act && error.kind() == Error::Kind::unavailable && job.attempts < options_.max_attempts;
    spdlog::warn("export {}: {}{}", job.id, error.what(), retry ? " (will retry)" : "");
    auto now = now_ms_();
    finish(job.id, [&](ExportJobRecord& stored) {
      stored.progress = 0;
      if (retry) {
        stored.state = ExportState::queued;
        return;
      }
      stored.state = ExportState::failed;
      stored.completed_ms = now;
      stored.error_user_friendly = user_can_act;
      stored.error = user_can_act ? friendly_message(error) : std::string(k_unfriendly);
    });
  } catch (const std::exception& error) {
    delete_files(job);
    spdlog::error("export {}: {}", job.id, error.what());
    auto now = now_ms_();
    finish(job.id, [&](ExportJobRecord& stored) {
      stored.state = ExportState::failed;
      stored.progress = 0;
      stored.completed_ms = now;
      stored.error = k_unfriendly;
      stored.error_user_friendly = false;
    });
  }
}

} // namespace argus::services
