#pragma once
// Retention: per camera, chunks that ended more than retention_days ago; per storage directory, the oldest chunks
// while the recorded bytes exceed the quota. Whole chunk files go (index rows first, then the file), never the chunks
// being written. Also frees disk space: free_up() deletes the oldest chunks of every storage directory until enough
// bytes are gone (the recorder keeps a free-space reserve with it, see free_space_reserve_bytes).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>

namespace argus::store {
class Database;
}

namespace argus::media {

class RecordingStore;

struct RetentionReport {
  int chunks_deleted_by_age = 0;
  int chunks_deleted_by_quota = 0;
  std::int64_t bytes_freed = 0;
};

//! Free (for unprivileged writers) and total bytes of the filesystem holding `dir`; nullopt when it cannot be read.
struct DiskSpace {
  std::int64_t available_bytes = 0;
  std::int64_t total_bytes = 0;
};
std::optional<DiskSpace> disk_space(const std::filesystem::path& dir);

//! The free space recordings must leave on their filesystem: `configured` when set, else max(5 % of it, 2 GiB).
std::int64_t free_space_reserve_bytes(std::optional<std::int64_t> configured, std::int64_t total_bytes);

class Retention {
public:
  Retention(store::Database& database, RecordingStore& recordings, std::function<std::int64_t()> now_ms);

  //! One pass over every camera and storage directory.
  RetentionReport run_once();
  //! Deletes the oldest chunks (not the open ones) until `bytes` are freed or none is left; returns the bytes freed.
  std::int64_t free_up(std::int64_t bytes);

private:
  bool delete_chunk(std::int64_t chunk_id, const std::string& file_path, std::int64_t size_bytes,
                    const std::set<std::int64_t>& open, RetentionReport& report);

  store::Database& database_;
  RecordingStore& recordings_;
  std::function<std::int64_t()> now_ms_;
};

} // namespace argus::media
