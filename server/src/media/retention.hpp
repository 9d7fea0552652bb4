#pragma once
// Retention: per camera, chunks that ended more than retention_days ago; per storage directory, the oldest chunks
// while the recorded bytes exceed the quota. Whole chunk files go (index rows first, then the file), never the chunks
// being written.
#include <cstdint>
#include <functional>
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

class Retention {
public:
  Retention(store::Database& database, RecordingStore& recordings, std::function<std::int64_t()> now_ms);

  //! One pass over every camera and storage directory.
  RetentionReport run_once();

private:
  bool delete_chunk(std::int64_t chunk_id, const std::string& file_path, std::int64_t size_bytes,
                    const std::set<std::int64_t>& open, RetentionReport& report);

  store::Database& database_;
  RecordingStore& recordings_;
  std::function<std::int64_t()> now_ms_;
};

} // namespace argus::media
