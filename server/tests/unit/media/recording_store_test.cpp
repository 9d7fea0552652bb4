#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h> // __lsan_ignore_object (make test-sanitize)
#endif

#include "common/error.hpp"
#include "media/camera_supervisor.hpp"
#include "media/fmp4_reader.hpp"
#include "media/fragmenter.hpp"
#include "media/packet_source.hpp"
#include "media/recorder.hpp"
#include "media/recording_store.hpp"
#include "media/retention.hpp"
#include "media/stream_observer_fanout.hpp"
#include "media_test_support.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::media {
namespace {

//! Records `seconds` of the 6 s clip (looped, timestamps continued) into the store as camera 1 main.
struct Recording {
  StreamInfo info;
  std::vector<EncodedPacket> clip;
  std::vector<Fragment> fragments;
  std::vector<std::uint8_t> init;

  bool load() {
    auto path = testing::clip("h264", "mp4");
    if (path.empty())
      return false;
    clip = testing::read_all_packets(path, &info);
    return true;
  }

  //! Fragments covering `loops` plays of the clip starting at start_ms.
  void make(int loops, std::int64_t start_ms) {
    Fragmenter fragmenter(info, {}, [&](Fragment&& f) { fragments.push_back(std::move(f)); });
    init = fragmenter.init_segment();
    auto base = clip.front().dts_90k;
    for (int loop = 0; loop < loops; ++loop) {
      for (const auto& source : clip) {
        auto packet = source;
        auto shift = start_ms * 90 + loop * 6 * 90000 - base;
        packet.dts_90k += shift;
        packet.pts_90k += shift;
        fragmenter.push(std::move(packet));
      }
    }
    fragmenter.flush();
  }
};

class RecordingStoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (!recording_.load())
      GTEST_SKIP() << "ffmpeg or footage missing";
    database_ = testing::database_with_camera(dir_.path);
  }

  testing::TempDir dir_;
  std::unique_ptr<store::SqliteDatabase> database_;
  Recording recording_;
  const std::int64_t start_ms_ = 1'700'000'000'000;
};

