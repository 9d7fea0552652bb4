// The frames transport below the socket: LiveHub's per-packet path (LiveFrameStream: config, current GOP, frame
// subscribers, a new config when the parameter sets change) and api::LiveFramesFeed (the contract's messages, the
// slow-reader rule). Packets come from real x264 clips in Annex-B form, so keyframes carry their SPS/PPS in-band like
// a camera's; a resolution change is two clips of different sizes played one after the other (camsim cannot change a
// stream's size).
#include <algorithm>
#include <optional>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/live_frames_feed.hpp"
#include "fake_websocket_sink.hpp"
#include "media/bitstream.hpp"
#include "media/live_hub.hpp"
#include "media_test_support.hpp"
#include "services/token_codec.hpp"

namespace argus::media {
namespace {

constexpr std::int64_t k_camera = 5;

std::uint64_t read_be(const std::string& bytes, std::size_t at, int count) {
  std::uint64_t value = 0;
  for (int i = 0; i < count; ++i)
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
  return value;
}

//! A binary message of the fake sink ("bin:" + 16-byte header + access unit), decoded.
struct WireFrame {
  bool keyframe = false;
  std::int64_t timestamp_us = 0;
  std::uint32_t duration_us = 0;
  std::string data;
};

std::optional<WireFrame> wire_frame(const std::string& message) {
  if (message.rfind("bin:", 0) != 0 || message.size() < 4 + 16)
    return std::nullopt;
  WireFrame frame;
  frame.keyframe = (message[4] & 1) != 0;
  frame.timestamp_us = static_cast<std::int64_t>(read_be(message, 8, 8));
  frame.duration_us = static_cast<std::uint32_t>(read_be(message, 16, 4));
  frame.data = message.substr(20);
  return frame;
}

nlohmann::json text_message(const std::string& message) {
  return message.rfind("bin:", 0) == 0 ? nlohmann::json() : nlohmann::json::parse(message);
}

class LiveFramesTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto path = testing::clip("h264", "h264", 6);
    auto small = testing::clip("h264", "h264", 6, 0, 320);
    if (path.empty() || small.empty())
      GTEST_SKIP() << "ffmpeg or opencv-doc footage missing";
    packets_ = testing::read_all_packets(path, &info_);
    small_packets_ = testing::read_all_packets(small, &small_info_);
    ASSERT_GE(packets_.size(), 120u);
    ASSERT_TRUE(packets_[0].keyframe && packets_[50].keyframe && !packets_[49].keyframe);
    ASSERT_EQ(info_.width, 640);
    ASSERT_EQ(small_info_.width, 320);
  }

  void start() { hub_.on_stream_start(k_camera, "main", info_, {'I', 'N', 'I', 'T'}); }
  void push(const EncodedPacket& packet) {
    hub_.on_packet(k_camera, "main", std::make_shared<const EncodedPacket>(packet));
  }
  void push_range(std::size_t from, std::size_t to) {
    for (auto i = from; i < to; ++i)
      push(packets_[i]);
  }
  std::uint64_t subscribe(std::vector<LiveFrameEvent>& events) {
    return hub_.subscribe_frames(k_camera, "main", [&events](const LiveFrameEvent& e) { events.push_back(e); });
  }

  LiveHub hub_;
  StreamInfo info_;
  StreamInfo small_info_;
  std::vector<EncodedPacket> packets_;
  std::vector<EncodedPacket> small_packets_;
};

