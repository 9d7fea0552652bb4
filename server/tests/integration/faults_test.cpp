// Camera faults against a real argusd (--demo, for its accounts) and a camsim this test starts itself, so that it can
// unplug a camera through camsim's control API. Cameras are added through the admin API:
//   1. drop → offline → restore → active; live 503 while offline; a gap in the recording and a DISCONTINUITY there;
//   2. wrong credentials: offline, the server keeps serving, the password stays out of the log and the API;
//   3. kill -9 while recording: after the restart the range is still there (at most the fragment in progress lost),
//      its playlist parses and its first and last segments decode, and recording continues;
//   4. a refusing URL and a TCP server talking garbage: offline, other calls stay fast, SIGTERM still stops at once.
// One server and one camsim for the suite, in that order (3 restarts the server, 4 stops it). Skipped when camsim or
// its footage is missing (`make build` makes both).
#include <algorithm>
#include <csignal>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include "demo/camsim_launcher.hpp"
#include "support/api_helpers.hpp"
#include "support/camera_helpers.hpp"
#include "support/camsim_suite.hpp"
#include "support/demo_media.hpp"
#include "support/fake_camera_servers.hpp"
#include "support/polling.hpp"
#include "support/media_decode.hpp"
#include "support/vod_playlist.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

const Headers k_json = {{"Content-Type", "application/json"}};
const std::string& k_cameras = k_test_network_cameras;
const char* const k_wrong_password = "Wz4uNf8Lm3"; // the wrong one

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// ---- fixture: one argusd --demo and one camsim (2 cameras, with credentials) for the suite ----

class FaultsTest : public CamsimSuite<FaultsTest> {
public:
  static void SetUpTestSuite() { start_camsim(2, true); }

protected:
  void SetUp() override {
    CamsimSuite::SetUp();
    if (IsSkipped() || HasFatalFailure())
      return;
    if (!server_->running())
      GTEST_SKIP() << "argusd was stopped by an earlier test";
  }


  static std::string live_playlist(std::int64_t id) {
    return api("/cameras/" + std::to_string(id) + "/live/main/index.m3u8");
  }

  static std::string history_playlist(std::int64_t id, std::int64_t start_ms, std::int64_t end_ms) {
    return api("/cameras/" + std::to_string(id) + "/history/main/index.m3u8?start_ms=" + std::to_string(start_ms) +
               "&end_ms=" + std::to_string(end_ms));
  }

  // "../../recordings/X" relative to /n1/cameras/{id}/history/main/index.m3u8.
  static std::string resolve(std::int64_t id, const std::string& uri) {
    EXPECT_EQ(uri.rfind("../../recordings/", 0), 0u) << uri;
    return api("/cameras/" + std::to_string(id) + "/" + uri.substr(6));
  }

  // Fetches the segment's init segment and byte range and decodes them together.
  static DecodeResult fetch_and_decode(HttpClient& admin, std::int64_t id, const VodSegment& segment, const std::string& tag) {
    DecodeResult failed;
    auto init = admin.get(resolve(id, segment.map));
    if (init.status != 200) {
      failed.error = "init " + std::to_string(init.status);
      return failed;
    }
    auto bytes = admin.get(resolve(id, segment.uri),
                           {{"Range", "bytes=" + std::to_string(segment.offset) + "-" +
                                          std::to_string(segment.offset + segment.size - 1)}});
    if (bytes.status != 206 || bytes.body.size() != static_cast<std::size_t>(segment.size)) {
      failed.error = "segment " + std::to_string(bytes.status) + ", " + std::to_string(bytes.body.size()) + " bytes";
      return failed;
    }
    auto file = server().data_dir().parent_path() / ("faults-" + tag + ".mp4");
    {
      std::ofstream out(file, std::ios::binary);
      out << init.body << bytes.body;
    }
    return decode_media_file(file);
  }

  static inline std::int64_t dropped_camera_ = -1; // camera of test 1, live again afterwards
};

