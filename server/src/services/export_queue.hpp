#pragma once
// The export queue (spec 03 §3 export job, §4 job actions; issue 10): jobs are rows of the store, so the queue survives
// a restart — a job cut by one runs again from the start (at most max_attempts runs), never lost. A bounded pool of
// workers takes due jobs (force-started first, then by scheduled time), remuxes their recorded range into an MP4
// (media/mp4_export), hashes it, signs its manifest (export_evidence) and keeps it until it expires. Every change to a
// job goes through update() under one mutex, so a worker's progress never overwrites a rename or a cancel.
// docs/design/exports.md.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "services/clock.hpp"
#include "services/export_evidence.hpp"
#include "store/export_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

struct ExportQueueOptions {
  std::filesystem::path data_dir;
  int workers = 2;
  std::int64_t keep_ms = 30LL * 24 * 3600 * 1000; // a finished file is kept this long (export_expiration_date)
  int max_attempts = 3;                           // runs of one job, restarts included
  std::int64_t progress_interval_ms = 500;        // at most one progress write per job this often
};

class ExportQueue {
public:
  ExportQueue(store::Database& database, ExportSigner signer, ExportQueueOptions options, Clock now_ms);
  ExportQueue(const ExportQueue&) = delete;
  ExportQueue& operator=(const ExportQueue&) = delete;
  ~ExportQueue();

  //! Puts jobs cut by a stop back in the queue (or fails those out of attempts), removes their partial files, and
  //! starts the workers and the expiry sweep.
  void start();
  //! Stops the workers (a running export stops at its next fragment and stays queued for the next start).
  void stop();

  //! Adds a job (state queued) and returns its id.
  std::int64_t submit(store::ExportJobRecord job);
  //! Applies change to the stored job under the queue's lock and stores it; nullopt when the job is gone. change
  //! answers false to store nothing.
  std::optional<store::ExportJobRecord> update(std::int64_t job_id,
                                               const std::function<bool(store::ExportJobRecord&)>& change);
  //! A queued job is cancelled at once; a running one is asked to stop (cancellation_requested_ms) and becomes
  //! cancelled at its next fragment. Finished jobs are left as they are (answers them unchanged).
  std::optional<store::ExportJobRecord> cancel(std::int64_t job_id);
  //! Cancels a run, deletes the file, its manifest and the row.
  bool remove(std::int64_t job_id);
  //! Wakes the workers (a job became due: start now, retry).
  void wake();

  //! The export's file and its manifest (null when it has none).
  std::optional<std::filesystem::path> file_of(const store::ExportJobRecord& job) const;
  static std::filesystem::path manifest_of(const std::filesystem::path& file);
  const ExportSigner& signer() const { return signer_; }

  //! Runs the expiry sweep now (tests; the queue also runs it every minute).
  void sweep_expired();

private:
  void work();
  std::optional<store::ExportJobRecord> claim_next(std::int64_t now_ms, std::int64_t& next_due_ms);
  void run(store::ExportJobRecord job);
  void finish(std::int64_t job_id, const std::function<void(store::ExportJobRecord&)>& outcome);
  bool cancel_requested(std::int64_t job_id);
  void delete_files(const store::ExportJobRecord& job) const;

  store::Database& database_;
  ExportSigner signer_;
  ExportQueueOptions options_;
  Clock now_ms_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::set<std::int64_t> running_;
  std::set<std::int64_t> cancelling_;
  std::vector<std::thread> workers_;
  std::int64_t next_sweep_ms_ = 0;
};

} // namespace argus::services
