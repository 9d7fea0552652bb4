// The live hub keeps in memory only the live edge, the current GOP (issue 18, ≤ 4 MB per camera): older segments of
// the LL-HLS window that the recorder wrote are read back from the chunk file — the same bytes as the recorded GOP
// fragment, parts byte for byte as they were cut. Segments the recorder could not write stay in memory.
#include <filesystem>
#include <map>

#include <gtest/gtest.h>

#include "media/chunk_file.hpp"
#include "media/fmp4_reader.hpp"
#include "media/fragmenter.hpp"
#include "media/live_hub.hpp"
#include "media_test_support.hpp"

namespace argus::media {
namespace {

constexpr std::int64_t k_camera = 7;

class LiveHubRecordedTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto path = testing::clip("h264", "mp4", 6);
    if (path.empty())
      GTEST_SKIP() << "ffmpeg or opencv-doc footage missing";
    packets_ = testing::read_all_packets(path, &info_);
    ASSERT_FALSE(packets_.empty());
    chunk_path_ = std::make_shared<const std::filesystem::path>(dir_.path / "chunk.m4s");
  }

  // Feeds `loops` copies of the 6 s clip (2 s GOPs, 200 ms parts) into the hub as the recorder does: each GOP
  // fragment is appended to the chunk file first, unless record(gop index) says the write failed. The last GOP stays
  // open unless flush.
  void feed(LiveHub& hub, int loops, const std::function<bool(std::size_t)>& record, bool flush = false,
            std::int64_t max_fragment_90k = 10 * 90000) {
    ChunkFile chunk(*chunk_path_);
    Fragmenter fragmenter(
        info_, {.part_target_90k = 18000, .max_fragment_90k = max_fragment_90k},
        [&](Fragment&& f) {
          auto bytes = f.bytes->contiguous();
          if (record(gops_.size()))
            f.recorded = RecordedFragment{chunk_path_, chunk.append(*f.bytes), f.bytes->size()};
          gops_.push_back(std::move(bytes));
          parts_.push_back(std::move(open_parts_));
          open_parts_.clear();
          hub.on_fragment(k_camera, "main", f);
        },
        [&](Fragment&& p) {
          open_parts_.push_back(p.bytes->contiguous());
          hub.on_part(k_camera, "main", p);
        });
    init_ = fragmenter.init_segment();
    hub.on_stream_start(k_camera, "main", info_, init_);
    auto span = packets_.back().dts_90k - packets_.front().dts_90k + 3600;
    for (int loop = 0; loop < loops; ++loop) {
      for (auto packet : packets_) {
        packet.dts_90k += loop * span;
        packet.pts_90k += loop * span;
        fragmenter.push(std::move(packet));
      }
    }
    if (flush)
      fragmenter.flush();
  }

  // Decodes init + bytes; the number of frames.
  int decoded_frames(const std::vector<std::uint8_t>& bytes) {
    auto all = init_;
    all.insert(all.end(), bytes.begin(), bytes.end());
    testing::write_bytes(dir_.path / "decode.mp4", all);
    auto decoded = testing::decode_file(dir_.path / "decode.mp4");
    EXPECT_EQ(decoded.error, "");
    EXPECT_EQ(decoded.errors, 0);
    return decoded.frames;
  }

  testing::TempDir dir_;
  std::shared_ptr<const std::filesystem::path> chunk_path_;
  StreamInfo info_;
  std::vector<EncodedPacket> packets_;
  std::vector<std::uint8_t> init_;
  std::vector<std::vector<std::uint8_t>> gops_;               // by msn (the hub numbers from 0)
  std::vector<std::vector<std::vector<std::uint8_t>>> parts_; // by msn, as cut
  std::vector<std::vector<std::uint8_t>> open_parts_;         // of the open segment, as cut
};

std::size_t in_memory_segments(const LiveWindow& window) {
  std::size_t n = 0;
  for (const auto& segment : window.segments)
    n += segment.in_memory() ? 1 : 0;
  return n;
}

TEST_F(LiveHubRecordedTest, OlderSegmentsAreReadFromTheRecordingAndOnlyTheLiveEdgeStaysInMemory) {
  LiveHub hub;
  feed(hub, 3, [](std::size_t) { return true; }); // 9 GOPs, the last one open
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  ASSERT_EQ(window->segments.size(), 5u); // 4 complete (msn 4..7) + the open one
  const auto& open = window->segments[4];
  ASSERT_TRUE(window->segments[3].complete);
  ASSERT_FALSE(open.complete);
  EXPECT_TRUE(open.in_memory());
  EXPECT_EQ(in_memory_segments(*window), 1u);

  for (std::size_t i = 0; i < 4; ++i) {
    const auto& segment = window->segments[i];
    SCOPED_TRACE(segment.msn);
    EXPECT_FALSE(segment.in_memory());
    // seg{msn}.m4s: the recorded GOP fragment (the indexed byte range), decodable with the init segment.
    auto file = read_live_segment(segment);
    ASSERT_TRUE(file);
    ASSERT_TRUE(file->read);
    EXPECT_EQ(*file->read, gops_[segment.msn]);
    EXPECT_EQ(*read_chunk_range(*chunk_path_, segment.recorded->offset_bytes, segment.recorded->size_bytes),
              gops_[segment.msn]);
    EXPECT_EQ(decoded_frames(*file->read), 50);
    // Every part, byte for byte as it was cut (its estimated last duration included).
    ASSERT_EQ(segment.parts.size(), parts_[segment.msn].size());
    for (std::size_t p = 0; p < segment.parts.size(); ++p) {
      auto part = read_live_part(segment.parts[p]);
      ASSERT_TRUE(part) << p;
      EXPECT_EQ(part->contiguous(), parts_[segment.msn][p]) << p;
    }
  }
  // The open segment's parts come from memory, as cut.
  for (std::size_t p = 0; p < open.parts.size(); ++p) {
    auto part = read_live_part(open.parts[p]);
    ASSERT_TRUE(part);
    EXPECT_FALSE(part->read);
    EXPECT_EQ(part->contiguous(), open_parts_.at(p));
  }

  // A WebSocket feed joining now gets the open GOP from its keyframe part, all from memory.
  int parts = 0;
  auto id = hub.subscribe(k_camera, "main", [&](const LiveEvent& event) {
    if (event.kind == LiveEvent::Kind::part) {
      EXPECT_TRUE(event.part);
      ++parts;
    }
  });
  hub.unsubscribe(k_camera, "main", id);
  EXPECT_EQ(parts, static_cast<int>(open.parts.size()));
}