// 1. A camera unplugged mid-stream goes offline quickly, comes back after restore (backoff ≤ 30 s), and the recording
// shows the gap.
TEST_F(FaultsTest, DroppedCameraGoesOfflineAndComesBackWithAGapInTheRecording) {
  auto admin = signed_in(server(), k_admin);
  auto t0 = wall_ms() - 5'000;
  auto id = add_camera(admin, "Unplugged", camsim_->rtsp_url(0, "main"), camsim_->rtsp_url(0, "sub"));
  ASSERT_GT(id, 0);
  dropped_camera_ = id;
  auto added = Clock::now();
  ASSERT_TRUE(poll_until(15s, [&] { return status_of(admin, id) == "active"; })) << status_of(admin, id);
  auto active_s = seconds_since(added);
  // Live once a segment is complete, and something indexed before the drop.
  ASSERT_TRUE(poll_until(10s, [&] { return admin.get(live_playlist(id)).status == 200; }));
  ASSERT_TRUE(poll_until(10s, [&] { return !recorded_ranges(admin, id, t0).empty(); }));

  ASSERT_EQ(camsim_control(*camsim_, 0, "drop").status, 200);
  auto dropped = Clock::now();
  auto dropped_ms = wall_ms();
  EXPECT_TRUE(poll_until(15s, [&] { return status_of(admin, id) == "offline"; })) << status_of(admin, id);
  auto offline_s = seconds_since(dropped);
  auto live = admin.get(live_playlist(id));
  EXPECT_EQ(live.status, 503) << live.body;
  if (live.status == 503) {
    EXPECT_EQ(live.json()["errors"][0], "Camera is offline");
  }

  // Unplugged for ~3 s: a gap of more than a GOP in the recording.
  std::this_thread::sleep_for(std::chrono::milliseconds(std::max<std::int64_t>(0, 3000 - (wall_ms() - dropped_ms))));
  EXPECT_EQ(status_of(admin, id), "offline");
  ASSERT_EQ(camsim_control(*camsim_, 0, "restore").status, 200);
  auto restored = Clock::now();
  EXPECT_TRUE(poll_until(35s, [&] { return status_of(admin, id) == "active"; })) << status_of(admin, id);
  auto recovered_s = seconds_since(restored);
  auto live_again = Clock::now();
  EXPECT_TRUE(poll_until(10s, [&] { return admin.get(live_playlist(id)).status == 200; }));
  auto live_s = seconds_since(live_again);

  json ranges;
  EXPECT_TRUE(poll_until(10s, [&] {
    ranges = recorded_ranges(admin, id, t0);
    return ranges.size() >= 2;
  })) << ranges.dump();
  ASSERT_EQ(ranges.size(), 2u) << ranges.dump();
  auto first_end = ranges[0][1].get<std::int64_t>();
  auto second_start = ranges[1][0].get<std::int64_t>();
  EXPECT_LE(first_end, dropped_ms + 1000) << ranges.dump();
  EXPECT_GE(second_start - first_end, 2000) << ranges.dump();

  auto history = admin.get(history_playlist(id, ranges[0][0].get<std::int64_t>(), ranges[1][1].get<std::int64_t>()));
  ASSERT_EQ(history.status, 200) << history.body;
  auto playlist = parse_vod_playlist(history.body);
  EXPECT_EQ(playlist.discontinuities, 1) << history.body;
  EXPECT_TRUE(playlist.ended);
  std::printf("[ faults ] drop/restore: active %.1f s after add; offline %.1f s after drop; active %.1f s after "
              "restore (+%.1f s to a live playlist); gap %lld ms; ranges %s\n",
              active_s, offline_s, recovered_s, live_s, static_cast<long long>(second_start - first_end),
              ranges.dump().c_str());
}

