// The low-latency frames transport end to end (docs/design/live.md "Low-latency frames transport"): a real argusd
// (--demo) recording a camera of a camsim this suite starts (so that it can hang it), read by a real WebSocket client
// that signs in like the portal. Checks the contract (config, then one binary message per access unit from a
// keyframe; the config's avcC decodes them with libavcodec to the camera's size), the timeline against the live
// fMP4 parts, the access rules of the `ws` route, offline and return, and the slow-reader rule including argusd's
// memory while clients never read. Figures (arrival gaps, hand-over → send) are printed, not asserted. Skipped when
// camsim or its footage is missing (`make build` makes both).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <thread>

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
#include "support/polling.hpp"
#include "support/websocket_client.hpp"

namespace argus::testing {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

//! One message of the frames transport as the client got it.
struct FramesMessage {
  Clock::time_point arrived;
  json text; // text messages
  bool binary = false;
  bool keyframe = false; // binary: header flags bit 0
  std::int64_t timestamp_us = 0;
  std::uint32_t duration_us = 0;
  std::string access_unit;
};

std::optional<FramesMessage> read_frames_message(WebSocketClient& ws, std::chrono::milliseconds timeout) {
  auto message = ws.read(timeout);
  if (!message)
    return std::nullopt;
  FramesMessage out;
  out.arrived = Clock::now();
  out.binary = message->binary;
  if (!message->binary) {
    out.text = json::parse(message->data);
    return out;
  }
  if (message->data.size() < 16)
    throw std::runtime_error("a binary message shorter than its header");
  out.keyframe = (message->data[0] & 1) != 0;
  out.timestamp_us = static_cast<std::int64_t>(read_big_endian(message->data, 4, 8));
  out.duration_us = static_cast<std::uint32_t>(read_big_endian(message->data, 12, 4));
  out.access_unit = message->data.substr(16);
  return out;
}

//! Reads until a text message of that type (returned) or the timeout; binary messages are skipped.
std::optional<FramesMessage> read_until_type(WebSocketClient& ws, const std::string& type,
                                             std::chrono::milliseconds timeout) {
  auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto message =
        read_frames_message(ws, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
    if (!message)
      return std::nullopt;
    if (!message->binary && message->text.value("type", "") == type)
      return message;
  }
  return std::nullopt;
}

//! Decodes standard base64 (the config's description) with libavutil; false when it is not valid base64.
bool base64_decode_standard(const std::string& text, std::string& bytes) {
  bytes.assign(AV_BASE64_DECODE_SIZE(text.size()), '\0');
  int size =
      av_base64_decode(reinterpret_cast<std::uint8_t*>(bytes.data()), text.c_str(), static_cast<int>(bytes.size()));
  if (size < 0)
    return false;
  bytes.resize(static_cast<std::size_t>(size));
  return true;
}

//! The pid of the argusd running on `data_dir` (found by its command line), or -1.
std::string argusd_pid(const std::filesystem::path& data_dir) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream in(entry.path() / "cmdline", std::ios::binary);
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (cmdline.find("argusd") != std::string::npos && cmdline.find(data_dir.string()) != std::string::npos)
      return entry.path().filename().string();
  }
  return "-1";
}

std::int64_t vm_rss_kb(const std::string& pid) {
  std::ifstream status("/proc/" + pid + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0)
      return std::stoll(line.substr(6));
  }
  return -1;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(p / 100.0 * static_cast<double>(values.size() - 1))];
}

class LiveFramesTest : public CamsimSuite<LiveFramesTest> {
public:
  static void SetUpTestSuite() { start_camsim(1, false); }

protected:
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(server().port()); }
  static std::string frames_path(std::int64_t id, const std::string& stream = "main") {
    return api("/cameras/" + std::to_string(id) + "/live/" + stream + "/frames");
  }
  WebSocketClient connect(HttpClient& client, const std::string& target) {
    return WebSocketClient("127.0.0.1", server().port(), target,
                           {{"Cookie", cookie_header(client)}, {"Origin", origin()}});
  }

  //! The suite's camera (camsim camera 0, added once), streaming: its live playlist answers.
  static std::int64_t camera(HttpClient& admin) {
    static std::int64_t id = -1;
    if (id < 0)
      id = add_camera(admin, "Frames", camsim().rtsp_url(0, "main"), camsim().rtsp_url(0, "sub"));
    EXPECT_TRUE(poll_until(20s, [&] {
      return admin.get(api("/cameras/" + std::to_string(id) + "/live/main/index.m3u8")).status == 200;
    })) << "the camera never streamed";
    return id;
  }

  //! The main stream's frame rate as camsim serves it (GET /cameras of its control API).
  static double camera_fps() {
    const auto& url = camsim().control_url(); // http://127.0.0.1:PORT/n1
    HttpClient control("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
    return control.get("/n1/cameras").json()[0]["main"]["fps"].get<double>();
  }
};