TEST_F(RecordingStoreTest, ChunksRollOverAndTheIndexMatchesTheFiles) {
  recording_.make(5, start_ms_); // 30 s, 15 GOPs
  {
    RecordingStore store(*database_, dir_.path, {.chunk_max_ms = 10'000});
    auto writer = store.open_stream(1, "main", recording_.info, recording_.init);
    for (const auto& fragment : recording_.fragments)
      writer->append(fragment);
  }
  auto chunks = database_->chunks_in_range(1, "main", 0, start_ms_ * 2);
  ASSERT_EQ(chunks.size(), 3u);
  auto init = database_->find_init_segment(chunks[0].init_segment_id);
  ASSERT_TRUE(init);
  EXPECT_EQ(init->codec, recording_.info.codec_string());
  EXPECT_TRUE(init->browser_playable);
  std::int64_t expected_start = start_ms_;
  int total_fragments = 0;
  for (const auto& chunk : chunks) {
    EXPECT_EQ(chunk.start_ms, expected_start);
    EXPECT_EQ(chunk.end_ms, expected_start + 10'000);
    expected_start = chunk.end_ms;
    auto bytes = testing::read_bytes(dir_.path / chunk.file_path);
    EXPECT_EQ(static_cast<std::int64_t>(bytes.size()), chunk.size_bytes);
    auto rows = database_->fragments_of_chunk(chunk.id);
    auto parsed = read_fragments(bytes);
    ASSERT_EQ(rows.size(), parsed.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_EQ(rows[i].offset_bytes, static_cast<std::int64_t>(parsed[i].offset));
      EXPECT_EQ(rows[i].size_bytes, static_cast<std::int64_t>(parsed[i].size));
      EXPECT_EQ(rows[i].start_ms, ticks_to_ms(parsed[i].base_dts_90k));
      EXPECT_EQ(rows[i].duration_ms, 2000);
      EXPECT_TRUE(rows[i].keyframe);
    }
    total_fragments += static_cast<int>(rows.size());
    // init + chunk decodes on its own
    auto file = testing::read_bytes(dir_.path / init->file_path);
    file.insert(file.end(), bytes.begin(), bytes.end());
    testing::write_bytes(dir_.path / "check.mp4", file);
    auto decoded = testing::decode_file(dir_.path / "check.mp4");
    EXPECT_EQ(decoded.frames, 250);
    EXPECT_EQ(decoded.errors, 0);
  }
  EXPECT_EQ(total_fragments, 15);
  EXPECT_EQ(database_->fragments_in_range(1, "main", start_ms_ + 3000, start_ms_ + 7000).size(), 3u);
}

TEST_F(RecordingStoreTest, AGapStartsANewChunkAndAvailabilityMergesChunkRows) {
  recording_.make(1, start_ms_);          // 6 s
  recording_.make(1, start_ms_ + 9'000);  // 3 s gap, then 6 s
  recording_.make(1, start_ms_ + 15'500); // 0.5 s gap (under 2 s): same chunk, same range
  {
    RecordingStore store(*database_, dir_.path, {});
    auto writer = store.open_stream(1, "main", recording_.info, recording_.init);
    for (const auto& fragment : recording_.fragments)
      writer->append(fragment);
  }
  EXPECT_EQ(database_->chunks_in_range(1, "main", 0, start_ms_ * 2).size(), 2u);
  auto ranges = database_->recorded_ranges(1, "main", start_ms_ - 60'000, start_ms_ + 60'000, 2000);
  ASSERT_EQ(ranges.size(), 2u);
  EXPECT_EQ(ranges[0].start_ms, start_ms_);
  EXPECT_EQ(ranges[0].end_ms, start_ms_ + 6'000);
  EXPECT_EQ(ranges[1].start_ms, start_ms_ + 9'000);
  EXPECT_EQ(ranges[1].end_ms, start_ms_ + 21'500);
  // Ranges overlapping the window, not clipped; none outside it.
  EXPECT_EQ(database_->recorded_ranges(1, "main", start_ms_ + 7'000, start_ms_ + 8'000, 2000).size(), 0u);
  auto inside = database_->recorded_ranges(1, "main", start_ms_ + 10'000, start_ms_ + 11'000, 2000);
  ASSERT_EQ(inside.size(), 1u);
  EXPECT_EQ(inside[0].start_ms, start_ms_ + 9'000);
}

TEST_F(RecordingStoreTest, AJumpOfTheSourceClockStartsANewRunWithoutAGap) {
  recording_.make(2, start_ms_); // 12 s, 6 GOPs
  recording_.fragments[3].clock_reset = true;
  {
    RecordingStore store(*database_, dir_.path, {});
    auto writer = store.open_stream(1, "main", recording_.info, recording_.init);
    for (const auto& fragment : recording_.fragments)
      writer->append(fragment);
  }
  auto chunks = database_->chunks_in_range(1, "main", 0, start_ms_ * 2);
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[1].start_ms, start_ms_ + 6'000); // the fragment where the clock jumped starts the new run
  auto ranges = database_->recorded_ranges(1, "main", start_ms_ - 60'000, start_ms_ + 60'000, 2000);
  ASSERT_EQ(ranges.size(), 1u); // one continuous range for the viewer
}

// Defence in depth for issue 17 item 13: whatever the timestamps, nothing is indexed later than now + one segment.
TEST_F(RecordingStoreTest, AFragmentStampedInTheFutureIsRefusedAndNothingIsIndexed) {
  std::int64_t now_ms = start_ms_ - 2'000;
  recording_.make(2, start_ms_); // fragments start at +0, +2 ... +10 s: +10 s is 12 s ahead of now
  RecordingStoreOptions options;
  options.wall_ms = [&] { return now_ms; };
  {
    RecordingStore store(*database_, dir_.path, options);
    auto writer = store.open_stream(1, "main", recording_.info, recording_.init);
    for (std::size_t i = 0; i < recording_.fragments.size(); ++i) {
      const auto& fragment = recording_.fragments[i];
      if (ticks_to_ms(fragment.start_90k) <= now_ms + options.max_future_ms) {
        EXPECT_NO_THROW(writer->append(fragment)) << i;
        continue;
      }
      try {
        writer->append(fragment);
        ADD_FAILURE() << "fragment " << i << " stamped in the future was accepted";
      } catch (const Error& error) {
        EXPECT_EQ(error.kind(), Error::Kind::invalid_input);
        EXPECT_NE(std::string(error.what()).find("in the future"), std::string::npos) << error.what();
      }
    }
  }
  auto last = database_->last_fragment(1, "main");
  ASSERT_TRUE(last);
  EXPECT_LE(last->start_ms, now_ms + options.max_future_ms);
  EXPECT_EQ(database_->fragments_in_range(1, "main", 0, start_ms_ * 2).size(), 5u); // +10 s refused
}

TEST_F(RecordingStoreTest, RecoveryReindexesUnindexedFragmentsAndTruncatesATornTail) {
  recording_.make(1, start_ms_); // 3 GOPs
  std::filesystem::path chunk_path;
  {
    RecordingStore store(*database_, dir_.path);
    auto writer = store.open_stream(1, "main", recording_.info, recording_.init);
    writer->append(recording_.fragments[0]);
    store.flush_index(); // fragment 0 is indexed
    writer->append(recording_.fragments[1]);
    chunk_path = dir_.path / database_->recent_chunks(1).at(0).file_path;
    // "kill -9": fragment 1 written but not indexed, half of fragment 2 written.
    auto bytes = testing::read_bytes(chunk_path);
    auto torn = recording_.fragments[2].bytes->contiguous();
    bytes.insert(bytes.end(), torn.begin(), torn.begin() + static_cast<long>(torn.size() / 2));
    testing::write_bytes(chunk_path, bytes);
    auto* crashed = writer.release(); // leaks the descriptor on purpose: no clean close, as after a crash
#if defined(__SANITIZE_ADDRESS__)
    __lsan_ignore_object(crashed); // make test-sanitize: this leak is the test's
#else
    (void)crashed;
#endif
  }
  // The destructor above flushed the queue; simulate the lost flush by removing the second row again.
  auto chunk = database_->recent_chunks(1).at(0);
  auto rows = database_->fragments_of_chunk(chunk.id);
  ASSERT_FALSE(rows.empty());
  if (rows.size() == 2) {
    database_->delete_chunk(chunk.id);
    auto id = database_->insert_chunk({0, 1, "main", 1, chunk.file_path, chunk.init_segment_id, chunk.start_ms,
                                       rows[0].start_ms + rows[0].duration_ms, rows[0].size_bytes});
    rows[0].chunk_id = id;
    database_->append_recording_index({rows[0]}, {});
  }

  RecordingStore reopened(*database_, dir_.path);
  auto report = reopened.recover();
  EXPECT_EQ(report.fragments_reindexed, 1);
  EXPECT_EQ(report.bytes_truncated, recording_.fragments[2].bytes->size() / 2);
  auto healed = database_->recent_chunks(1).at(0);
  auto expected_size = recording_.fragments[0].bytes->size() + recording_.fragments[1].bytes->size();
  EXPECT_EQ(healed.size_bytes, static_cast<std::int64_t>(expected_size));
  EXPECT_EQ(std::filesystem::file_size(chunk_path), expected_size);
  EXPECT_EQ(healed.end_ms, start_ms_ + 4000);
  auto healed_rows = database_->fragments_of_chunk(healed.id);
  ASSERT_EQ(healed_rows.size(), 2u);
  EXPECT_EQ(healed_rows[1].offset_bytes, static_cast<std::int64_t>(recording_.fragments[0].bytes->size()));
  EXPECT_EQ(healed_rows[1].start_ms, start_ms_ + 2000);
  // A second recovery finds nothing to do, and appending continues on a clean box boundary.
  EXPECT_EQ(reopened.recover().fragments_reindexed, 0);
}

TEST_F(RecordingStoreTest, RecoverySurvivesGarbageAndATruncatedChunk) {
  // Issue 17 item 17: a chunk with garbage after its indexed bytes (including a box header claiming 4 GiB), and a
  // chunk cut shorter than its index. recover() must neither throw nor index garbage.
  recording_.make(1, start_ms_); // 3 GOPs
  std::filesystem::path chunk_path;
  {
    RecordingStore store(*database_, dir_.path);
    auto writer = store.open_stream(1, "main", recording_.info, recording_.init);
    writer->append(recording_.fragments[0]);
    writer->append(recording_.fragments[1]);
    writer.reset();
    store.flush_index();
    chunk_path = dir_.path / database_->recent_chunks(1).at(0).file_path;
  }
  auto indexed = testing::read_bytes(chunk_path);
  auto garbage = indexed;
  const std::uint8_t huge_box[] = {0xff, 0xff, 0xff, 0xf0, 'm', 'o', 'o', 'f'};
  garbage.insert(garbage.end(), std::begin(huge_box), std::end(huge_box));
  for (int i = 0; i < 5000; ++i)
    garbage.push_back(static_cast<std::uint8_t>(i * 131 + 7));
  testing::write_bytes(chunk_path, garbage);
  {
    RecordingStore reopened(*database_, dir_.path);
    RecoveryReport report;
    ASSERT_NO_THROW(report = reopened.recover());
    EXPECT_EQ(report.fragments_reindexed, 0);
    EXPECT_EQ(report.bytes_truncated, garbage.size() - indexed.size());
    EXPECT_EQ(testing::read_bytes(chunk_path), indexed);
  }
  auto cut = recording_.fragments[0].bytes->size() + recording_.fragments[1].bytes->size() / 3;
  std::filesystem::resize_file(chunk_path, cut);
  {
    RecordingStore reopened(*database_, dir_.path);
    ASSERT_NO_THROW(reopened.recover());
    EXPECT_EQ(std::filesystem::file_size(chunk_path), cut); // what is left is kept for the intact fragment
    EXPECT_LE(database_->recent_chunks(1).at(0).size_bytes, static_cast<std::int64_t>(cut));
  }
}

TEST_F(RecordingStoreTest, RetentionDeletesChunksOlderThanTheCamerasDays) {
  recording_.make(2, start_ms_); // 12 s → chunks of 4 s
  RecordingStore store(*database_, dir_.path, {.chunk_max_ms = 4000});
  {
    auto writer = store.open_stream(1, "main", recording_.info, recording_.init);
    for (const auto& fragment : recording_.fragments)
      writer->append(fragment);
  }
  store.flush_index();
  database_->set_camera_source({1, std::string("rtsp://cam/main"), std::nullopt, 1, {}});
  std::int64_t now = start_ms_ + 24ll * 3600 * 1000 + 8500; // one day after the second chunk's end
  Retention retention(*database_, store, [&] { return now; });
  auto before = database_->chunks_in_range(1, "main", 0, start_ms_ * 2);
  ASSERT_EQ(before.size(), 3u);
  auto report = retention.run_once();
  EXPECT_EQ(report.chunks_deleted_by_age, 2);
  auto after = database_->chunks_in_range(1, "main", 0, start_ms_ * 2);
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].id, before[2].id);
  EXPECT_FALSE(std::filesystem::exists(dir_.path / before[0].file_path));
  EXPECT_TRUE(std::filesystem::exists(dir_.path / before[2].file_path));
  EXPECT_TRUE(database_->fragments_of_chunk(before[0].id).empty());
}

TEST_F(RecordingStoreTest, QuotaDeletesTheOldestChunksFirstAndNeverTheOpenOne) {
  recording_.make(2, start_ms_);
  RecordingStore store(*database_, dir_.path, {.chunk_max_ms = 4000});
  std::atomic<int> over_quota_calls{0};
  store.set_over_quota_handler([&] { ++over_quota_calls; });
  auto writer = store.open_stream(1, "main", recording_.info, recording_.init);
  for (std::size_t i = 0; i + 1 < recording_.fragments.size(); ++i)
    writer->append(recording_.fragments[i]);
  store.flush_index();
  auto chunks = database_->chunks_in_range(1, "main", 0, start_ms_ * 2);
  ASSERT_EQ(chunks.size(), 3u);
  // A quota that fits the last two chunks only.
  database_->set_storage_quota(1, chunks[1].size_bytes + chunks[2].size_bytes + 1);
  RecordingStore quota_store(*database_, dir_.path); // reads the quota
  quota_store.set_over_quota_handler([&] { ++over_quota_calls; });
  Retention retention(*database_, store, [&] { return start_ms_ + 20'000; });
  auto report = retention.run_once();
  EXPECT_EQ(report.chunks_deleted_by_quota, 1);
  auto left = database_->chunks_in_range(1, "main", 0, start_ms_ * 2);
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0].id, chunks[1].id);
  EXPECT_FALSE(std::filesystem::exists(dir_.path / chunks[0].file_path));
  // With a tiny quota only the chunk being written survives.
  database_->set_storage_quota(1, 1);
  retention.run_once();
  left = database_->chunks_in_range(1, "main", 0, start_ms_ * 2);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].id, chunks[2].id);
  // A write over the quota asks for retention.
  auto writer2 = quota_store.open_stream(1, "sub", recording_.info, recording_.init);
  writer2->append(recording_.fragments.back());
  EXPECT_GT(over_quota_calls.load(), 0);
}

//! A source that fails n times, then plays packets until told to stop.
class FakeSource : public PacketSource {
public:
  FakeSource(std::atomic<int>& opens, int failures, const std::vector<EncodedPacket>& packets, StreamInfo info)
      : opens_(opens), failures_(failures), packets_(packets), info_(std::move(info)) {}
  void open() override {
    if (++opens_ <= failures_)
      throw Error(Error::Kind::unavailable, "connection refused");
  }
  const StreamInfo& info() const override { return info_; }
  std::optional<EncodedPacket> read() override {
    if (stopped_)
      throw Error(Error::Kind::unavailable, "stopped");
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (next_ >= packets_.size())
      return std::nullopt;
    return packets_[next_++];
  }
  void interrupt() override { stopped_ = true; }

private:
  std::atomic<int>& opens_;
  int failures_;
  const std::vector<EncodedPacket>& packets_;
  StreamInfo info_;
  std::size_t next_ = 0;
  std::atomic<bool> stopped_{false};
};

TEST_F(RecordingStoreTest, RecorderReconnectsWithBackoffRecordsAndReportsStatus) {
  std::atomic<int> opens{0};
  RecorderOptions options;
  options.supervisor.backoff_initial = std::chrono::milliseconds(20);
  options.supervisor.backoff_max = std::chrono::milliseconds(80);
  options.supervisor.backoff_max_persistent = std::chrono::milliseconds(60'000);
  options.source_factory = [&](const std::string&) {
    return std::make_unique<FakeSource>(opens, 2, recording_.clip, recording_.info);
  };
  std::mutex mutex;
  std::vector<std::string> statuses;
  {
    Recorder recorder(*database_, dir_.path, options, [&](std::int64_t, const std::string& status) {
      std::lock_guard lock(mutex);
      statuses.push_back(status);
    });
    recorder.start({{1, std::string("rtsp://user:pw@cam/main"), std::nullopt, 30, {}}});
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < deadline) {
      std::lock_guard lock(mutex);
      if (statuses.size() >= 3)
        break;
    }
    recorder.stop();
  }
  EXPECT_GE(opens.load(), 3);
  ASSERT_GE(statuses.size(), 2u);
  EXPECT_EQ(statuses[0], "offline"); // connecting, then two refused connections
  EXPECT_EQ(statuses.back(), "active");
  auto chunks = database_->chunks_in_range(1, "main", 0, INT64_MAX);
  ASSERT_FALSE(chunks.empty());
  EXPECT_FALSE(database_->fragments_of_chunk(chunks[0].id).empty());
}

//! Records, in order, what an observer is told: "packet" per packet, "part:N" per part of N samples.
class CallOrderObserver final : public StreamObserver {
public:
  void on_stream_start(std::int64_t, const std::string&, const StreamInfo&, const std::vector<std::uint8_t>&) override {
  }
  void on_packet(std::int64_t, const std::string&, const SharedPacket&) override { add("packet"); }
  void on_part(std::int64_t, const std::string&, const Fragment& part) override {
    add("part:" + std::to_string(part.sample_count));
  }
  void on_fragment(std::int64_t, const std::string&, const Fragment&) override {}
  void on_stream_stop(std::int64_t, const std::string&, const StreamStatus&) override {}

  std::vector<std::string> calls() const {
    std::lock_guard lock(mutex_);
    return calls_;
  }
  std::size_t packets() const {
    std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count(calls_.begin(), calls_.end(), "packet"));
  }

private:
  void add(std::string call) {
    std::lock_guard lock(mutex_);
    calls_.push_back(std::move(call));
  }
  mutable std::mutex mutex_;
  std::vector<std::string> calls_;
};

TEST_F(RecordingStoreTest, ObserversGetEveryPacketBeforeAnyPartHoldsIt) {
  std::atomic<int> opens{0};
  RecorderOptions options;
  options.part_target_90k = 18000;
  options.source_factory = [&](const std::string&) {
    return std::make_unique<FakeSource>(opens, 0, recording_.clip, recording_.info);
  };
  CallOrderObserver observer;
  StreamObserverFanout fanout{&observer}; // as argusd wires it
  {
    Recorder recorder(*database_, dir_.path, options, nullptr, &fanout);
    recorder.start({{1, std::string("rtsp://cam/main"), std::nullopt, 30, {}}});
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (observer.packets() < recording_.clip.size() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    recorder.stop();
  }
  std::size_t packets = 0, in_parts = 0;
  for (const auto& call : observer.calls()) {
    if (call == "packet") {
      ++packets;
    } else {
      in_parts += std::stoul(call.substr(5));
      EXPECT_LE(in_parts, packets) << "a part holds a packet the observer was not told of";
    }
  }
  EXPECT_GE(packets, recording_.clip.size()); // the source replays its clip after a reconnect
  EXPECT_GT(in_parts, 0u);
}

TEST(CameraSupervisor, StopIsPromptDuringBackoff) {
  struct NullSink : PacketSink {
    void on_start(const StreamInfo&) override {}
    void on_packet(EncodedPacket&&) override {}
    void on_stop(const StreamStatus&) override {}
  } sink;
  std::atomic<int> opens{0};
  std::vector<EncodedPacket> none;
  SupervisorOptions backoff;
  backoff.backoff_initial = std::chrono::milliseconds(10'000);
  backoff.backoff_max = std::chrono::milliseconds(30'000);
  backoff.backoff_max_persistent = std::chrono::milliseconds(60'000);
  CameraSupervisor supervisor(
      "test", [&] { return std::make_unique<FakeSource>(opens, 1000, none, StreamInfo{}); }, sink, nullptr,
      backoff);
  supervisor.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto started = std::chrono::steady_clock::now();
  supervisor.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(500));
  EXPECT_EQ(opens.load(), 1);
}

} // namespace
} // namespace argus::media