// 2. Wrong credentials: offline, no harm done, and the password is never shown except by GET .../source.
TEST_F(FaultsTest, WrongCredentialsStayOfflineAndThePasswordStaysSecret) {
  auto admin = signed_in(server(), k_admin);
  auto url = camsim_->rtsp_url(1, "main");
  auto wrong = url.replace(url.find(k_camsim_password), std::string(k_camsim_password).size(), k_wrong_password);
  auto id = add_camera(admin, "Wrong password", wrong);
  ASSERT_GT(id, 0);
  // Several attempts (backoff 1 s, 2 s): never active, and the server keeps answering quickly.
  auto start = Clock::now();
  double slowest_s = 0;
  while (Clock::now() - start < 4s) {
    auto asked = Clock::now();
    EXPECT_EQ(status_of(admin, id), "offline");
    EXPECT_EQ(admin.get(api("/vision/networks")).status, 200);
    slowest_s = std::max(slowest_s, seconds_since(asked));
    std::this_thread::sleep_for(300ms);
  }
  EXPECT_LT(slowest_s, 1.0);
  auto live = admin.get(live_playlist(id));
  EXPECT_EQ(live.status, 503) << live.body;

  auto path = api(k_cameras + "/" + std::to_string(id));
  std::vector<std::pair<std::string, HttpResponse>> answers;
  answers.emplace_back("list", admin.get(api(k_cameras)));
  answers.emplace_back("list status", admin.get(api(k_cameras + "?fields=id,status")));
  answers.emplace_back("networks", admin.get(api("/vision/networks")));
  answers.emplace_back("live", live);
  answers.emplace_back("edit", admin.request("PUT", path, json{{"name", "Wrong password, edited"}}.dump(), k_json));
  for (const auto& [what, answer] : answers) {
    EXPECT_EQ(answer.body.find(k_wrong_password), std::string::npos) << what << ": " << answer.body;
    EXPECT_EQ(answer.body.find(k_camsim_password), std::string::npos) << what << ": " << answer.body;
  }
  auto source = admin.get(path + "/source");
  ASSERT_EQ(source.status, 200);
  EXPECT_EQ(source.json().at("main_rtsp_url"), wrong);

  auto log = server().output();
  EXPECT_EQ(log.find(k_wrong_password), std::string::npos) << "the wrong password reached the log";
  EXPECT_EQ(log.find(k_camsim_password), std::string::npos) << "a camera password reached the log";
  EXPECT_EQ(log.find(std::string(k_camsim_user) + ":"), std::string::npos) << "user:password@ reached the log";
}

// 3. kill -9 while recording: recovery keeps what was written (at most the fragment in progress is lost), the range
// plays, and recording resumes.
TEST_F(FaultsTest, KillDashNineLosesAtMostTheLastFragmentAndRecordingResumes) {
  auto admin = signed_in(server(), k_admin);
  auto t0 = wall_ms() - 5'000;
  auto id = add_camera(admin, "Crash witness", camsim_->rtsp_url(1, "main"));
  ASSERT_GT(id, 0);
  ASSERT_TRUE(poll_until(15s, [&] { return status_of(admin, id) == "active"; })) << status_of(admin, id);
  auto active_ms = wall_ms();
  // ~7 s: mid-GOP (camsim's GOPs are 2 s and "active" comes with the first keyframe), so a GOP is in progress.
  std::this_thread::sleep_for(7s);
  auto before = recorded_ranges(admin, id, t0);
  auto killed_ms = wall_ms();
  EXPECT_EQ(server().kill_hard(), 128 + SIGKILL);

  auto restart = Clock::now();
  server().start();
  auto restart_s = seconds_since(restart);
  auto restarted_ms = wall_ms();
  auto again = signed_in(server(), k_admin); // a new session: the old one survives, but not the connection
  auto after = recorded_ranges(again, id, t0);
  ASSERT_FALSE(after.empty()) << "nothing recorded survived the crash";
  auto start_ms = after[0][0].get<std::int64_t>();
  auto end_ms = after[0][1].get<std::int64_t>();
  EXPECT_LE(start_ms, active_ms + 1000) << after.dump();
  // The GOP being assembled (2 s) is in memory only; everything before it was in the chunk file.
  EXPECT_GE(end_ms, killed_ms - 3000) << "lost " << killed_ms - end_ms << " ms; after: " << after.dump();
  if (!before.empty()) {
    EXPECT_GE(end_ms, before[0][1].get<std::int64_t>()) << "indexed before the crash: " << before.dump();
  }

  auto history = again.get(history_playlist(id, start_ms, end_ms));
  ASSERT_EQ(history.status, 200) << history.body;
  auto playlist = parse_vod_playlist(history.body);
  EXPECT_TRUE(playlist.ended);
  ASSERT_GE(playlist.segments.size(), 2u) << history.body;
  for (const auto& [segment, tag] : {std::pair{playlist.segments.front(), "first"}, {playlist.segments.back(), "last"}}) {
    auto decoded = fetch_and_decode(again, id, segment, tag);
    EXPECT_EQ(decoded.error, "") << tag;
    EXPECT_EQ(decoded.errors, 0) << tag;
    EXPECT_GE(decoded.frames, 10) << tag; // a 2 s GOP of a 10-24 fps clip
  }

  // Recording continues on the restarted server.
  json ranges;
  EXPECT_TRUE(poll_until(15s, [&] {
    ranges = recorded_ranges(again, id, t0);
    return !ranges.empty() && ranges.back()[1].get<std::int64_t>() > restarted_ms + 1000;
  })) << ranges.dump();
  std::printf("[ faults ] kill -9: killed at %lld, first range after recovery ends %lld ms before the kill "
              "(indexed before the kill: %s); restart %.1f s; ranges %s\n",
              static_cast<long long>(killed_ms), static_cast<long long>(killed_ms - end_ms), before.dump().c_str(),
              restart_s, ranges.dump().c_str());
}

