// Real "no space" failures (issue 17 item 14), not a reserve that argusd keeps by itself:
// - ChunkWritesHitAFullDisk: argusd runs in a user namespace (unshare -Urm, no root needed) where its recordings
//   directory is a small tmpfs of its own; the test fills that tmpfs through /proc/PID/root, so chunk writes fail
//   with ENOSPC from the kernel. Expected: 'Storage full' on the camera for as long as the disk is full, sign-in and
//   the API keep working, what was recorded before stays playable, recording resumes once space is back.
// - DatabaseFull: argusd's database is capped at its size at start (--test-max-db-pages, a test-only flag:
//   PRAGMA max_page_count), so writes that need a new page fail with SQLITE_FULL. Expected: those calls answer 503
//   with a "Storage full" reason, reads and sign-in/sign-out keep working, the server keeps serving.
// Skipped when camsim or its footage is missing, or (first test) when user namespaces are not allowed.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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
#include "support/recorded_media.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;

constexpr const char* k_recordings_tmpfs_size = "256m"; // the demo cameras record there too
constexpr std::int64_t k_lobby_channel = 51001;         // camera 1001, Warehouse HQ (101)
constexpr int k_sign_ins_when_full = 80;                // sessions rows take ~100 bytes: two 4 KiB pages' worth

bool user_namespaces_allowed() {
  return std::system("unshare -Urm true >/dev/null 2>&1") == 0;
}

// Writes zeros to `path` until the filesystem answers ENOSPC; the bytes written, or -1 on another failure.
std::int64_t fill_until_enospc(const fs::path& path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  std::vector<char> block(1 << 20, 0);
  std::int64_t written = 0;
  for (;;) {
    auto n = ::write(fd, block.data(), block.size());
    if (n > 0) {
      written += n;
      continue;
    }
    int error_number = n < 0 ? errno : ENOSPC;
    if (error_number == EINTR)
      continue;
    ::close(fd);
    return error_number == ENOSPC ? written : -1;
  }
}

std::string tail(const std::string& text, std::size_t bytes = 4000) {
  return text.size() > bytes ? text.substr(text.size() - bytes) : text;
}

demo::CamsimOptions one_camsim_camera() {
  demo::CamsimOptions options;
  options.cameras = 1;
  options.binary = fs::path(ARGUSD_PATH).parent_path() / "camsim";
  options.footage_dir = *demo::CamsimLauncher::find_footage_dir(options.binary.parent_path());
  return options;
}

TEST(DiskFull, ChunkWritesHitAFullDiskShowStorageFullWhileTheServerKeepsServingAndRecordingResumes) {
  if (!media_available())
    GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
  if (!user_namespaces_allowed())
    GTEST_SKIP() << "needs unprivileged user namespaces (unshare -Urm) to mount a small tmpfs";
  demo::CamsimLauncher camsim(one_camsim_camera());
  auto root = fs::temp_directory_path() / ("argus-enospc-" + std::to_string(::getpid()));
  fs::create_directories(root);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() { fs::remove_all(dir); }
  } cleanup{root};
  ArgusdOptions options;
  options.data_dir = root / "data";
  auto recordings = options.data_dir / "recordings";
  // In its own user and mount namespace: a tmpfs on DATA/recordings, then exec argusd (same pid, same network).
  options.launcher = {"unshare",
                      "-Urm",
                      "sh",
                      "-c",
                      std::string("mkdir -p \"$0\" && mount -t tmpfs -o size=") + k_recordings_tmpfs_size +
                          " argus-recordings \"$0\" && exec \"$@\"",
                      recordings.string()};
  // No free-space reserve: the kernel's ENOSPC is what stops recording here (the reserve has its own test).
  options.extra_args = {"--min-free-mb", "0"};
  ArgusdProcess server(options);
  // What argusd sees as its recordings directory: the tmpfs, reached through its own root.
  auto recordings_seen_by_argusd =
      fs::path("/proc") / std::to_string(server.pid()) / "root" / recordings.relative_path();
  ASSERT_TRUE(fs::exists(recordings_seen_by_argusd)) << recordings_seen_by_argusd;

  auto admin = signed_in(server, k_admin);
  auto id = add_camera(admin, "Disk fills up", camsim.rtsp_url(0, "main"));
  ASSERT_GT(id, 0);
  json camera;
  json ranges;
  ASSERT_TRUE(poll_until(30s,
                         [&] {
                           camera = listed_camera(admin, id);
                           ranges = recorded_ranges(admin, id);
                           return camera.is_object() && camera["status"] == "active" && ranges.is_array() &&
                                  !ranges.empty() &&
                                  ranges.back()[1].get<std::int64_t>() - ranges.front()[0].get<std::int64_t>() >= 4'000;
                         }))
      << camera.dump() << " " << ranges.dump();
  EXPECT_TRUE(camera["recording_problem"].is_null()) << camera.dump();

  auto filled_ms = now_utc_ms();
  auto ballast_bytes = fill_until_enospc(recordings_seen_by_argusd / "ballast");
  ASSERT_GT(ballast_bytes, 0) << "cannot fill the recordings tmpfs";
  ASSERT_TRUE(poll_until(20s,
                         [&] {
                           camera = listed_camera(admin, id);
                           return camera.is_object() && camera["recording_problem"] == "storage_full";
                         }))
      << camera.dump() << "\n"
      << tail(server.output());
  auto storage_full_after_ms = now_utc_ms() - filled_ms;
  EXPECT_EQ(camera["status"], "active") << "live video still arrives";

  // 'Storage full' stays while the disk is full (it does not come and go with each retried write).
  for (int sample = 0; sample < 16; ++sample) {
    std::this_thread::sleep_for(500ms);
    EXPECT_EQ(listed_camera(admin, id, "id,recording_problem")["recording_problem"], "storage_full")
        << "sample " << sample;
  }
  // The server keeps serving: sign-in (writes a session), the camera list, live video.
  auto again = server.client();
  EXPECT_EQ(sign_in(again, k_admin, demo_password(server, k_admin)).status, 200);
  EXPECT_EQ(again.get(api(k_test_network_cameras)).status, 200);
  EXPECT_EQ(admin.get(api("/cameras/" + std::to_string(id) + "/live/main/index.m3u8")).status, 200);
  // What was recorded, up to the failed write, plays cleanly (no torn fragment indexed).
  auto recorded = recorded_ranges(admin, id);
  ASSERT_TRUE(recorded.is_array() && !recorded.empty()) << recorded.dump();
  auto decoded = decode_history(admin, id, recorded.front()[0].get<std::int64_t>(),
                                recorded.back()[1].get<std::int64_t>(), root / "history.mp4");
  EXPECT_TRUE(decoded.error.empty()) << decoded.error;
  EXPECT_GT(decoded.frames, 0);
  EXPECT_EQ(decoded.errors, 0);

  auto freed_ms = now_utc_ms();
  fs::remove(recordings_seen_by_argusd / "ballast");
  ASSERT_TRUE(poll_until(30s,
                         [&] {
                           camera = listed_camera(admin, id);
                           ranges = recorded_ranges(admin, id);
                           return camera.is_object() && camera["recording_problem"].is_null() && ranges.is_array() &&
                                  !ranges.empty() && ranges.back()[1].get<std::int64_t>() >= freed_ms + 4'000;
                         }))
      << camera.dump() << " " << ranges.dump() << "\n"
      << tail(server.output());
  auto after = decode_history(admin, id, freed_ms, ranges.back()[1].get<std::int64_t>(), root / "after.mp4");
  EXPECT_GT(after.frames, 0) << after.error;
  EXPECT_EQ(after.errors, 0);
  std::printf("[ disk full ] ballast %lld MiB; storage_full %lld ms after the disk filled; before: %d frames; "
              "ranges %s\n",
              static_cast<long long>(ballast_bytes >> 20), static_cast<long long>(storage_full_after_ms),
              decoded.frames, ranges.dump().c_str());
}