// The memory regression check: whatever the window's length, the hub holds the samples of the current GOP (plus a
// few hundred bytes of head per released part), not the whole window.
TEST_F(LiveHubRecordedTest, HeldBytesAreTheLiveEdgeNotTheWindow) {
  LiveHub recorded_hub;
  feed(recorded_hub, 3, [](std::size_t) { return true; });
  auto window = recorded_hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  std::size_t largest_gop = 0;
  for (const auto& gop : gops_)
    largest_gop = std::max(largest_gop, gop.size());
  std::size_t edge = 0; // the open segment's parts
  for (const auto& part : window->segments.back().parts)
    edge += part.bytes->size();
  auto held = window->held_bytes();
  EXPECT_GE(held, edge);
  EXPECT_LE(held, edge + 4 * 10 * 1024); // heads of the released parts: a few hundred bytes each
  EXPECT_LE(held, largest_gop + 48 * 1024);

  // Without a recording (storage full) the same window is all in memory: four GOPs and the open one.
  gops_.clear();
  parts_.clear();
  LiveHub unrecorded_hub;
  feed(unrecorded_hub, 3, [](std::size_t) { return false; });
  auto unrecorded = unrecorded_hub.window(k_camera, "main");
  ASSERT_TRUE(unrecorded);
  EXPECT_EQ(in_memory_segments(*unrecorded), unrecorded->segments.size());
  EXPECT_GE(unrecorded->held_bytes(), 4 * largest_gop / 2);
}

// Storage full, a failed write: a segment that is not in the recording stays in memory and is served from there;
// recorded neighbours are read back as usual.
TEST_F(LiveHubRecordedTest, SegmentsTheRecorderCouldNotWriteStayInMemory) {
  LiveHub hub;
  feed(
      hub, 3, [](std::size_t gop) { return gop != 5; }, /*flush=*/true); // GOP 5 failed to write
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  ASSERT_EQ(window->segments.size(), 4u); // msn 5..8, all complete
  for (const auto& segment : window->segments) {
    SCOPED_TRACE(segment.msn);
    bool newest = segment.msn == window->segments.back().msn;
    EXPECT_EQ(segment.in_memory(), segment.msn == 5 || newest);
    EXPECT_EQ(segment.recorded.has_value(), segment.msn != 5);
    auto file = read_live_segment(segment);
    ASSERT_TRUE(file);
    EXPECT_EQ(decoded_frames(file->contiguous()), 50);
    for (std::size_t p = 0; p < segment.parts.size(); ++p)
      EXPECT_EQ(read_live_part(segment.parts[p])->contiguous(), parts_[segment.msn][p]);
  }
}

// A recording deleted (retention) or overwritten behind the hub's back: the segment and its parts answer "not
// there" (a clean 404), never wrong bytes.
TEST_F(LiveHubRecordedTest, ASegmentWhoseRecordingIsGoneAnswersNothing) {
  LiveHub hub;
  feed(hub, 3, [](std::size_t) { return true; });
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  const auto& released = window->segments.front();
  ASSERT_FALSE(released.in_memory());
  ASSERT_TRUE(read_live_segment(released));

  auto bytes = testing::read_bytes(*chunk_path_);
  std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(released.recorded->offset_bytes),
            bytes.begin() + static_cast<std::ptrdiff_t>(released.recorded->offset_bytes + 8), 0);
  testing::write_bytes(*chunk_path_, bytes);
  EXPECT_FALSE(read_live_segment(released)); // overwritten: not its moof

  std::filesystem::remove(*chunk_path_);
  EXPECT_FALSE(read_live_segment(released));
  EXPECT_FALSE(read_live_part(released.parts.front()));
  // What is in memory (the open segment) is still served.
  EXPECT_TRUE(read_live_part(window->segments.back().parts.front()));
}

// GOPs longer than the fragmenter's cut (here 1 s fragments of 2 s GOPs): segments without a keyframe part. Everything
// from the newest keyframe part on stays in memory, where WebSocket feeds and snapshots start.
TEST_F(LiveHubRecordedTest, EverythingFromTheNewestKeyframePartOnStaysInMemory) {
  LiveHub hub;
  feed(
      hub, 2, [](std::size_t) { return true; }, /*flush=*/false, /*max_fragment_90k=*/90000);
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  const auto* keyframe = window->latest_keyframe_part();
  ASSERT_TRUE(keyframe);
  EXPECT_TRUE(keyframe->bytes);
  bool from_keyframe = false;
  for (const auto& segment : window->segments) {
    for (const auto& part : segment.parts)
      from_keyframe = from_keyframe || &part == keyframe;
    if (from_keyframe) {
      EXPECT_TRUE(segment.in_memory()) << segment.msn;
    }
  }
  EXPECT_FALSE(window->segments.front().in_memory());
}

} // namespace
} // namespace argus::media
