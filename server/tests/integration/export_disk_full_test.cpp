// An export that meets a full disk (issue 10 "disk full during an export"): argusd runs in a user namespace
// (unshare -Urm, no root needed) where DATA/exports is a tmpfs too small for the export, so the MP4's writes fail with
// ENOSPC from the kernel. Expected: the job fails with a user-friendly 'Storage full' error, its partial file is
// removed, and recording (on another filesystem) goes on as before. Skipped when camsim or its footage is missing or
// user namespaces are not allowed.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/camsim_launcher.hpp"
#include "support/api_helpers.hpp"
#include "support/camera_helpers.hpp"
#include "support/demo_media.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

bool user_namespaces_allowed() {
  return std::system("unshare -Urm true >/dev/null 2>&1") == 0;
}

TEST(ExportDiskFull, AnExportThatFillsTheDiskFailsWithStorageFullRemovesItsPartialFileAndRecordingGoesOn) {
  if (!media_available())
    GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
  if (!user_namespaces_allowed())
    GTEST_SKIP() << "needs unprivileged user namespaces (unshare -Urm) to mount a small tmpfs";
  demo::CamsimOptions camsim_options;
  camsim_options.cameras = 1;
  camsim_options.binary = fs::path(ARGUSD_PATH).parent_path() / "camsim";
  camsim_options.footage_dir = *demo::CamsimLauncher::find_footage_dir(camsim_options.binary.parent_path());
  demo::CamsimLauncher camsim(camsim_options);
  auto root = fs::temp_directory_path() / ("argus-export-enospc-" + std::to_string(::getpid()));
  fs::create_directories(root);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() { fs::remove_all(dir); }
  } cleanup{root};
  ArgusdOptions options;
  options.data_dir = root / "data";
  auto exports = options.data_dir / "exports";
  options.launcher = {"unshare", "-Urm", "sh", "-c",
                      "mkdir -p \"$0\" && mount -t tmpfs -o size=128k argus-exports \"$0\" && exec \"$@\"",
                      exports.string()};
  ArgusdProcess server(options);
  auto exports_seen_by_argusd = fs::path("/proc") / std::to_string(server.pid()) / "root" / exports.relative_path();

  auto admin = signed_in(server, k_admin);
  auto id = add_camera(admin, "Exported onto a full disk", camsim.rtsp_url(0, "main"));
  ASSERT_GT(id, 0);
  nlohmann::json ranges;
  ASSERT_TRUE(poll_until(30s, [&] {
    ranges = recorded_ranges(admin, id);
    return ranges.is_array() && !ranges.empty() &&
           ranges.back()[1].get<std::int64_t>() - ranges.front()[0].get<std::int64_t>() >= 6'000;
  })) << ranges.dump();
  auto camera = listed_camera(admin, id);
  auto t0 = ranges.front()[0].get<std::int64_t>();
  auto t1 = ranges.back()[1].get<std::int64_t>();

  auto created = admin.post_json(api("/n/101/manage/video/export"),
                                 {{"video_channel_id", camera["channel"]["id"]}, {"t0", t0 / 1000.0}, {"t1", t1 / 1000.0}});
  ASSERT_EQ(created.status, 201) << created.body;
  auto job_id = created.json()["id"].get<std::int64_t>();
  nlohmann::json job;
  ASSERT_TRUE(poll_until(30s, [&] {
    auto list = admin.get(api("/n/101/manage/dashboard/job_data?job_ids=" + std::to_string(job_id)));
    job = list.status == 200 && !list.json()["jobs"].empty() ? list.json()["jobs"][0] : nlohmann::json();
    return job.is_object() && job["export_state"] != "queued" && job["export_state"] != "running";
  })) << job.dump();
  EXPECT_EQ(job["export_state"], "user_friendly_error") << job.dump();
  EXPECT_EQ(job["error"].get<std::string>().rfind("Storage full", 0), 0u) << job.dump();
  EXPECT_FALSE(job["downloadable"].get<bool>());
  EXPECT_FALSE(fs::exists(exports_seen_by_argusd / std::to_string(job_id))) << "the partial file stays behind";

  // Recording is on another filesystem: it goes on, without a problem.
  auto before = recorded_ranges(admin, id).back()[1].get<std::int64_t>();
  EXPECT_TRUE(poll_until(15s, [&] { return recorded_ranges(admin, id).back()[1].get<std::int64_t>() >= before + 3'000; }));
  EXPECT_TRUE(listed_camera(admin, id)["recording_problem"].is_null());
  EXPECT_EQ(admin.get(api("/n/101/manage/dashboard/job_data?limit=1")).status, 200) << "the server keeps serving";
}

} // namespace
} // namespace argus::testing