TEST_F(LiveFramesTest, AKeyframeFirstThatDecodesThenEveryFrameAsItComesOnTheRecordingsTimeline) {
  auto admin = signed_in(server(), k_admin);
  auto id = camera(admin);
  auto fps = camera_fps();
  auto ws = connect(admin, frames_path(id));
  ASSERT_EQ(ws.handshake_status(), 101);
  auto connected = Clock::now();

  auto config = read_frames_message(ws, 5s);
  ASSERT_TRUE(config && !config->binary);
  EXPECT_EQ(config->text["type"], "config") << config->text.dump();
  EXPECT_EQ(config->text["codec"].get<std::string>().rfind("avc1.", 0), 0u) << config->text.dump();
  EXPECT_EQ(config->text["coded_width"], 1280);
  EXPECT_EQ(config->text["coded_height"], 720);
  std::string description;
  auto base64 = config->text["description"].get<std::string>();
  ASSERT_TRUE(base64_decode_standard(base64, description)) << base64;

  std::vector<FramesMessage> frames;
  while (Clock::now() - connected < 4s) {
    auto message = read_frames_message(ws, 2s);
    ASSERT_TRUE(message) << "the feed stopped";
    ASSERT_TRUE(message->binary) << message->text.dump();
    frames.push_back(std::move(*message));
  }
  ws.close();
  ASSERT_GT(frames.size(), 10u);
  EXPECT_TRUE(frames[0].keyframe) << "the first frame after the config is a keyframe";
  for (std::size_t i = 1; i < frames.size(); ++i)
    ASSERT_GT(frames[i].timestamp_us, frames[i - 1].timestamp_us) << "frame " << i;

  std::vector<std::string> units;
  for (const auto& frame : frames)
    units.push_back(frame.access_unit);
  auto decoded = decode_access_units("h264", description, units);
  EXPECT_EQ(decoded.error, "");
  EXPECT_EQ(decoded.errors, 0);
  EXPECT_EQ(decoded.frames, static_cast<int>(units.size()));
  EXPECT_EQ(decoded.width, 1280);
  EXPECT_EQ(decoded.height, 720);

  // One message per access unit as it is parsed: over 2 s of live frames (after the joining GOP's burst), about
  // fps x 2 arrive, spread out rather than in ~200 ms batches (a part's worth at once would make the median gap ~0).
  std::vector<double> gaps_ms;
  int in_window = 0;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    if (frames[i].arrived < connected + 2s)
      continue;
    ++in_window;
    gaps_ms.push_back(std::chrono::duration<double, std::milli>(frames[i].arrived - frames[i - 1].arrived).count());
  }
  auto interval_ms = 1000.0 / fps;
  std::printf("[ frames ] %d frames in the last 2 s at %.2f fps; arrival gaps p50 %.1f ms, p90 %.1f ms, max %.1f ms "
              "(frame interval %.1f ms)\n",
              in_window, fps, percentile(gaps_ms, 50), percentile(gaps_ms, 90), percentile(gaps_ms, 100), interval_ms);
  EXPECT_NEAR(in_window, fps * 2, fps * 2 * 0.35);
  EXPECT_GT(percentile(gaps_ms, 50), interval_ms / 2) << "frames arrive in batches";

  // The same instants as the recording's: every live part the hub still holds that starts within the frames we got
  // starts at one of their timestamps (±1 frame).
  auto playlist = admin.get(api("/cameras/" + std::to_string(id) + "/live/main/index.m3u8")).body;
  std::regex part_uri("URI=\"(part[0-9.]+\\.m4s)\"");
  int compared = 0;
  std::int64_t worst_us = 0;
  for (std::sregex_iterator it(playlist.begin(), playlist.end(), part_uri), end; it != end; ++it) {
    auto part = admin.get(api("/cameras/" + std::to_string(id) + "/live/main/" + (*it)[1].str()));
    auto tfdt_us = fragment_tfdt_90k(part.body) * 100 / 9;
    if (part.status != 200 || tfdt_us < frames.front().timestamp_us || tfdt_us > frames.back().timestamp_us)
      continue;
    std::int64_t nearest = INT64_MAX;
    for (const auto& frame : frames)
      nearest = std::min(nearest, std::abs(frame.timestamp_us - tfdt_us));
    worst_us = std::max(worst_us, nearest);
    EXPECT_LE(nearest, static_cast<std::int64_t>(interval_ms * 1000)) << "part " << (*it)[1].str();
    ++compared;
  }
  EXPECT_GE(compared, 3) << playlist;
  std::printf("[ frames ] %d live parts start at a frame's timestamp (worst offset %lld us)\n", compared,
              static_cast<long long>(worst_us));

  // argusd measured each live frame from ingest's hand-over to the socket write; it logs that when the feed closes.
  std::smatch line;
  std::regex summary("websocket closed: hand-over to send of [^\\n]*");
  std::string output;
  poll_until(3s, [&] {
    output = server().output();
    return std::regex_search(output, line, summary);
  });
  std::printf("[ frames ] argusd: %s\n", line.empty() ? "(no hand-over figures logged)" : line.str().c_str());
}

