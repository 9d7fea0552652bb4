// LiveHub, the LL-HLS playlist and snapshots, fed from a real clip through the Fragmenter (200 ms parts, 2 s GOPs).
#include <chrono>
#include <cstring>
#include <future>
#include <thread>

#include <gtest/gtest.h>

extern "C" {
#include <libavcodec/avcodec.h>
}

#include "media/fragmenter.hpp"
#include "media/history_playlist.hpp"
#include "media/live_hub.hpp"
#include "media/live_playlist.hpp"
#include "media/snapshot_service.hpp"
#include "media_test_support.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::media {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr std::int64_t k_camera = 7;

// Feeds `loops` copies of the 6 s test clip (timestamps shifted so that they keep increasing) into the hub.
class LiveHubTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto path = testing::clip("h264", "mp4", 6);
    if (path.empty())
      GTEST_SKIP() << "ffmpeg or opencv-doc footage missing";
    packets_ = testing::read_all_packets(path, &info_);
    ASSERT_FALSE(packets_.empty());
  }

  void feed(LiveHub& hub, int loops, bool flush = true) {
    FragmenterOptions options;
    options.part_target_90k = 18000;
    fragmenter_ = std::make_unique<Fragmenter>(
        info_, options, [&hub](Fragment&& f) { hub.on_fragment(k_camera, "main", f); },
        [&hub](Fragment&& p) { hub.on_part(k_camera, "main", p); });
    hub.on_stream_start(k_camera, "main", info_, fragmenter_->init_segment());
    auto span = packets_.back().dts_90k - packets_.front().dts_90k + 3600;
    for (int loop = 0; loop < loops; ++loop) {
      for (auto packet : packets_) {
        packet.dts_90k += loop * span;
        packet.pts_90k += loop * span;
        fragmenter_->push(std::move(packet));
      }
    }
    if (flush)
      fragmenter_->flush();
  }

  StreamInfo info_;
  std::vector<EncodedPacket> packets_;
  std::unique_ptr<Fragmenter> fragmenter_;
};

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++n;
  return n;
}

