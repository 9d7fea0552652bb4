#pragma once
// Recording store: appends GOP fragments to per-camera-stream chunk files
// (DATA/recordings/{camera_id}/{stream}/{start_ms}.m4s, init segments beside them as init-{start_ms}.mp4), rolls a
// chunk over after chunk_max_ms or chunk_max_bytes (and at a gap, a backward step or a source clock jump), and indexes every fragment in the database in batches (one
// transaction per flush interval for all streams, from a background thread). Crash recovery (recover()) heals the
// index of the newest chunks from the files and truncates torn tails.
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "media/media_types.hpp"
#include "store/recording_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::media {

struct Fragment;
struct RecordedFragment;
class ChunkFile;

struct RecordingStoreOptions {
  std::int64_t chunk_max_ms = 5 * 60 * 1000;
  std::int64_t chunk_max_bytes = 64ll << 20;
  //! A longer gap between fragments starts a new chunk: a chunk is one recorded range, which lets availability over
  //! weeks read chunk rows instead of fragment rows (store::Database::recorded_ranges).
  std::int64_t chunk_max_gap_ms = 2000;
  std::int64_t index_flush_interval_ms = 1000;
  //! A fragment starting later than this after now is refused (Error(invalid_input)), whatever its source did:
  //! nothing is indexed later than now plus one segment (the fragmenter's longest fragment).
  std::int64_t max_future_ms = 10'000;
  //! UTC now in ms (tests move it); null: the system clock.
  std::function<std::int64_t()> wall_ms = nullptr;
};

struct RecoveryReport {
  int chunks_checked = 0;
  int fragments_reindexed = 0;
  std::uint64_t bytes_truncated = 0;
  int chunks_dropped = 0; // index rows whose file was gone
};

class RecordingStore;

//! Writes one camera stream. Used from that stream's ingest thread only; destroying it closes the chunk.
class StreamWriter {
public:
  ~StreamWriter();
  //! Appends a fragment (rolls the chunk over first when due; a fragment whose source clock jumped starts a new
  //! chunk: a new recording run). Throws Error(unavailable) on a write failure, Error(invalid_input) for a fragment
  //! starting more than RecordingStoreOptions::max_future_ms after now. Returns where it was written (one gather
  //! write of its head and samples).
  RecordedFragment append(const Fragment& fragment);
  //! Id of the init segment record describing this stream's fragments.
  std::int64_t init_segment_id() const { return init_segment_id_; }

private:
  friend class RecordingStore;
  StreamWriter(RecordingStore& store, std::int64_t camera_id, std::string stream, std::int64_t init_segment_id);
  void close_chunk();

  RecordingStore& store_;
  std::int64_t camera_id_;
  std::string stream_;
  std::int64_t init_segment_id_;
  std::unique_ptr<ChunkFile> chunk_;
  std::shared_ptr<const std::filesystem::path> chunk_path_; // absolute, shared with the live hub's recorded segments
  store::ChunkRecord chunk_record_;
};

class RecordingStore {
public:
  RecordingStore(store::Database& database, std::filesystem::path data_dir, RecordingStoreOptions options = {});
  ~RecordingStore();

  //! Heals the index from the newest chunk files of every stream (call before the first writer opens).
  RecoveryReport recover();
  //! A writer for a camera stream ("main" | "sub") whose fragments match init_segment (the fragmenter's).
  std::unique_ptr<StreamWriter> open_stream(std::int64_t camera_id, const std::string& stream, const StreamInfo& info,
                                            const std::vector<std::uint8_t>& init_segment);
  //! Writes the pending index rows now (the background thread does it every flush interval).
  void flush_index();
  //! Ids of the chunks being written (retention must not delete them).
  std::set<std::int64_t> open_chunk_ids();
  //! Called (from a writer's thread) when a write pushed the storage directory over its quota.
  void set_over_quota_handler(std::function<void()> handler);
  //! Tells the store that retention removed bytes (keeps the quota estimate current).
  void release_bytes(std::int64_t bytes);
  //! Recording root: DATA/recordings.
  std::filesystem::path root() const { return data_dir_ / "recordings"; }
  //! Absolute path of a file_path stored in the index.
  std::filesystem::path absolute(const std::string& file_path) const { return data_dir_ / file_path; }

private:
  std::int64_t now_ms() const { return options_.wall_ms(); }
  friend class StreamWriter;
  std::int64_t start_chunk(StreamWriter& writer, std::int64_t start_ms);
  void queue(const store::FragmentRecord& fragment, const store::ChunkRecord& chunk);
  void chunk_closed(std::int64_t chunk_id, int fd);
  void flusher();

  store::Database& database_;
  std::filesystem::path data_dir_;
  RecordingStoreOptions options_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::vector<store::FragmentRecord> pending_fragments_;
  std::vector<store::ChunkRecord> pending_chunks_;
  std::vector<int> pending_syncs_; // descriptors of rolled-over chunks: fdatasync + close off the ingest thread
  std::set<std::int64_t> open_chunks_;
  std::int64_t quota_bytes_ = 0;
  std::int64_t recorded_bytes_ = 0;
  std::function<void()> over_quota_;
  std::thread flush_thread_;
};

} // namespace argus::media