TEST_F(LiveFramesTest, ASubscriberGetsTheConfigThenTheGopSoFarFromItsKeyframeThenEachPacket) {
  start();
  push_range(0, 57); // two keyframes: 0 and 50
  std::vector<LiveFrameEvent> events;
  subscribe(events);
  ASSERT_EQ(events.size(), 1u + 7u);
  EXPECT_EQ(events[0].kind, LiveFrameEvent::Kind::config);
  EXPECT_EQ(events[0].config->width, 640);
  EXPECT_EQ(events[0].config->height, 360);
  EXPECT_EQ(events[0].config->extradata, info_.extradata);
  for (std::size_t i = 1; i < events.size(); ++i) {
    EXPECT_EQ(events[i].kind, LiveFrameEvent::Kind::frame);
    EXPECT_TRUE(events[i].backlog);
    EXPECT_EQ(events[i].packet->dts_90k, packets_[49 + i].dts_90k);
    EXPECT_EQ(events[i].packet->data, packets_[49 + i].data);
  }
  EXPECT_TRUE(events[1].packet->keyframe);
  push(packets_[57]);
  ASSERT_EQ(events.size(), 9u);
  EXPECT_FALSE(events.back().backlog);
  EXPECT_EQ(events.back().packet->pts_90k, packets_[57].pts_90k);
  EXPECT_NE(events.back().handed_over, std::chrono::steady_clock::time_point{});
}

TEST_F(LiveFramesTest, EverySubscriberSharesTheOneCopyOfAPacket) {
  start();
  std::vector<LiveFrameEvent> first, second;
  subscribe(first);
  subscribe(second);
  push(packets_[0]);
  ASSERT_EQ(first.size(), 2u);
  ASSERT_EQ(second.size(), 2u);
  EXPECT_EQ(first[1].packet.get(), second[1].packet.get());
  std::vector<LiveFrameEvent> late;
  subscribe(late); // the GOP kept for joining is the same packet too
  ASSERT_EQ(late.size(), 2u);
  EXPECT_EQ(late[1].packet.get(), first[1].packet.get());
}

TEST_F(LiveFramesTest, AStreamWithAudioSendsOnlyItsVideoAndAVideoCodecConfig) {
  auto with_audio = info_;
  with_audio.audio = AudioTrack{48000, 1, {0x11, 0x88}};
  hub_.on_stream_start(k_camera, "main", with_audio, {'I', 'N', 'I', 'T'});
  std::vector<LiveFrameEvent> events;
  subscribe(events);
  EncodedPacket sound;
  sound.track = MediaTrack::audio;
  sound.keyframe = true; // every AAC frame is a sync sample
  sound.data = {0x21, 0x10, 0x05};
  push(sound);
  push(packets_[0]);
  push(sound);
  push(packets_[1]);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].kind, LiveFrameEvent::Kind::config);
  EXPECT_EQ(events[0].config->video_codec_string(), info_.video_codec_string());
  for (std::size_t i = 1; i < events.size(); ++i)
    EXPECT_EQ(events[i].packet->track, MediaTrack::video);
  std::vector<LiveFrameEvent> late; // the GOP kept for joining holds no audio either
  subscribe(late);
  EXPECT_EQ(late.size(), 3u);
}

TEST_F(LiveFramesTest, NewParameterSetsMakeANewConfigBeforeTheirKeyframeAndUnchangedOnesDoNot) {
  start();
  std::vector<LiveFrameEvent> events;
  subscribe(events);
  push_range(0, 100); // keyframes 0 and 50 repeat the SPS/PPS of the stream description: no new config
  auto configs = [&] {
    return std::count_if(events.begin(), events.end(),
                         [](const auto& e) { return e.kind == LiveFrameEvent::Kind::config; });
  };
  EXPECT_EQ(configs(), 1);
  // The camera switches to 320x180 (new SPS) on its next keyframe; timestamps carry on.
  auto offset = packets_[99].dts_90k + 3600 - small_packets_[0].dts_90k;
  auto size = events.size();
  for (std::size_t i = 0; i < 60; ++i) {
    auto packet = small_packets_[i];
    packet.dts_90k += offset;
    packet.pts_90k += offset;
    push(packet);
  }
  EXPECT_EQ(configs(), 2);
  ASSERT_GT(events.size(), size + 1);
  const auto& config = events[size];
  ASSERT_EQ(config.kind, LiveFrameEvent::Kind::config);
  EXPECT_EQ(config.config->width, 320);
  EXPECT_EQ(config.config->height, 180);
  EXPECT_EQ(config.config->extradata, small_info_.extradata); // the same avcC ingest builds from these SPS/PPS
  EXPECT_EQ(config.config->codec_string(), small_info_.codec_string());
  EXPECT_TRUE(events[size + 1].packet->keyframe);
  // A viewer joining now gets the new config.
  std::vector<LiveFrameEvent> joined;
  subscribe(joined);
  ASSERT_FALSE(joined.empty());
  EXPECT_EQ(joined[0].config->width, 320);
}

