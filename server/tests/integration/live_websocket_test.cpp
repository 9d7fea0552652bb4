// The WebSocket fMP4 live feed end to end: argusd --demo with camsim, a real WebSocket client (Beast) that signs in
// like the portal, checks the protocol (init text, init segment, fragments from a keyframe on), decodes what it got
// with libavcodec and prints how old each fragment's first frame was on arrival. Refusals are plain HTTP answers.
// Skipped when camsim or its footage is missing (`make build` makes both).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/camsim_launcher.hpp"
#include "support/api_helpers.hpp"
#include "support/demo_media_test.hpp"
#include "support/fmp4_boxes.hpp"
#include "support/media_decode.hpp"
#include "support/websocket_client.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

class LiveWebSocketTest : public DemoMediaTest {
protected:
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(server().port()); }

  WebSocketClient connect(HttpClient& client, const std::string& target, const std::string& origin_header) {
    Headers headers{{"Cookie", cookie_header(client)}};
    if (!origin_header.empty())
      headers.emplace_back("Origin", origin_header);
    return WebSocketClient("127.0.0.1", server().port(), target, headers);
  }

  // Waits (up to 10 s from argusd's start) until camera 1001's live playlist answers: the camera streams.
  static void wait_for_video(HttpClient& client) {
    auto deadline = Clock::now() + 10s;
    while (client.get("/n1/cameras/1001/live/main/index.m3u8").status != 200 && Clock::now() < deadline)
      std::this_thread::sleep_for(250ms);
  }
};

