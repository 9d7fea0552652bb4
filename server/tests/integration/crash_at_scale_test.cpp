// Crash safety at scale (issue 14): argusd killed with SIGKILL while 16 cameras record and 4 exports are under way.
// After the restart every camera's recording reaches to within one GOP (camsim's are 2 s) of the kill, the index
// serves it, every export completes (a cut one is queued again), and every camera records again.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/camsim_launcher.hpp"
#include "support/api_helpers.hpp"
#include "support/camera_helpers.hpp"
#include "support/demo_media.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr std::size_t k_cameras = 16;
constexpr std::size_t k_exports = 4;
constexpr std::int64_t k_export_ms = 15'000;
// The GOP in progress is only in memory (2 s) and the ranges are rounded to fragments: what may be lost at most.
constexpr std::int64_t k_most_lost_ms = 3'000;

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The ids of Warehouse HQ's cameras that stream (status active), waiting up to 30 s for `count` of them.
std::vector<std::int64_t> active_cameras(HttpClient& admin, std::size_t count) {
  std::vector<std::int64_t> ids;
  poll_until(30s, [&] {
    ids.clear();
    auto listed = admin.get(api(k_test_network_cameras + "?fields=id,status"));
    for (const auto& camera : listed.status == 200 ? listed.json() : json::array())
      if (camera["status"] == "active")
        ids.push_back(camera["id"].get<std::int64_t>());
    return ids.size() >= count;
  });
  return ids;
}

std::string export_state(HttpClient& client, std::int64_t id) {
  auto listed = client.get(api("/n/101/manage/dashboard/job_data?job_ids=" + std::to_string(id)));
  if (listed.status != 200 || listed.json()["jobs"].empty())
    return "";
  return listed.json()["jobs"][0]["export_state"].get<std::string>();
}

TEST(CrashAtScale, KillDashNineWhileSixteenCamerasRecordAndFourExportsRun) {
  if (!media_available())
    GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
  // Eight cameras of a camsim of the test's own, which outlives the kill (the demo's camsim is argusd's child, and a
  // restarted demo starts a new one on other ports and points its own cameras at it).
  demo::CamsimOptions camsim_options;
  camsim_options.cameras = 8;
  camsim_options.binary = std::filesystem::path(ARGUSD_PATH).parent_path() / "camsim";
  camsim_options.footage_dir = *demo::CamsimLauncher::find_footage_dir(camsim_options.binary.parent_path());
  demo::CamsimLauncher camsim(camsim_options);
  ArgusdProcess server; // the demo: its camsim cameras record
  auto admin = signed_in(server, k_admin);
  auto started_ms = wall_ms();

  // Warehouse HQ's streaming demo cameras (8), and the test camsim's 8.
  auto cameras = active_cameras(admin, 8);
  ASSERT_GE(cameras.size(), 8u);
  cameras.resize(8);
  for (int i = 0; i < 8; ++i) {
    auto id = add_camera(admin, "Crash witness " + std::to_string(i + 1), camsim.rtsp_url(i, "main"),
                         camsim.rtsp_url(i, "sub"));
    ASSERT_GT(id, 0);
    cameras.push_back(id);
  }
  cameras.resize(k_cameras);
  ASSERT_TRUE(poll_until(30s, [&] {
    for (auto id : cameras)
      if (status_of(admin, id) != "active")
        return false;
    return true;
  })) << "all 16 cameras stream";
  auto all_active_ms = wall_ms();
  std::this_thread::sleep_for(std::chrono::milliseconds(k_export_ms + 3'000));

  // Four exports of the last 15 s of four cameras, then the kill while they are queued or running.
  std::vector<std::int64_t> exports;
  for (std::size_t i = 0; i < k_exports; ++i) {
    auto channel = listed_camera(admin, cameras[i], "id,channel")["channel"]["id"];
    auto t1_s = (wall_ms() - 2'000) / 1000;
    auto created = admin.post_json(api("/n/101/manage/video/export"), {{"video_channel_id", channel},
                                                                       {"t0", t1_s - k_export_ms / 1000},
                                                                       {"t1", t1_s},
                                                                       {"skip_duplicate_check", true}});
    ASSERT_EQ(created.status, 201) << created.body;
    exports.push_back(created.json()["id"].get<std::int64_t>());
  }
  std::string states_at_kill;
  for (auto id : exports)
    states_at_kill += export_state(admin, id) + " ";
  auto killed_ms = wall_ms();
  ASSERT_EQ(server.kill_hard(), 128 + SIGKILL);

  auto restart = Clock::now();
  server.start();
  auto restart_s = std::chrono::duration<double>(Clock::now() - restart).count();
  auto restarted_ms = wall_ms();
  auto again = signed_in(server, k_admin);

  // Every export completes.
  for (auto id : exports) {
    std::string state;
    EXPECT_TRUE(poll_until(90s, [&] {
      state = export_state(again, id);
      return state == "complete" || state == "error" || state == "user_friendly_error";
    }));
    EXPECT_EQ(state, "complete") << "export " << id;
  }
  auto exports_done_s = std::chrono::duration<double>(Clock::now() - restart).count();

  // Every camera's recording reaches to within one GOP of the kill, and resumes.
  std::int64_t most_lost_ms = 0;
  for (auto id : cameras) {
    auto ranges = recorded_ranges(again, id, started_ms);
    ASSERT_TRUE(ranges.is_array() && !ranges.empty()) << "camera " << id << " kept nothing";
    std::int64_t end_before_kill = 0;
    for (const auto& range : ranges)
      if (range[0].get<std::int64_t>() < killed_ms)
        end_before_kill = std::max(end_before_kill, range[1].get<std::int64_t>());
    auto lost_ms = killed_ms - end_before_kill;
    most_lost_ms = std::max(most_lost_ms, lost_ms);
    EXPECT_LE(lost_ms, k_most_lost_ms) << "camera " << id << ": " << ranges.dump();
    EXPECT_LE(ranges[0][0].get<std::int64_t>(), all_active_ms) << "camera " << id << ": " << ranges.dump();
  }
  std::string not_recording;
  EXPECT_TRUE(poll_until(30s,
                         [&] {
                           not_recording.clear();
                           for (auto id : cameras) {
                             auto ranges = recorded_ranges(again, id, started_ms);
                             if (!ranges.is_array() || ranges.empty() ||
                                 ranges.back()[1].get<std::int64_t>() < restarted_ms + 2'000)
                               not_recording += std::to_string(id) + " (" +
                                                listed_camera(again, id, "id,status,offline_reason").dump() + ") ";
                           }
                           return not_recording.empty();
                         }))
      << "every camera records again; not: " << not_recording;
  std::printf("[ crash    ] kill -9 with %zu cameras recording and %zu exports (%s): restart %.1f s, exports complete "
              "%.1f s after the restart, most recording lost by a camera %lld ms\n",
              k_cameras, k_exports, states_at_kill.c_str(), restart_s, exports_done_s,
              static_cast<long long>(most_lost_ms));
}

} // namespace
} // namespace argus::testing
