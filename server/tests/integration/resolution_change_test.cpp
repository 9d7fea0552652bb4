// A camera whose resolution changes while it streams (issue 18: "a camera that changes resolution mid-stream (new SPS)
// keeps playing on every path"): camsim's main stream switches from 1280x720 to 640x360 at a keyframe on the same
// RTSP connection, its new SPS/PPS in-band (POST /cameras/{i}/resize). argusd must start a new recording run with an
// init segment of the new size, and every live feed must follow without a reconnect: the fMP4 WebSocket sends a new
// init, the frames transport a new config, and both decode at the new size; history plays across the change.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavutil/base64.h>
}

#include "support/access_unit_decode.hpp"
#include "support/api_helpers.hpp"
#include "support/camera_helpers.hpp"
#include "support/camsim_suite.hpp"
#include "support/fmp4_boxes.hpp"
#include "support/media_decode.hpp"
#include "support/polling.hpp"
#include "support/recorded_media.hpp"
#include "support/vod_playlist.hpp"
#include "support/websocket_client.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

//! A WebSocket's messages until `until`: text messages parsed, binary ones kept as bytes, in order.
struct Received {
  std::vector<json> texts;
  std::vector<std::pair<std::size_t, std::string>> binaries; // (index of the last text message before it, bytes)
};

Received read_until(WebSocketClient& ws, Clock::time_point until) {
  Received out;
  while (Clock::now() < until) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
    auto message = ws.read(std::max(left, 1ms));
    if (!message)
      break;
    if (message->binary)
      out.binaries.emplace_back(out.texts.size(), std::move(message->data));
    else
      out.texts.push_back(json::parse(message->data));
  }
  return out;
}

std::string base64_decode(const std::string& text) {
  std::string bytes(AV_BASE64_DECODE_SIZE(text.size()), '\0');
  int size = av_base64_decode(reinterpret_cast<std::uint8_t*>(bytes.data()), text.c_str(), static_cast<int>(bytes.size()));
  bytes.resize(size < 0 ? 0 : static_cast<std::size_t>(size));
  return bytes;
}

DecodeResult decode_bytes(const std::string& media, const std::string& name) {
  auto file = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()) + ".mp4");
  {
    std::ofstream out(file, std::ios::binary);
    out << media;
  }
  auto result = decode_media_file(file);
  fs::remove(file);
  return result;
}

class ResolutionChangeTest : public CamsimSuite<ResolutionChangeTest> {
public:
  static void SetUpTestSuite() { start_camsim(1, false); }

protected:
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(server().port()); }
  WebSocketClient connect(HttpClient& client, const std::string& target) {
    return WebSocketClient("127.0.0.1", server().port(), target,
                           {{"Cookie", cookie_header(client)}, {"Origin", origin()}});
  }
  static std::string live_path(std::int64_t id, const std::string& file) {
    return api("/cameras/" + std::to_string(id) + "/live/main/" + file);
  }
  //! The suite's camera (camsim camera 0), streaming.
  static std::int64_t camera(HttpClient& admin) {
    static std::int64_t id = -1;
    if (id < 0)
      id = add_camera(admin, "Resized", camsim().rtsp_url(0, "main"), camsim().rtsp_url(0, "sub"));
    EXPECT_TRUE(poll_until(20s, [&] { return admin.get(live_path(id, "index.m3u8")).status == 200; }));
    return id;
  }
  //! camsim's main stream of camera 0 at its other size, then (after the test) back.
  static json resize() { return camsim_control(camsim(), 0, "resize").json(); }
};

TEST_F(ResolutionChangeTest, EveryLiveFeedFollowsAMidStreamResolutionChangeAndTheRecordingPlaysAcrossIt) {
  auto admin = signed_in(server(), k_admin);
  auto id = camera(admin);
  auto ws = connect(admin, live_path(id, "ws"));
  auto frames = connect(admin, live_path(id, "frames"));
  ASSERT_EQ(ws.handshake_status(), 101);
  ASSERT_EQ(frames.handshake_status(), 101);
  auto before_ms = now_utc_ms();
  // Each feed read in one go on its own thread (a read that times out mid-message would lose the client's place):
  // a few seconds at the first size, then the change, then the new size.
  Received fmp4, decoded_frames;
  auto until = Clock::now() + 8500ms;
  std::thread ws_reader([&] { fmp4 = read_until(ws, until); });
  std::thread frames_reader([&] { decoded_frames = read_until(frames, until); });
  std::this_thread::sleep_for(2500ms);
  auto resized = resize();
  auto changed_ms = now_utc_ms();
  ws_reader.join();
  frames_reader.join();
  auto back = resize();
  ws.close();
  frames.close();
  ASSERT_EQ(resized["main"]["width"], 640) << resized.dump();
  EXPECT_EQ(back["main"]["width"], 1280);

  // The fMP4 WebSocket: a second init with the new size, and what follows it decodes at that size (no reconnect).
  std::vector<json> inits;
  for (const auto& text : fmp4.texts) {
    EXPECT_NE(text.value("type", ""), "offline") << "a size change is not an outage: " << text.dump();
    if (text.value("type", "") == "init")
      inits.push_back(text);
  }
  ASSERT_GE(inits.size(), 2u) << "a new init after the change; argusd said:\n" << server().output();
  EXPECT_EQ(inits.front()["width"], 1280);
  EXPECT_EQ(inits.back()["width"], 640);
  EXPECT_EQ(inits.back()["height"], 360);
  std::string after_change;
  for (const auto& [text_index, bytes] : fmp4.binaries) {
    if (text_index == fmp4.texts.size() && (box_type(bytes) == "ftyp" || !after_change.empty()))
      after_change += bytes;
  }
  ASSERT_FALSE(after_change.empty()) << "media after the new init";
  auto small = decode_bytes(after_change, "argus-resized-ws");
  EXPECT_EQ(small.error, "");
  EXPECT_EQ(small.errors, 0);
  EXPECT_GE(small.frames, 10);
  EXPECT_EQ(small.width, 640);
  EXPECT_EQ(small.height, 360);

  // The frames transport: a config of the new size.
  std::optional<json> new_config;
  for (const auto& text : decoded_frames.texts) {
    if (text.value("type", "") == "config" && text["coded_width"] == 640)
      new_config = text;
  }
  ASSERT_TRUE(new_config) << "a frames config of 640x360";
  EXPECT_EQ((*new_config)["coded_height"], 360);

  // The recording: a new run (its own init segment) at the change; both sides play.
  ASSERT_TRUE(poll_until(15s, [&] {
    auto history = admin.get(api("/cameras/" + std::to_string(id) + "/history/main/index.m3u8?start_ms=" +
                                 std::to_string(before_ms) + "&end_ms=" + std::to_string(changed_ms + 4000)));
    return history.status == 200 && parse_vod_playlist(history.body).maps.size() >= 2;
  })) << "the history playlist names a second init segment after the change";
  auto scratch = fs::temp_directory_path() / ("argus-resized-history-" + std::to_string(::getpid()) + ".mp4");
  auto first_run = decode_history(admin, id, before_ms, changed_ms - 500, scratch);
  EXPECT_EQ(first_run.error, "");
  EXPECT_EQ(first_run.errors, 0);
  EXPECT_EQ(first_run.width, 1280);
  auto second_run = decode_history(admin, id, changed_ms + 2500, changed_ms + 4000, scratch);
  EXPECT_EQ(second_run.error, "");
  EXPECT_EQ(second_run.errors, 0);
  EXPECT_EQ(second_run.width, 640);
  EXPECT_EQ(second_run.height, 360);
}

} // namespace
} // namespace argus::testing
