#include "media/recording_store.hpp"

#include <chrono>
#include <fstream>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "media/chunk_file.hpp"
#include "media/fragmenter.hpp"
#include "store/database.hpp"

namespace argus::media {
namespace {

std::vector<std::uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  auto temp = path;
  temp += ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out)
      throw Error(Error::Kind::unavailable, "cannot write " + temp.string());
  }
  std::filesystem::rename(temp, path);
}

std::int64_t system_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t fragment_end_ms(const Fragment& fragment) {
  return ticks_to_ms(fragment.start_90k + fragment.duration_90k);
}

} // namespace

StreamWriter::StreamWriter(RecordingStore& store, std::int64_t camera_id, std::string stream,
                           std::int64_t init_segment_id)
    : store_(store), camera_id_(camera_id), stream_(std::move(stream)), init_segment_id_(init_segment_id) {}

StreamWriter::~StreamWriter() {
  close_chunk();
}

void StreamWriter::close_chunk() {
  if (!chunk_)
    return;
  store_.chunk_closed(chunk_record_.id, chunk_->release());
  chunk_.reset();
}

RecordedFragment StreamWriter::append(const Fragment& fragment) {
  auto start_ms = ticks_to_ms(fragment.start_90k);
  auto ahead_ms = start_ms - store_.now_ms();
  if (ahead_ms > store_.options_.max_future_ms) {
    throw Error(Error::Kind::invalid_input, "camera " + std::to_string(camera_id_) + " " + stream_ +
                                               ": refusing a fragment stamped " + std::to_string(ahead_ms) +
                                               " ms in the future");
  }
  if (chunk_ &&
      (fragment.clock_reset || start_ms - chunk_record_.start_ms >= store_.options_.chunk_max_ms ||
       static_cast<std::int64_t>(chunk_->size() + fragment.bytes->size()) > store_.options_.chunk_max_bytes ||
       start_ms < chunk_record_.end_ms || start_ms - chunk_record_.end_ms > store_.options_.chunk_max_gap_ms)) {
    close_chunk();
  }
  if (!chunk_)
    store_.start_chunk(*this, start_ms);
  auto offset = chunk_->append(*fragment.bytes);
  auto size = fragment.bytes->size();
  store::FragmentRecord record{0,
                               chunk_record_.id,
                               camera_id_,
                               stream_,
                               start_ms,
                               fragment_end_ms(fragment) - start_ms,
                               static_cast<std::int64_t>(offset),
                               static_cast<std::int64_t>(size),
                               fragment.keyframe};
  chunk_record_.end_ms = fragment_end_ms(fragment);
  chunk_record_.size_bytes = static_cast<std::int64_t>(chunk_->size());
  store_.queue(record, chunk_record_);
  return {chunk_path_, offset, size};
}

RecordingStore::RecordingStore(store::Database& database, std::filesystem::path data_dir,
                               RecordingStoreOptions options)
    : database_(database), data_dir_(std::move(data_dir)), options_(std::move(options)) {
  if (!options_.wall_ms)
    options_.wall_ms = system_now_ms;
  for (const auto& dir : database_.storage_dirs()) {
    if (dir.id == 1)
      quota_bytes_ = dir.recording_quota_bytes;
  }
  recorded_bytes_ = database_.recorded_bytes(1);
  flush_thread_ = std::thread([this] { flusher(); });
}

RecordingStore::~RecordingStore() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  flush_thread_.join();
  flush_index();
}

void RecordingStore::flusher() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, std::chrono::milliseconds(options_.index_flush_interval_ms));
    lock.unlock();
    try {
      flush_index();
    } catch (const std::exception& e) {
      spdlog::error("recording index flush failed: {}", e.what());
    }
    lock.lock();
  }
}

void RecordingStore::flush_index() {
  std::vector<store::FragmentRecord> fragments;
  std::vector<store::ChunkRecord> chunks;
  std::vector<int> syncs;
  {
    std::lock_guard lock(mutex_);
    fragments.swap(pending_fragments_);
    chunks.swap(pending_chunks_);
    syncs.swap(pending_syncs_);
  }
  // Data before index: a rolled-over chunk is on disk before its last rows are committed.
  for (int fd : syncs) {
    ::fdatasync(fd);
    ::close(fd);
  }
  if (!fragments.empty() || !chunks.empty())
    database_.append_recording_index(fragments, chunks);
}

void RecordingStore::queue(const store::FragmentRecord& fragment, const store::ChunkRecord& chunk) {
  bool over_quota = false;
  std::function<void()> handler;
  {
    std::lock_guard lock(mutex_);
    pending_fragments_.push_back(fragment);
    auto it = std::find_if(pending_chunks_.begin(), pending_chunks_.end(),
                           [&](const auto& c) { return c.id == chunk.id; });
    if (it == pending_chunks_.end())
      pending_chunks_.push_back(chunk);
    else
      *it = chunk;
    recorded_bytes_ += fragment.size_bytes;
    over_quota = quota_bytes_ > 0 && recorded_bytes_ > quota_bytes_;
    handler = over_quota_;
  }
  if (over_quota && handler)
    handler();
}

