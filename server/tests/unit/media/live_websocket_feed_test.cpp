// LiveHub subscriptions and the WebSocket feed built on them (api/live_websocket_feed): what a client is sent when it
// joins mid-GOP, when it falls behind, and when the camera stops and returns. Parts are synthetic: the feed never
// parses them.
#include <mutex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/live_websocket_feed.hpp"
#include "fake_websocket_sink.hpp"
#include "http/websocket.hpp"
#include "media/fragmenter.hpp"
#include "media/live_hub.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_camera = 9;
constexpr std::int64_t k_part_90k = 18000;

using FakeSink = testing::FakeWebSocketSink;

media::StreamInfo stream_info() {
  media::StreamInfo info;
  info.width = 640;
  info.height = 360;
  info.extradata = {1, 0x64, 0x00, 0x1f, 0xff}; // avcC head: High profile, level 3.1
  return info;
}

class LiveWebSocketFeedTest : public ::testing::Test {
protected:
  void start() { hub.on_stream_start(k_camera, "sub", stream_info(), {'I', 'N', 'I', 'T'}); }
  // Part n of the stream (n counts from 0; every 10th starts a GOP), bytes "P<n>".
  void part(int n) {
    media::Fragment fragment;
    fragment.start_90k = start_90k + n * k_part_90k;
    fragment.duration_90k = k_part_90k;
    fragment.keyframe = n % 10 == 0;
    auto text = "P" + std::to_string(n);
    auto bytes = std::make_shared<media::FragmentBytes>();
    bytes->head.assign(text.begin(), text.end());
    fragment.bytes = std::move(bytes);
    hub.on_part(k_camera, "sub", fragment);
  }
  std::uint64_t subscribe() {
    auto feed = std::make_shared<LiveWebSocketFeed>(sink);
    return hub.subscribe(k_camera, "sub", [feed](const media::LiveEvent& event) { feed->on_event(event); });
  }

  media::LiveHub hub;
  std::shared_ptr<FakeSink> sink = std::make_shared<FakeSink>();
  std::int64_t start_90k = 1'763'700'000'000 * 90;
};

TEST_F(LiveWebSocketFeedTest, JoiningMidGopStartsAtTheGopsKeyframeWithTheInitFirst) {
  start();
  for (int n = 0; n < 13; ++n)
    part(n);
  subscribe();
  ASSERT_EQ(sink->messages.size(), 5u);
  auto init = nlohmann::json::parse(sink->messages[0]);
  EXPECT_EQ(init["type"], "init");
  EXPECT_EQ(init["codec"], "avc1.64001f");
  EXPECT_EQ(init["width"], 640);
  EXPECT_EQ(init["height"], 360);
  EXPECT_EQ(init["base_ms"], (start_90k + 10 * k_part_90k) / 90);
  EXPECT_EQ(sink->messages[1], "bin:INIT");
  EXPECT_EQ(sink->messages[2], "bin:P10");
  EXPECT_EQ(sink->messages[4], "bin:P12");
  part(13);
  EXPECT_EQ(sink->messages.back(), "bin:P13");
}

TEST_F(LiveWebSocketFeedTest, WaitsForAKeyframeWhenJoiningBeforeTheStreamHasOne) {
  subscribe(); // camera not online yet: nothing
  EXPECT_TRUE(sink->messages.empty());
  start();
  EXPECT_TRUE(sink->messages.empty()); // the init goes out with the first keyframe part (base_ms)
  part(7);
  part(8);
  EXPECT_TRUE(sink->messages.empty());
  part(10);
  ASSERT_EQ(sink->messages.size(), 3u);
  EXPECT_EQ(nlohmann::json::parse(sink->messages[0])["base_ms"], (start_90k + 10 * k_part_90k) / 90);
  EXPECT_EQ(sink->messages[2], "bin:P10");
}

TEST_F(LiveWebSocketFeedTest, ASlowClientSkipsToTheNextKeyframeAfterAGapMessage) {
  start();
  subscribe();
  part(0);
  part(1);
  sink->queued = 3 * 1024 * 1024; // the client stopped reading
  part(2);
  part(3);
  part(10); // keyframe, but still far behind: skipped too
  sink->queued = 0; // caught up
  part(11);
  EXPECT_EQ(sink->messages.back(), "bin:P1");
  part(20);
  ASSERT_GE(sink->messages.size(), 2u);
  EXPECT_EQ(nlohmann::json::parse(sink->messages[sink->messages.size() - 2])["type"], "gap");
  EXPECT_EQ(sink->messages.back(), "bin:P20");
}

TEST_F(LiveWebSocketFeedTest, StopSaysOfflineAndARestartSendsANewInit) {
  start();
  auto id = subscribe();
  part(0);
  hub.on_stream_stop(k_camera, "sub", {false, media::OfflineReason::no_video, 1'700'000'000'123});
  auto offline = nlohmann::json::parse(sink->messages.back());
  EXPECT_EQ(offline["type"], "offline");
  EXPECT_EQ(offline["reason"], "no_video");
  EXPECT_EQ(offline["since_ms"], 1'700'000'000'123);
  start_90k += 100 * k_part_90k;
  start();
  part(0);
  auto count = sink->messages.size();
  ASSERT_GE(count, 3u);
  EXPECT_EQ(nlohmann::json::parse(sink->messages[count - 3])["base_ms"], start_90k / 90);
  EXPECT_EQ(sink->messages[count - 2], "bin:INIT");
  hub.unsubscribe(k_camera, "sub", id);
  part(1);
  EXPECT_EQ(sink->messages.size(), count);
}

} // namespace
} // namespace argus::api