TEST_F(LiveFramesTest, StopEndsTheStreamAndARestartSendsTheConfigAgain) {
  start();
  push_range(0, 10);
  std::vector<LiveFrameEvent> events;
  auto id = subscribe(events);
  hub_.on_stream_stop(k_camera, "main", {false, OfflineReason::no_video, 1'700'000'000'000});
  ASSERT_EQ(events.back().kind, LiveFrameEvent::Kind::stop);
  EXPECT_EQ(events.back().why.reason, OfflineReason::no_video);
  push(packets_[10]); // a late packet after stop is not sent
  EXPECT_EQ(events.back().kind, LiveFrameEvent::Kind::stop);
  std::vector<LiveFrameEvent> offline_joiner;
  subscribe(offline_joiner);
  EXPECT_TRUE(offline_joiner.empty());
  start();
  EXPECT_EQ(events.back().kind, LiveFrameEvent::Kind::config);
  hub_.unsubscribe_frames(k_camera, "main", id);
  auto count = events.size();
  push(packets_[0]);
  EXPECT_EQ(events.size(), count);
}

TEST_F(LiveFramesTest, AGopTooLongToKeepIsDroppedUntilTheNextKeyframe) {
  LiveHubOptions options;
  // A keyframe and hardly anything after it.
  options.max_frame_gop_bytes = std::max(packets_[0].data.size(), packets_[50].data.size()) + 10;
  LiveHub hub(options);
  hub.on_stream_start(k_camera, "main", info_, {});
  for (std::size_t i = 0; i < 20; ++i)
    hub.on_packet(k_camera, "main", std::make_shared<const EncodedPacket>(packets_[i]));
  std::vector<LiveFrameEvent> events;
  hub.subscribe_frames(k_camera, "main", [&events](const LiveFrameEvent& e) { events.push_back(e); });
  ASSERT_EQ(events.size(), 1u); // the config only: the viewer starts at the next keyframe
  for (std::size_t i = 20; i < 51; ++i)
    hub.on_packet(k_camera, "main", std::make_shared<const EncodedPacket>(packets_[i]));
  events.clear();
  hub.subscribe_frames(k_camera, "main", [&events](const LiveFrameEvent& e) { events.push_back(e); });
  ASSERT_EQ(events.size(), 2u);
  EXPECT_TRUE(events[1].packet->keyframe);
}

class LiveFramesFeedTest : public LiveFramesTest {
protected:
  void subscribe_feed() {
    auto feed = std::make_shared<api::LiveFramesFeed>(sink_);
    hub_.subscribe_frames(k_camera, "main", [feed](const LiveFrameEvent& e) { feed->on_event(e); });
  }
  std::vector<WireFrame> frames() const {
    std::vector<WireFrame> out;
    for (const auto& message : sink_->messages) {
      if (auto frame = wire_frame(message))
        out.push_back(*frame);
    }
    return out;
  }

  std::shared_ptr<argus::testing::FakeWebSocketSink> sink_ = std::make_shared<argus::testing::FakeWebSocketSink>();
};

TEST_F(LiveFramesFeedTest, TheConfigOfAStreamWithAudioNamesOnlyTheVideoCodec) {
  auto with_audio = info_;
  with_audio.audio = AudioTrack{48000, 1, {0x11, 0x88}};
  hub_.on_stream_start(k_camera, "main", with_audio, {'I', 'N', 'I', 'T'});
  subscribe_feed();
  push(packets_[0]);
  ASSERT_FALSE(sink_->messages.empty());
  auto config = text_message(sink_->messages[0]);
  EXPECT_EQ(config["codec"], info_.video_codec_string()); // VideoDecoder.configure rejects "avc1…,mp4a.40.2"
}

