#include "media/retention.hpp"

#include <sys/statvfs.h>

#include <algorithm>

#include <spdlog/spdlog.h>

#include "media/recording_store.hpp"
#include "store/database.hpp"

namespace argus::media {

namespace {
constexpr std::int64_t k_day_ms = 24ll * 3600 * 1000;
constexpr std::int64_t k_quota_batch = 32;
} // namespace

std::optional<DiskSpace> disk_space(const std::filesystem::path& dir) {
  struct statvfs stats {};
  if (::statvfs(dir.c_str(), &stats) != 0)
    return std::nullopt;
  auto block = static_cast<std::int64_t>(stats.f_frsize);
  return DiskSpace{static_cast<std::int64_t>(stats.f_bavail) * block, static_cast<std::int64_t>(stats.f_blocks) * block};
}

std::int64_t free_space_reserve_bytes(std::optional<std::int64_t> configured, std::int64_t total_bytes) {
  if (configured)
    return *configured;
  constexpr std::int64_t k_min_reserve_bytes = 2ll * 1024 * 1024 * 1024;
  return std::max(total_bytes / 20, k_min_reserve_bytes);
}

Retention::Retention(store::Database& database, RecordingStore& recordings, std::function<std::int64_t()> now_ms)
    : database_(database), recordings_(recordings), now_ms_(std::move(now_ms)) {}

bool Retention::delete_chunk(std::int64_t chunk_id, const std::string& file_path, std::int64_t size_bytes,
                             const std::set<std::int64_t>& open, RetentionReport& report) {
  if (open.count(chunk_id))
    return false;
  // Index first: a playlist must never point at a deleted file. A crash in between leaves an orphan file only.
  database_.delete_chunk(chunk_id);
  std::error_code error;
  std::filesystem::remove(recordings_.absolute(file_path), error);
  if (error)
    spdlog::warn("retention: cannot delete {}: {}", file_path, error.message());
  recordings_.release_bytes(size_bytes);
  report.bytes_freed += size_bytes;
  return true;
}

std::int64_t Retention::free_up(std::int64_t bytes) {
  RetentionReport report;
  auto open = recordings_.open_chunk_ids();
  for (const auto& dir : database_.storage_dirs()) {
    while (report.bytes_freed < bytes) {
      bool progressed = false;
      for (const auto& chunk : database_.oldest_chunks(dir.id, k_quota_batch)) {
        if (report.bytes_freed >= bytes)
          break;
        progressed = delete_chunk(chunk.id, chunk.file_path, chunk.size_bytes, open, report) || progressed;
      }
      if (!progressed)
        break; // only open chunks are left
    }
  }
  if (report.bytes_freed > 0)
    spdlog::warn("retention: free space under the reserve, deleted the oldest recordings ({} bytes)", report.bytes_freed);
  return report.bytes_freed;
}

RetentionReport Retention::run_once() {
  RetentionReport report;
  auto open = recordings_.open_chunk_ids();
  auto now = now_ms_();
  for (const auto& source : database_.camera_sources()) {
    if (source.retention_days <= 0)
      continue;
    for (const auto& chunk : database_.chunks_ended_before(source.camera_id, now - source.retention_days * k_day_ms)) {
      if (delete_chunk(chunk.id, chunk.file_path, chunk.size_bytes, open, report))
        ++report.chunks_deleted_by_age;
    }
  }
  for (const auto& dir : database_.storage_dirs()) {
    if (dir.recording_quota_bytes <= 0)
      continue;
    auto used = database_.recorded_bytes(dir.id);
    while (used > dir.recording_quota_bytes) {
      auto oldest = database_.oldest_chunks(dir.id, k_quota_batch);
      bool progressed = false;
      for (const auto& chunk : oldest) {
        if (used <= dir.recording_quota_bytes)
          break;
        if (delete_chunk(chunk.id, chunk.file_path, chunk.size_bytes, open, report)) {
          ++report.chunks_deleted_by_quota;
          used -= chunk.size_bytes;
          progressed = true;
        }
      }
      if (!progressed)
        break; // only open chunks are left
    }
  }
  if (report.bytes_freed > 0) {
    spdlog::info("retention: deleted {} chunks by age and {} by quota ({} bytes)", report.chunks_deleted_by_age,
                 report.chunks_deleted_by_quota, report.bytes_freed);
  }
  return report;
}

} // namespace argus::media