TEST_F(LiveHubTest, PlaylistHasLlHlsTagsSegmentsAndParts) {
  LiveHub hub;
  feed(hub, 1);
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  ASSERT_TRUE(window->playable());
  ASSERT_EQ(window->segments.size(), 3u); // 6 s of 2 s GOPs
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& segment = window->segments[i];
    EXPECT_EQ(segment.msn, i);
    EXPECT_TRUE(segment.complete);
    EXPECT_EQ(segment.parts.size(), 10u); // 2 s / 200 ms
    EXPECT_TRUE(segment.parts.front().independent);
    std::int64_t sum = 0;
    for (const auto& part : segment.parts)
      sum += part.duration_90k;
    EXPECT_EQ(sum, segment.duration_90k);
    EXPECT_EQ(segment.parts.front().start_90k, segment.start_90k);
  }
  auto text = render_live_playlist(*window);
  EXPECT_EQ(text.rfind("#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-TARGETDURATION:2\n", 0), 0u) << text;
  EXPECT_NE(text.find("#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.600\n"), std::string::npos);
  EXPECT_NE(text.find("#EXT-X-PART-INF:PART-TARGET=0.200\n"), std::string::npos);
  EXPECT_NE(text.find("#EXT-X-MAP:URI=\"init.mp4\"\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PROGRAM-DATE-TIME:"),
            std::string::npos);
  EXPECT_NE(text.find("#EXT-X-PART:DURATION=0.200,URI=\"part0.0.m4s\",INDEPENDENT=YES\n"), std::string::npos);
  EXPECT_NE(text.find("#EXT-X-PART:DURATION=0.200,URI=\"part2.9.m4s\"\n#EXTINF:2.000,\nseg2.m4s\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(count(text, "#EXTINF:"), 3u);
  EXPECT_EQ(count(text, "#EXT-X-PROGRAM-DATE-TIME:"), 3u);
  EXPECT_EQ(count(text, "#EXT-X-PART:"), 30u);
  EXPECT_TRUE(text.ends_with("#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"part3.0.m4s\"\n")) << text;
  // Program date time is the wall-clock timeline of the first sample.
  EXPECT_NE(text.find(iso8601_utc_ms(ticks_to_ms(window->segments[0].start_90k))), std::string::npos);
}

// Issue 18 (memory per camera): a complete segment whose parts hold its whole GOP is served as those parts back to back
// instead of keeping the GOP fragment, a second copy of the same samples.
TEST_F(LiveHubTest, CompleteSegmentsAreTheirPartsKeptOnce) {
  LiveHub hub;
  feed(hub, 1);
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  ASSERT_EQ(window->segments.size(), 3u);
  auto bytes = fragmenter_->init_segment();
  std::uint32_t samples = 0;
  for (const auto& segment : window->segments) {
    ASSERT_TRUE(segment.complete);
    EXPECT_FALSE(segment.bytes);
    auto file = read_live_segment(segment);
    ASSERT_TRUE(file);
    ASSERT_FALSE(file->read);
    ASSERT_EQ(file->fragments.size(), segment.parts.size());
    for (std::size_t i = 0; i < file->fragments.size(); ++i) {
      EXPECT_EQ(file->fragments[i], segment.parts[i].bytes); // shared, not copied
      file->fragments[i]->append_to(bytes);
      samples += segment.parts[i].sample_count;
    }
  }
  EXPECT_EQ(samples, packets_.size());
  testing::TempDir dir;
  testing::write_bytes(dir.path / "segments.mp4", bytes);
  auto decoded = testing::decode_file(dir.path / "segments.mp4");
  EXPECT_EQ(decoded.error, "");
  EXPECT_EQ(decoded.frames, static_cast<int>(packets_.size()));
  EXPECT_EQ(decoded.errors, 0);

  // Without parts the GOP fragment is the segment.
  LiveHub without_parts;
  Fragmenter fragmenter(info_, {}, [&](Fragment&& f) { without_parts.on_fragment(k_camera, "main", f); });
  without_parts.on_stream_start(k_camera, "main", info_, fragmenter.init_segment());
  for (auto packet : packets_)
    fragmenter.push(std::move(packet));
  fragmenter.flush();
  window = without_parts.window(k_camera, "main");
  ASSERT_TRUE(window);
  ASSERT_FALSE(window->segments.empty());
  for (const auto& segment : window->segments) {
    ASSERT_TRUE(segment.bytes);
    auto file = read_live_segment(segment);
    ASSERT_TRUE(file);
    ASSERT_EQ(file->fragments.size(), 1u);
    EXPECT_EQ(file->fragments.front(), segment.bytes);
  }
}

TEST_F(LiveHubTest, OpenSegmentListsItsPartsAndHintsTheNext) {
  LiveHub hub;
  feed(hub, 1, /*flush=*/false); // the last GOP stays open
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  const auto& open = window->segments.back();
  ASSERT_FALSE(open.complete);
  auto text = render_live_playlist(*window);
  EXPECT_EQ(count(text, "#EXTINF:"), 2u);
  std::string next = "part" + std::to_string(open.msn) + "." + std::to_string(open.parts.size()) + ".m4s";
  EXPECT_TRUE(text.ends_with("#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"" + next + "\"\n")) << text;
  EXPECT_NE(text.find("URI=\"part2.0.m4s\",INDEPENDENT=YES"), std::string::npos);
}

TEST_F(LiveHubTest, WindowSlidesKeepingAboutSixSeconds) {
  LiveHub hub;
  feed(hub, 4); // 24 s: 12 segments
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  ASSERT_EQ(window->segments.size(), 4u);
  EXPECT_EQ(window->segments.front().msn, 8u);
  EXPECT_EQ(window->segments.back().msn, 11u);
  EXPECT_EQ(window->next_msn, 12u);
  auto text = render_live_playlist(*window);
  EXPECT_NE(text.find("#EXT-X-MEDIA-SEQUENCE:8\n"), std::string::npos);
  EXPECT_EQ(text.find("seg7.m4s"), std::string::npos);
  // Parts only for the segments within three target durations (6 s) of the live edge, or the window asked for.
  EXPECT_NE(text.find("part8.0.m4s"), std::string::npos);
  auto narrow = render_live_playlist(*window, {.parts_window_90k = 2 * k_timescale});
  EXPECT_EQ(narrow.find("part9."), std::string::npos);
  EXPECT_NE(narrow.find("part10.0.m4s"), std::string::npos);
  EXPECT_NE(narrow.find("seg9.m4s"), std::string::npos);
}

TEST_F(LiveHubTest, StopMakesTheStreamOfflineAndRestartKeepsCountingMsn) {
  LiveHub hub;
  feed(hub, 1);
  hub.on_stream_stop(k_camera, "main", {});
  EXPECT_FALSE(hub.window(k_camera, "main"));
  feed(hub, 1);
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  EXPECT_EQ(window->segments.front().msn, 3u);
}

TEST_F(LiveHubTest, BlockingReloadReturnsWhenThePartArrivesAndTimesOutOtherwise) {
  LiveHub hub;
  feed(hub, 1);
  // Nothing arrives: times out near the deadline.
  auto start = Clock::now();
  EXPECT_EQ(hub.wait_for(k_camera, "main", 3, 0, start + 150ms), LiveHub::WaitResult::timeout);
  EXPECT_GE(Clock::now() - start, 140ms);
  // Already there: at once.
  EXPECT_EQ(hub.wait_for(k_camera, "main", 2, 4, Clock::now() + 1s), LiveHub::WaitResult::ready);
  EXPECT_EQ(hub.wait_for(k_camera, "main", 2, -1, Clock::now() + 1s), LiveHub::WaitResult::ready);

  // A part of msn 3 arrives 100 ms later: the waiter wakes with it.
  auto waiter = std::async(std::launch::async, [&] {
    auto result = hub.wait_for(k_camera, "main", 3, 0, Clock::now() + 3s);
    return std::make_pair(result, Clock::now());
  });
  std::this_thread::sleep_for(100ms);
  Fragment part;
  part.start_90k = hub.window(k_camera, "main")->window_end_90k;
  part.duration_90k = 18000;
  part.keyframe = true;
  part.bytes = std::make_shared<FragmentBytes>(FragmentBytes{{1, 2, 3}, {}});
  hub.on_part(k_camera, "main", part);
  auto [result, woke] = waiter.get();
  EXPECT_EQ(result, LiveHub::WaitResult::ready);
  auto arrived = hub.window(k_camera, "main")->segments.back().parts.back().arrived;
  auto latency = std::chrono::duration_cast<std::chrono::microseconds>(woke - arrived);
  EXPECT_LT(latency, 50ms);
  std::printf("[ live latency ] part arrival -> blocked waiter woke: %lld us\n",
              static_cast<long long>(latency.count()));

  // Whole segment 3 is not complete yet; stop wakes the waiter as offline.
  auto offline = std::async(std::launch::async, [&] { return hub.wait_for(k_camera, "main", 3, -1, Clock::now() + 3s); });
  std::this_thread::sleep_for(50ms);
  hub.on_stream_stop(k_camera, "main", {});
  EXPECT_EQ(offline.get(), LiveHub::WaitResult::offline);
}

TEST(LiveHubStarts, EveryLiveSubscriptionTellsBackgroundWorkToWait) {
  common::ViewerStartSignal viewer_starts(std::chrono::milliseconds(1000));
  LiveHubOptions options;
  options.viewer_starts = &viewer_starts;
  LiveHub hub(options);
  const auto before = common::ViewerStartSignal::Clock::now();
  EXPECT_LT(viewer_starts.quiet_from(), before) << "nobody is starting yet";
  auto frames = hub.subscribe_frames(1, "sub", [](const LiveFrameEvent&) {});
  EXPECT_GE(viewer_starts.quiet_from(), before + std::chrono::milliseconds(1000));
  hub.unsubscribe_frames(1, "sub", frames);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto second = common::ViewerStartSignal::Clock::now();
  auto parts = hub.subscribe(1, "main", [](const LiveEvent&) {});
  EXPECT_GE(viewer_starts.quiet_from(), second + std::chrono::milliseconds(1000)) << "the latest start counts";
  hub.unsubscribe(1, "main", parts);
}

TEST(LivePlaylist, ParsesLiveFileNames) {
  using Kind = LiveFileName::Kind;
  EXPECT_EQ(parse_live_file_name("init.mp4")->kind, Kind::init);
  auto segment = parse_live_file_name("seg12.m4s");
  ASSERT_TRUE(segment);
  EXPECT_EQ(segment->kind, Kind::segment);
  EXPECT_EQ(segment->msn, 12u);
  auto part = parse_live_file_name("part12.3.m4s");
  ASSERT_TRUE(part);
  EXPECT_EQ(part->kind, Kind::part);
  EXPECT_EQ(part->msn, 12u);
  EXPECT_EQ(part->part, 3);
  for (const char* bad : {"", "seg.m4s", "seg-1.m4s", "part1.m4s", "part1..m4s", "part1.2.mp4", "seg1.m4s.x",
                          "index.m3u8", "../init.mp4", "seg99999999999999999999.m4s"})
    EXPECT_FALSE(parse_live_file_name(bad)) << bad;
  EXPECT_EQ(iso8601_utc_ms(1'700'000'000'123), "2023-11-14T22:13:20.123Z");
}

// Decodes a JPEG with libavcodec's mjpeg decoder and returns its size.
std::pair<int, int> jpeg_size(const std::string& jpeg) {
  const AVCodec* codec = avcodec_find_decoder(AV_CODEC_ID_MJPEG);
  AVCodecContext* context = avcodec_alloc_context3(codec);
  EXPECT_EQ(avcodec_open2(context, codec, nullptr), 0);
  AVPacket* packet = av_packet_alloc();
  av_new_packet(packet, static_cast<int>(jpeg.size()));
  std::memcpy(packet->data, jpeg.data(), jpeg.size());
  AVFrame* frame = av_frame_alloc();
  std::pair<int, int> size{0, 0};
  if (avcodec_send_packet(context, packet) == 0 && avcodec_receive_frame(context, frame) == 0)
    size = {frame->width, frame->height};
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&context);
  return size;
}