void RecordingStore::chunk_closed(std::int64_t chunk_id, int fd) {
  std::lock_guard lock(mutex_);
  open_chunks_.erase(chunk_id);
  if (fd >= 0)
    pending_syncs_.push_back(fd);
}

std::int64_t RecordingStore::start_chunk(StreamWriter& writer, std::int64_t start_ms) {
  auto relative = std::filesystem::path("recordings") / std::to_string(writer.camera_id_) / writer.stream_ /
                  (std::to_string(start_ms) + ".m4s");
  store::ChunkRecord record{0, writer.camera_id_, writer.stream_, 1, relative.string(), writer.init_segment_id_,
                            start_ms, start_ms, 0};
  record.id = database_.insert_chunk(record);
  writer.chunk_ = std::make_unique<ChunkFile>(data_dir_ / relative);
  writer.chunk_path_ = std::make_shared<const std::filesystem::path>(data_dir_ / relative);
  writer.chunk_record_ = record;
  std::lock_guard lock(mutex_);
  open_chunks_.insert(record.id);
  return record.id;
}

std::unique_ptr<StreamWriter> RecordingStore::open_stream(std::int64_t camera_id, const std::string& stream,
                                                          const StreamInfo& info,
                                                          const std::vector<std::uint8_t>& init_segment) {
  auto dir = root() / std::to_string(camera_id) / stream;
  std::filesystem::create_directories(dir);
  std::int64_t init_id = 0;
  if (auto latest = database_.latest_init_segment(camera_id, stream)) {
    if (read_file(absolute(latest->file_path)) == init_segment)
      init_id = latest->id;
  }
  if (init_id == 0) {
    auto now_ms = system_now_ms();
    auto relative = std::filesystem::path("recordings") / std::to_string(camera_id) / stream /
                    ("init-" + std::to_string(now_ms) + ".mp4");
    write_file(data_dir_ / relative, init_segment);
    init_id = database_.insert_init_segment({0, camera_id, stream, info.codec_string(), info.width, info.height,
                                             info.browser_playable(), relative.string(), now_ms});
  }
  return std::unique_ptr<StreamWriter>(new StreamWriter(*this, camera_id, stream, init_id));
}

std::set<std::int64_t> RecordingStore::open_chunk_ids() {
  std::lock_guard lock(mutex_);
  return open_chunks_;
}

void RecordingStore::set_over_quota_handler(std::function<void()> handler) {
  std::lock_guard lock(mutex_);
  over_quota_ = std::move(handler);
}

void RecordingStore::release_bytes(std::int64_t bytes) {
  std::lock_guard lock(mutex_);
  recorded_bytes_ -= bytes;
}

RecoveryReport RecordingStore::recover() {
  RecoveryReport report;
  for (const auto& chunk : database_.recent_chunks(2)) {
    ++report.chunks_checked;
    auto path = absolute(chunk.file_path);
    std::error_code error;
    auto file_size = std::filesystem::file_size(path, error);
    if (error) {
      spdlog::warn("recording chunk {} is missing; dropping it from the index", chunk.file_path);
      database_.delete_chunk(chunk.id);
      ++report.chunks_dropped;
      continue;
    }
    if (file_size == static_cast<std::uint64_t>(chunk.size_bytes))
      continue;
    auto tail = heal_chunk_tail(path, static_cast<std::uint64_t>(chunk.size_bytes));
    report.bytes_truncated += tail.file_size - tail.valid_size;
    std::vector<store::FragmentRecord> fragments;
    auto updated = chunk;
    for (const auto& parsed : tail.fragments) {
      auto start_ms = ticks_to_ms(parsed.base_dts_90k);
      auto end_ms = ticks_to_ms(parsed.base_dts_90k + parsed.duration_90k);
      fragments.push_back({0, chunk.id, chunk.camera_id, chunk.stream, start_ms, end_ms - start_ms,
                           static_cast<std::int64_t>(parsed.offset), static_cast<std::int64_t>(parsed.size),
                           parsed.keyframe});
      updated.end_ms = std::max(updated.end_ms, end_ms);
    }
    updated.size_bytes = static_cast<std::int64_t>(tail.valid_size);
    database_.append_recording_index(fragments, {updated});
    report.fragments_reindexed += static_cast<int>(fragments.size());
    std::lock_guard lock(mutex_);
    recorded_bytes_ += updated.size_bytes - chunk.size_bytes;
  }
  if (report.fragments_reindexed || report.bytes_truncated || report.chunks_dropped) {
    spdlog::info("recording recovery: {} fragments re-indexed, {} torn bytes truncated, {} chunks dropped",
                 report.fragments_reindexed, report.bytes_truncated, report.chunks_dropped);
  }
  return report;
}

} // namespace argus::media