TEST_F(LiveFramesTest, RefusesExactlyLikeTheWsRoute) {
  auto admin = signed_in(server(), k_admin);
  auto id = camera(admin);
  auto anonymous = server().client();
  auto refusal = [&](HttpClient& client, const std::string& target, const std::string& origin_header) {
    auto response = upgrade_refusal(client, target, origin_header);
    EXPECT_TRUE(is_error_body(response)) << response.body;
    return response.status;
  };
  EXPECT_EQ(refusal(anonymous, frames_path(id), origin()), 401);
  EXPECT_EQ(refusal(admin, frames_path(id), "http://evil.example"), 403);
  EXPECT_EQ(refusal(admin, frames_path(2001), origin()), 404); // another organization's camera
  EXPECT_EQ(refusal(admin, frames_path(id, "hd"), origin()), 404);
  auto plain = admin.get(frames_path(id));
  EXPECT_EQ(plain.status, 400);
  EXPECT_TRUE(is_error_body(plain));
  EXPECT_EQ(connect(anonymous, frames_path(id)).handshake_status(), 0);
  EXPECT_EQ(WebSocketClient("127.0.0.1", server().port(), frames_path(id), {{"Cookie", cookie_header(admin)}})
                .handshake_status(),
            101); // no Origin: not a browser
  // A camera without a source says offline at once, and the server keeps serving.
  auto offline = connect(admin, frames_path(1009));
  ASSERT_EQ(offline.handshake_status(), 101);
  auto message = read_frames_message(offline, 3s);
  ASSERT_TRUE(message && !message->binary);
  EXPECT_EQ(message->text["type"], "offline");
  EXPECT_EQ(message->text["reason"], "no_source") << message->text.dump();
  EXPECT_EQ(admin.get(api("/cameras/" + std::to_string(id) + "/live/main/index.m3u8")).status, 200);
}