TEST_F(LiveFramesFeedTest, SendsTheConfigThenOneBinaryMessagePerAccessUnitWithTheContractsHeader) {
  start();
  push_range(0, 53);
  subscribe_feed();
  push_range(53, 56);
  ASSERT_EQ(sink_->messages.size(), 1u + 6u);
  auto config = text_message(sink_->messages[0]);
  EXPECT_EQ(config["type"], "config");
  EXPECT_EQ(config["codec"], info_.codec_string());
  EXPECT_EQ(config["coded_width"], 640);
  EXPECT_EQ(config["coded_height"], 360);
  auto text = config["description"].get<std::string>();
  // Standard padded base64 (what atob() reads): decode by re-encoding the avcC.
  EXPECT_EQ(text, services::base64_encode(std::string(info_.extradata.begin(), info_.extradata.end())));
  EXPECT_EQ(text.size() % 4, 0u);
  auto sent = frames();
  ASSERT_EQ(sent.size(), 6u);
  for (std::size_t i = 0; i < sent.size(); ++i) {
    const auto& packet = packets_[50 + i];
    EXPECT_EQ(sent[i].keyframe, packet.keyframe);
    EXPECT_EQ(sent[i].timestamp_us, packet.pts_90k * 100 / 9);
    EXPECT_EQ(sent[i].duration_us, packet.duration_90k * 100 / 9);
    EXPECT_EQ(sent[i].data, std::string(packet.data.begin(), packet.data.end())); // AVCC, parameter sets kept
  }
  EXPECT_TRUE(sent[0].keyframe);
  EXPECT_EQ(static_cast<unsigned char>(sink_->messages[1][5]), 0); // the 3 reserved bytes
  EXPECT_EQ(static_cast<unsigned char>(sink_->messages[1][6]), 0);
  EXPECT_EQ(static_cast<unsigned char>(sink_->messages[1][7]), 0);
}

TEST_F(LiveFramesFeedTest, JoiningBeforeTheFirstKeyframeWaitsForIt) {
  start();
  subscribe_feed();
  ASSERT_EQ(sink_->messages.size(), 0u);         // the config goes with the first frame sent
  hub_.on_packet(k_camera, "main",
                 std::make_shared<const EncodedPacket>(packets_[3])); // mid-GOP: a connection that started late
  EXPECT_TRUE(sink_->messages.empty());
  push(packets_[50]);
  ASSERT_EQ(sink_->messages.size(), 2u);
  EXPECT_EQ(text_message(sink_->messages[0])["type"], "config");
  EXPECT_TRUE(wire_frame(sink_->messages[1])->keyframe);
}

TEST_F(LiveFramesFeedTest, AReaderThatFallsBehindLosesTheQueueGetsAGapThenResumesAtTheNextKeyframe) {
  start();
  subscribe_feed();
  push_range(0, 5);
  auto received = frames().size();
  sink_->stalled = true; // the client stops reading: what is sent now waits in the queue
  push_range(5, 20);
  sink_->age = api::LiveFramesFeed::k_behind_age + std::chrono::milliseconds(1); // the oldest has waited > 1 s
  push_range(20, 30);
  EXPECT_EQ(sink_->drops, 1);
  EXPECT_TRUE(sink_->pending.empty()) << "everything queued is dropped, frames after it wait for a keyframe";
  sink_->resume();
  EXPECT_EQ(frames().size(), received);
  push_range(30, 52);
  ASSERT_GE(sink_->messages.size(), 2u);
  auto gap_at = sink_->messages.size() - 3;
  EXPECT_EQ(text_message(sink_->messages[gap_at])["type"], "gap");
  auto resumed = wire_frame(sink_->messages[gap_at + 1]);
  ASSERT_TRUE(resumed);
  EXPECT_TRUE(resumed->keyframe);
  EXPECT_EQ(resumed->timestamp_us, packets_[50].pts_90k * 100 / 9);
  EXPECT_EQ(frames().size(), received + 2); // keyframe 50 and frame 51
}