std::string log_event_path() {
  return api("/n/101/manage/access_logs/log_event");
}

json screenshot_event() {
  return {{"event", "screenshot_created"},
          {"channel_id", k_lobby_channel},
          {"start_time", 1735689600},
          {"end_time", 1735689600}};
}

TEST(DatabaseFull, WritesAnswer503WithAReasonWhileReadsSignInAndSignOutKeepWorking) {
  ArgusdOptions options;
  options.extra_args = {"--test-max-db-pages", "1"}; // never below the size at start: no page can be added
  ArgusdProcess server(options);
  auto admin = signed_in(server, k_admin);

  // Each logged event is a row: the pages fill up, then a write fails.
  HttpResponse refused;
  int stored = 0;
  for (; stored < 5'000; ++stored) {
    refused = admin.post_json(log_event_path(), screenshot_event());
    if (refused.status != 200)
      break;
  }
  ASSERT_EQ(refused.status, 503) << "after " << stored << " events: " << refused.body << "\n" << tail(server.output());
  EXPECT_TRUE(is_error_body(refused));
  EXPECT_EQ(refused.json()["errors"][0].get<std::string>().rfind("Storage full: ", 0), 0u) << refused.body;
  EXPECT_EQ(admin.post_json(log_event_path(), screenshot_event()).status, 503) << "still full";

  // Reads keep working with the session that exists.
  EXPECT_EQ(admin.get(api(k_test_network_cameras)).status, 200);
  EXPECT_EQ(admin.get(api("/vision/networks")).status, 200);
  // Sign-in keeps working, many times over (each one is a new session: more rows than a page holds), and those
  // sessions work.
  auto password = demo_password(server, k_admin);
  std::vector<HttpClient> signed_in_now;
  for (int i = 0; i < k_sign_ins_when_full; ++i) {
    auto client = server.client();
    auto answer = sign_in(client, k_admin, password);
    EXPECT_EQ(answer.status, 200) << "sign-in " << i << ": " << answer.body;
    EXPECT_EQ(client.get(api(k_test_network_cameras)).status, 200) << "session " << i;
    signed_in_now.push_back(std::move(client));
  }
  // Sign-out ends a session.
  auto& last = signed_in_now.back();
  EXPECT_EQ(last.get(api("/login/logout")).status, 200);
  EXPECT_TRUE(is_login_mode(last.get(api(k_test_network_cameras))));
  EXPECT_TRUE(server.running());
  std::printf("[ database full ] %d events stored before SQLITE_FULL: %s\n", stored, refused.body.c_str());
}

} // namespace
} // namespace argus::testing