TEST_F(LiveFramesTest, AReaderThatStopsReadingGetsAGapThenTheLiveKeyframeAndArgusdMemoryStaysBounded) {
  auto admin = signed_in(server(), k_admin);
  auto id = camera(admin);
  // Stalled viewers on every streaming camera (the demo's and ours): without the slow-reader rule each would hold
  // every frame since it stopped reading.
  std::vector<std::int64_t> cameras{id, 1001, 1002, 1003};
  for (auto camera_id : cameras) {
    ASSERT_TRUE(poll_until(20s, [&] {
      return admin.get(api("/cameras/" + std::to_string(camera_id) + "/live/main/index.m3u8")).status == 200;
    })) << camera_id;
  }
  // argusd's own memory settles first (live windows filling, recording starting): until it moves by less than 1 MB
  // over 5 s.
  auto pid = argusd_pid(server().data_dir());
  auto rss_before_kb = vm_rss_kb(pid);
  ASSERT_GT(rss_before_kb, 0) << "argusd's /proc status not found";
  for (int i = 0; i < 12; ++i) {
    std::this_thread::sleep_for(5s);
    auto now_kb = vm_rss_kb(pid);
    auto settled = std::abs(now_kb - rss_before_kb) < 1024;
    rss_before_kb = now_kb;
    if (settled)
      break;
  }
  std::vector<std::unique_ptr<WebSocketClient>> stalled;
  for (auto camera_id : cameras) {
    stalled.push_back(
        std::make_unique<WebSocketClient>("127.0.0.1", server().port(), frames_path(camera_id),
                                          Headers{{"Cookie", cookie_header(admin)}, {"Origin", origin()}}));
    ASSERT_EQ(stalled.back()->handshake_status(), 101);
  }
  auto stall = 20s;
  std::this_thread::sleep_for(stall); // nobody reads
  auto rss_after_kb = vm_rss_kb(pid);
  auto& ours = *stalled.front();
  // Reading again: what the socket buffers held comes first, then the gap, then a keyframe of now.
  auto gap = read_until_type(ours, "gap", 10s);
  ASSERT_TRUE(gap) << "no gap after " << std::chrono::duration_cast<std::chrono::seconds>(stall).count()
                   << " s without reading";
  auto next = read_frames_message(ours, 5s);
  if (next && !next->binary && next->text.value("type", "") == "config")
    next = read_frames_message(ours, 5s); // a config the dropped queue may have held comes again
  ASSERT_TRUE(next && next->binary);
  EXPECT_TRUE(next->keyframe);
  auto age_ms = now_utc_ms() - next->timestamp_us / 1000;
  std::printf("[ frames ] after a %lld s stall: gap, then a keyframe %lld ms old; argusd VmRSS %lld kB -> %lld kB "
              "(%+lld kB) with %zu stalled viewers\n",
              static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(stall).count()),
              static_cast<long long>(age_ms), static_cast<long long>(rss_before_kb),
              static_cast<long long>(rss_after_kb), static_cast<long long>(rss_after_kb - rss_before_kb),
              stalled.size());
  EXPECT_LT(age_ms, 5'000) << "resumed behind the live edge";
  // The bound: 1 MB queued per viewer (plus a frame); allow 2 MB for argusd's own churn. Not under AddressSanitizer
  // (make test-sanitize): its quarantine keeps freed memory resident, so the growth says nothing about the queues.
#if !defined(__SANITIZE_ADDRESS__)
  EXPECT_LT(rss_after_kb - rss_before_kb, static_cast<std::int64_t>(stalled.size()) * 1024 + 2048);
#endif
}

// Last: hangs the suite's camera. The feed says offline, and after camsim's restore a config and a keyframe again.
TEST_F(LiveFramesTest, OfflineWhenTheCameraHangsThenConfigAndAKeyframeWhenItReturns) {
  auto admin = signed_in(server(), k_admin);
  auto id = camera(admin);
  auto ws = connect(admin, frames_path(id));
  ASSERT_EQ(ws.handshake_status(), 101);
  ASSERT_TRUE(read_until_type(ws, "config", 5s));
  ASSERT_EQ(camsim_control(camsim(), 0, "hang").status, 200);
  auto offline = read_until_type(ws, "offline", 20s);
  ASSERT_TRUE(offline) << "the feed never said offline";
  EXPECT_EQ(offline->text["reason"], "no_video") << offline->text.dump();
  EXPECT_TRUE(offline->text["since_ms"].is_number_integer()) << offline->text.dump();
  ASSERT_EQ(camsim_control(camsim(), 0, "restore").status, 200);
  auto config = read_until_type(ws, "config", 20s);
  ASSERT_TRUE(config) << "no config after restore";
  EXPECT_EQ(config->text["coded_width"], 1280);
  auto first = read_frames_message(ws, 10s);
  ASSERT_TRUE(first && first->binary);
  EXPECT_TRUE(first->keyframe);
  std::string description;
  ASSERT_TRUE(base64_decode_standard(config->text["description"].get<std::string>(), description));
  auto decoded = decode_access_units("h264", description, {first->access_unit});
  EXPECT_EQ(decoded.errors, 0);
  EXPECT_EQ(decoded.frames, 1);
  EXPECT_EQ(decoded.width, 1280);
}

} // namespace
} // namespace argus::testing