TEST_F(LiveFramesFeedTest, TooManyBytesQueuedCountsAsBehindToo) {
  start();
  subscribe_feed();
  push_range(0, 3);
  sink_->queued = api::LiveFramesFeed::k_behind_bytes + 1;
  push(packets_[3]);
  EXPECT_EQ(sink_->drops, 1);
  push_range(4, 50);
  auto count = sink_->messages.size();
  push(packets_[50]);
  ASSERT_EQ(sink_->messages.size(), count + 2);
  EXPECT_EQ(text_message(sink_->messages[count])["type"], "gap");
}

TEST_F(LiveFramesFeedTest, AClientThatNeverReadsNeverHasMoreThanTheBoundQueued) {
  start();
  subscribe_feed();
  sink_->stalled = true;
  std::size_t most = 0;
  for (int loop = 0; loop < 20; ++loop) {
    for (std::size_t i = 0; i < packets_.size(); ++i) {
      auto packet = packets_[i];
      auto shift = loop * (packets_.back().dts_90k - packets_.front().dts_90k + 3600);
      packet.dts_90k += shift;
      packet.pts_90k += shift;
      push(packet);
      most = std::max(most, sink_->queued_bytes());
    }
  }
  EXPECT_GT(sink_->drops, 0);
  // At most the bound plus the frame that crossed it.
  std::size_t largest = 0;
  for (const auto& packet : packets_)
    largest = std::max(largest, packet.data.size() + 16);
  EXPECT_LE(most, api::LiveFramesFeed::k_behind_bytes + largest);
}

TEST_F(LiveFramesFeedTest, AConfigDroppedWithTheQueueIsSentAgainBeforeTheNextKeyframe) {
  start();
  sink_->stalled = true;
  subscribe_feed();
  push_range(0, 5); // config and frames wait in the queue
  sink_->age = api::LiveFramesFeed::k_behind_age * 2;
  push(packets_[5]); // behind: the queue, config included, is dropped
  sink_->resume();
  ASSERT_TRUE(sink_->messages.empty());
  push_range(6, 51);
  ASSERT_EQ(sink_->messages.size(), 3u);
  EXPECT_EQ(text_message(sink_->messages[0])["type"], "gap");
  EXPECT_EQ(text_message(sink_->messages[1])["type"], "config");
  EXPECT_TRUE(wire_frame(sink_->messages[2])->keyframe);
}

TEST_F(LiveFramesFeedTest, StopSaysOfflineAndTheReturnStartsWithConfigAndAKeyframe) {
  start();
  subscribe_feed();
  push_range(0, 3);
  hub_.on_stream_stop(k_camera, "main", {false, OfflineReason::no_video, 1'700'000'000'123});
  auto offline = text_message(sink_->messages.back());
  EXPECT_EQ(offline["type"], "offline");
  EXPECT_EQ(offline["reason"], "no_video");
  EXPECT_EQ(offline["since_ms"], 1'700'000'000'123);
  start();
  push(packets_[3]); // not a keyframe: waits
  push(packets_[50]);
  auto count = sink_->messages.size();
  EXPECT_EQ(text_message(sink_->messages[count - 2])["type"], "config");
  EXPECT_TRUE(wire_frame(sink_->messages[count - 1])->keyframe);
}

TEST_F(LiveFramesFeedTest, TheBytesSentAreTheHubsPacketNotACopy) {
  start();
  subscribe_feed();
  std::vector<LiveFrameEvent> events;
  subscribe(events);
  push(packets_[0]);
  ASSERT_EQ(sink_->shared.size(), 1u);
  EXPECT_EQ(sink_->shared[0].get(), &events.back().packet->data);
}

} // namespace
} // namespace argus::media