TEST_F(LiveWebSocketTest, SendsInitThenFragmentsFromAKeyframeThatDecode) {
  auto admin = signed_in(server(), k_admin);
  wait_for_video(admin);
  auto ws = connect(admin, "/n1/cameras/1001/live/main/ws", origin());
  ASSERT_EQ(ws.handshake_status(), 101);

  auto first = ws.read(5s);
  ASSERT_TRUE(first && !first->binary);
  auto init = nlohmann::json::parse(first->data);
  EXPECT_EQ(init["type"], "init");
  EXPECT_EQ(init["codec"].get<std::string>().rfind("avc1.", 0), 0u) << init.dump();
  EXPECT_EQ(init["width"], 1024); // camera 1001 is the demo's ceiling fisheye: square fisheye footage
  EXPECT_EQ(init["height"], 1024);
  auto base_ms = init["base_ms"].get<std::int64_t>();
  EXPECT_LT(std::abs(now_utc_ms() - base_ms), 10'000); // the current GOP: at most a few seconds old

  auto segment = ws.read(2s);
  ASSERT_TRUE(segment && segment->binary);
  EXPECT_EQ(box_type(segment->data), "ftyp");

  std::string media = segment->data;
  std::vector<double> ages_ms;
  std::int64_t previous_tfdt = -1;
  int fragments = 0;
  auto until = Clock::now() + 4s;
  while (Clock::now() < until) {
    auto message = ws.read(2s);
    ASSERT_TRUE(message) << "the feed stopped";
    ASSERT_TRUE(message->binary) << message->data;
    ASSERT_EQ(box_type(message->data), "moof");
    auto tfdt = fragment_tfdt_90k(message->data);
    ASSERT_GE(tfdt, 0);
    if (fragments == 0) {
      EXPECT_EQ(tfdt / 90, base_ms);
    }
    EXPECT_GT(tfdt, previous_tfdt);
    previous_tfdt = tfdt;
    // Fragments of the GOP that was already cut when we joined arrive in a burst; the rest come live.
    if (Clock::now() > until - 2s)
      ages_ms.push_back(static_cast<double>(now_utc_ms() - tfdt / 90));
    media += message->data;
    ++fragments;
  }
  ws.close();
  EXPECT_GE(fragments, 15); // ~200 ms parts

  auto file = fs::temp_directory_path() / ("argus-ws-" + std::to_string(::getpid()) + ".mp4");
  {
    std::ofstream out(file, std::ios::binary);
    out << media;
  }
  auto stats = decode_media_file(file);
  fs::remove(file);
  EXPECT_EQ(stats.error, "");
  EXPECT_EQ(stats.errors, 0);
  EXPECT_GE(stats.frames, 40);

  ASSERT_FALSE(ages_ms.empty());
  std::sort(ages_ms.begin(), ages_ms.end());
  // tfdt is anchored on the wall clock when ingest starts, so it can lead the true capture time by the connect-time
  // buffering (negative ages); bench/live_latency.mjs measures against camsim's own send time instead.
  std::printf("[ live ws ] wall clock minus tfdt of a fragment on arrival: %.0f ms median, %.0f ms max "
              "(%zu live fragments)\n",
              ages_ms[ages_ms.size() / 2], ages_ms.back(), ages_ms.size());
  EXPECT_LT(ages_ms[ages_ms.size() / 2], 1000);
}

TEST_F(LiveWebSocketTest, RefusesWithoutSessionRightOrSameOrigin) {
  auto admin = signed_in(server(), k_admin);
  auto viewer = signed_in(server(), k_viewer); // live right on cameras tagged public only
  auto anonymous = server().client();
  auto refusal = [&](HttpClient& client, const std::string& target, const std::string& origin_header) {
    auto response = upgrade_refusal(client, target, origin_header);
    EXPECT_TRUE(is_error_body(response)) << response.body;
    return response.status;
  };
  EXPECT_EQ(refusal(anonymous, "/n1/cameras/1001/live/main/ws", origin()), 401);
  EXPECT_EQ(refusal(admin, "/n1/cameras/1001/live/main/ws", "http://evil.example"), 403);
  EXPECT_EQ(refusal(admin, "/n1/cameras/1001/live/main/ws", "http://127.0.0.1:1"), 403);
  EXPECT_EQ(refusal(admin, "/n1/cameras/2001/live/main/ws", origin()), 404);
  EXPECT_EQ(refusal(admin, "/n1/cameras/1001/live/hd/ws", origin()), 404);
  auto other = refusal(viewer, "/n1/cameras/1004/live/main/ws", origin());
  EXPECT_TRUE(other == 403 || other == 404) << other;
  EXPECT_EQ(connect(anonymous, "/n1/cameras/1001/live/main/ws", origin()).handshake_status(), 0);
  // A plain GET of the feed is not an upgrade.
  auto plain = admin.get("/n1/cameras/1001/live/main/ws");
  EXPECT_EQ(plain.status, 400);
  EXPECT_TRUE(is_error_body(plain));
  // Without Origin (not a browser) the upgrade is allowed; the viewer may watch a public camera.
  EXPECT_EQ(connect(admin, "/n1/cameras/1001/live/main/ws", "").handshake_status(), 101);
  EXPECT_EQ(connect(viewer, "/n1/cameras/1001/live/main/ws", origin()).handshake_status(), 101);
}

TEST_F(LiveWebSocketTest, AnOfflineCameraSaysSoAndKeepsTheConnection) {
  auto admin = signed_in(server(), k_admin);
  wait_for_video(admin);
  auto ws = connect(admin, "/n1/cameras/1009/live/main/ws", origin()); // seeded without a source
  ASSERT_EQ(ws.handshake_status(), 101);
  auto message = ws.read(2s);
  ASSERT_TRUE(message && !message->binary);
  auto offline = nlohmann::json::parse(message->data);
  EXPECT_EQ(offline["type"], "offline");
  EXPECT_EQ(offline["reason"], "no_source") << offline.dump();
  EXPECT_TRUE(offline["since_ms"].is_number_integer()) << offline.dump();
  // Still open: the server closes it cleanly when we do.
  ws.close();
  // The server keeps serving.
  EXPECT_EQ(admin.get("/n1/cameras/1001/live/main/index.m3u8").status, 200);
}

TEST_F(LiveWebSocketTest, SigningOutEndsTheOpenFeedWithinSeconds) {
  auto admin = signed_in(server(), k_admin);
  wait_for_video(admin);
  auto ws = connect(admin, "/n1/cameras/1001/live/main/ws", origin());
  ASSERT_EQ(ws.handshake_status(), 101);
  ASSERT_TRUE(ws.read(5s));
  ASSERT_EQ(admin.get(api("/login/logout")).status, 200);
  auto signed_out = Clock::now();
  // Fragments keep coming until the next recheck (every 5 s), then the server closes the connection.
  while (ws.read(2s) && Clock::now() - signed_out < 15s) {
  }
  auto took = Clock::now() - signed_out;
  EXPECT_LT(took, 8s);
  EXPECT_FALSE(ws.read(500ms));
}

// Last in the suite: SIGTERM stops argusd quickly with a feed open; the client sees the connection end.
TEST_F(LiveWebSocketTest, ShutdownClosesOpenFeedsQuickly) {
  auto admin = signed_in(server(), k_admin);
  wait_for_video(admin);
  auto ws = connect(admin, "/n1/cameras/1001/live/main/ws", origin());
  ASSERT_EQ(ws.handshake_status(), 101);
  ASSERT_TRUE(ws.read(5s));
  auto start = Clock::now();
  EXPECT_EQ(server().stop(), 0);
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  EXPECT_LT(took, 3s) << server().output();
  auto until = Clock::now() + 3s;
  while (ws.read(500ms) && Clock::now() < until) {
  }
  EXPECT_FALSE(ws.read(500ms));
}

} // namespace
} // namespace argus::testing