TEST_F(LiveHubTest, SnapshotOfTheLatestKeyframeDecodesToAJpegOfTheRightSize) {
  LiveHub hub;
  feed(hub, 1);
  auto window = hub.window(k_camera, "main");
  ASSERT_TRUE(window);
  const auto* keyframe = window->latest_keyframe_part();
  ASSERT_TRUE(keyframe);
  auto native = keyframe_to_jpeg(*window->init_segment, keyframe->bytes->contiguous());
  ASSERT_GT(native.size(), 1000u);
  EXPECT_EQ(static_cast<unsigned char>(native[0]), 0xFF);
  EXPECT_EQ(static_cast<unsigned char>(native[1]), 0xD8);
  EXPECT_EQ(jpeg_size(native), std::make_pair(640, 360));
  EXPECT_EQ(jpeg_size(keyframe_to_jpeg(*window->init_segment, keyframe->bytes->contiguous(), 320)),
            std::make_pair(320, 180));

  testing::TempDir dir;
  auto database = testing::database_with_camera(dir.path, k_camera);
  SnapshotService snapshots(hub, *database, dir.path);
  auto start = Clock::now();
  auto first = snapshots.latest(k_camera, 160);
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  ASSERT_TRUE(first);
  EXPECT_EQ(jpeg_size(*first), std::make_pair(160, 90));
  EXPECT_EQ(snapshots.latest(k_camera, 160), first); // cached
  EXPECT_FALSE(snapshots.latest(k_camera + 1));       // no live media
  std::printf("[ snapshot ] 640x360 keyframe -> 160 px JPEG: %lld ms\n", static_cast<long long>(took.count()));
  EXPECT_THROW(keyframe_to_jpeg(*window->init_segment, {0, 0, 0, 8, 'j', 'u', 'n', 'k'}), std::exception);
}

} // namespace
} // namespace argus::media
