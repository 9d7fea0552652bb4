// A full recording disk (issue 17 item 14) against a real argusd, a real camsim and the real filesystem: argusd keeps
// a free-space reserve (--min-free-mb), set here just below what the data directory's filesystem has free; a ballast
// file (fallocate, no bytes written) then takes the free space under the reserve, like recordings or another program
// filling the disk. Expected: retention deletes the oldest recordings, then recording stops with recording_problem
// "storage_full" while live video, sign-in and the camera list keep working; deleting the ballast lets recording
// resume by itself. Needs ~3 GB of free disk beyond the margins (skipped otherwise) and camsim with its footage.
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
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
using nlohmann::json;

constexpr std::int64_t k_mib = 1024 * 1024;
// Free space above the reserve when argusd starts, and below it once the ballast is in place: wide enough that other
// programs writing or deleting meanwhile do not change the outcome.
constexpr std::int64_t k_margin_mb = 3 * 1024;

std::int64_t free_mb(const fs::path& dir) {
  struct statvfs stats {};
  if (::statvfs(dir.c_str(), &stats) != 0)
    return -1;
  return static_cast<std::int64_t>(stats.f_bavail) * static_cast<std::int64_t>(stats.f_frsize) / k_mib;
}

// A file of `size_mb` whose blocks are allocated (counted as used) without writing them.
class Ballast {
public:
  Ballast(fs::path path, std::int64_t size_mb) : path_(std::move(path)) {
    int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    ok_ = fd >= 0 && ::posix_fallocate(fd, 0, size_mb * k_mib) == 0;
    if (fd >= 0)
      ::close(fd);
  }
  ~Ballast() { remove(); }
  bool ok() const { return ok_; }
  void remove() {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }

private:
  fs::path path_;
  bool ok_ = false;
};

TEST(StorageFull, RecordingStopsWithStorageFullWhileSignInWorksAndResumesWhenSpaceReturns) {
  if (!media_available())
    GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
  auto root = fs::temp_directory_path() / ("argus-storage-" + std::to_string(::getpid()));
  fs::create_directories(root);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() { fs::remove_all(dir); }
  } cleanup{root};
  auto available_mb = free_mb(root);
  if (available_mb < 4 * k_margin_mb)
    GTEST_SKIP() << "needs " << 4 * k_margin_mb << " MiB free in " << root << ", has " << available_mb;
  auto reserve_mb = available_mb - k_margin_mb;

  demo::CamsimOptions camsim_options;
  camsim_options.cameras = 1;
  camsim_options.binary = fs::path(ARGUSD_PATH).parent_path() / "camsim";
  camsim_options.footage_dir = *demo::CamsimLauncher::find_footage_dir(camsim_options.binary.parent_path());
  demo::CamsimLauncher camsim(camsim_options);
  ArgusdOptions options;
  options.data_dir = root / "data";
  options.extra_args = {"--min-free-mb", std::to_string(reserve_mb)};
  ArgusdProcess server(options);

  auto admin = signed_in(server, k_admin);
  auto id = add_camera(admin, "Fills the disk", camsim.rtsp_url(0, "main"));
  ASSERT_GT(id, 0);
  json camera;
  ASSERT_TRUE(poll_until(20s, [&] {
    camera = listed_camera(admin, id);
    return camera.is_object() && camera["status"] == "active" && recorded_ranges(admin, id).size() > 0;
  })) << camera.dump();
  EXPECT_TRUE(camera["recording_problem"].is_null()) << camera.dump();
  auto recorded_before = recorded_ranges(admin, id);

  // The disk "fills up": free space falls k_margin_mb under the reserve.
  Ballast ballast(root / "ballast", 2 * k_margin_mb);
  ASSERT_TRUE(ballast.ok()) << "cannot allocate the ballast file";
  ASSERT_TRUE(poll_until(20s, [&] {
    camera = listed_camera(admin, id);
    return camera.is_object() && camera["recording_problem"] == "storage_full";
  })) << camera.dump() << "\n" << server.output().substr(server.output().size() > 4000 ? server.output().size() - 4000 : 0);
  EXPECT_EQ(camera["status"], "active") << "live video still arrives";
  EXPECT_TRUE(camera["offline_reason"].is_null()) << camera.dump();
  // Retention deleted the oldest recordings trying to restore the reserve (all of them: none can make up the gap).
  json ranges;
  EXPECT_TRUE(poll_until(15s, [&] {
    ranges = recorded_ranges(admin, id);
    return ranges.is_array() && ranges.empty();
  })) << "before: " << recorded_before.dump() << ", now: " << ranges.dump();
  // The database keeps working: sign-in (writes a session), the camera list, live video.
  auto again = server.client();
  EXPECT_EQ(sign_in(again, k_admin, demo_password(server, k_admin)).status, 200);
  EXPECT_EQ(again.get(api(k_test_network_cameras)).status, 200);
  EXPECT_EQ(admin.get(api("/cameras/" + std::to_string(id) + "/live/main/index.m3u8")).status, 200);
  // Nothing is recorded while the disk is full.
  std::this_thread::sleep_for(3s);
  EXPECT_TRUE(recorded_ranges(admin, id).empty());

  auto freed_ms = now_utc_ms();
  ballast.remove();
  ASSERT_TRUE(poll_until(20s, [&] {
    camera = listed_camera(admin, id);
    ranges = recorded_ranges(admin, id);
    return camera.is_object() && camera["recording_problem"].is_null() && ranges.is_array() && !ranges.empty();
  })) << camera.dump() << " " << ranges.dump();
  EXPECT_GE(ranges[0][0].get<std::int64_t>(), freed_ms - 1'000) << "recording resumed after the space came back";
  std::printf("[ storage ] reserve %lld MiB of %lld MiB free; recorded before %s, after %s\n",
              static_cast<long long>(reserve_mb), static_cast<long long>(available_mb), recorded_before.dump().c_str(),
              ranges.dump().c_str());
}

} // namespace
} // namespace argus::testing