// 4. A refusing URL and a TCP server talking garbage: offline, other calls stay fast, and SIGTERM stops at once.
// Last: it stops the server.
TEST_F(FaultsTest, RefusingAndGarbageSourcesStayOfflineWithoutSlowingOrHangingTheServer) {
  GarbageServer garbage;
  auto admin = signed_in(server(), k_admin);
  auto refusing = add_camera(admin, "Refusing", "rtsp://127.0.0.1:1/x");
  auto talking = add_camera(admin, "Garbage", "rtsp://127.0.0.1:" + std::to_string(garbage.port()) + "/x",
                            "rtsp://127.0.0.1:" + std::to_string(garbage.port()) + "/y");
  ASSERT_GT(refusing, 0);
  ASSERT_GT(talking, 0);
  // The camera of test 1 plays live (after test 3's restart, once it has a complete segment again).
  if (dropped_camera_ > 0) {
    EXPECT_TRUE(poll_until(10s, [&] { return admin.get(live_playlist(dropped_camera_)).status == 200; }));
  }

  auto start = Clock::now();
  double slowest_s = 0;
  std::string slowest;
  auto timed = [&](const std::string& what, const std::function<int()>& call) {
    auto asked = Clock::now();
    int status = call();
    auto took = seconds_since(asked);
    if (took > slowest_s) {
      slowest_s = took;
      slowest = what;
    }
    return status;
  };
  while (Clock::now() - start < 5s) {
    std::string refusing_status, talking_status;
    timed("list", [&] {
      refusing_status = status_of(admin, refusing);
      talking_status = status_of(admin, talking);
      return 200;
    });
    EXPECT_EQ(refusing_status, "offline");
    EXPECT_EQ(talking_status, "offline");
    EXPECT_EQ(timed("networks", [&] { return admin.get(api("/vision/networks")).status; }), 200);
    EXPECT_EQ(timed("garbage live", [&] { return admin.get(live_playlist(talking)).status; }), 503);
    if (dropped_camera_ > 0) {
      EXPECT_EQ(timed("other live", [&] { return admin.get(live_playlist(dropped_camera_)).status; }), 200);
    }
    std::this_thread::sleep_for(250ms);
  }
  EXPECT_LT(slowest_s, 1.0) << slowest;
  EXPECT_GE(garbage.connections(), 1) << "the recorder never connected to the garbage server";

  auto stopping = Clock::now();
  EXPECT_EQ(server().stop(std::chrono::milliseconds{5'000}), 0) << server().output().substr(
      server().output().size() > 3000 ? server().output().size() - 3000 : 0);
  auto stop_s = seconds_since(stopping);
  EXPECT_LT(stop_s, 5.0);
  std::printf("[ faults ] refusing + garbage sources: slowest call %.3f s (%s); garbage connections %d; stop %.2f s\n",
              slowest_s, slowest.c_str(), garbage.connections(), stop_s);
}

} // namespace
} // namespace argus::testing
