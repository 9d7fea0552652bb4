// ObjectService as argusd runs it, on a real SQLite store: a scene whose motion holds no object is detected less and
// less often (DetectionPacer), people walking keep the full rate, a detector slower than the frames drops and counts
// them without blocking the caller, the workers run at a background priority and wait while a live viewer starts.
#include "objects/object_service.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <opencv2/imgproc.hpp>

#include <gtest/gtest.h>

#include "detection_test_support.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::objects {
namespace {

namespace fs = std::filesystem;
namespace testing = detection::testing;

constexpr std::int64_t k_camera = 7;
constexpr std::int64_t k_start_ms = 1'700'000'000'000;

analytics::Picture picture_of(const cv::Mat& bgr) {
  cv::Mat yuv;
  cv::cvtColor(bgr, yuv, cv::COLOR_BGR2YUV_I420);
  analytics::Picture out;
  out.width = bgr.cols;
  out.height = bgr.rows;
  const auto luma = static_cast<std::size_t>(bgr.cols * bgr.rows);
  const auto* data = yuv.ptr<std::uint8_t>();
  out.y.assign(data, data + luma);
  out.u.assign(data + luma, data + luma + luma / 4);
  out.v.assign(data + luma + luma / 4, data + luma + luma / 2);
  return out;
}

analytics::Picture empty_scene(int width = 320, int height = 180) {
  return picture_of(cv::Mat(height, width, CV_8UC3, cv::Scalar(90, 120, 100)));
}

// Offers frames taken every step_ms from k_start_ms as MotionAnalyzer does (asks, then gives), each processed before
// the next is offered.
void offer_in_turn(ObjectService& service, int count, std::int64_t step_ms,
                   const std::function<analytics::Picture(std::int64_t)>& frame_at) {
  for (int i = 0; i < count; ++i) {
    const std::int64_t ts = k_start_ms + i * step_ms;
    if (!service.wants_frame(k_camera, ts))
      continue;
    service.on_motion_frame(k_camera, ts, frame_at(ts));
    service.wait_idle();
  }
  service.drain();
}

class ObjectServiceTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("argus-object-service-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    database_ = std::make_unique<store::SqliteDatabase>(dir_ / "argus.db");
  }
  void TearDown() override {
    database_.reset();
    fs::remove_all(dir_);
  }

  CameraObjectStats stats_of(ObjectService& service) {
    for (const auto& camera : service.stats())
      if (camera.camera_id == k_camera)
        return camera;
    return {};
  }

  fs::path dir_;
  std::unique_ptr<store::SqliteDatabase> database_;
};

TEST_F(ObjectServiceTest, MotionWithoutObjectsIsDetectedLessAndLessOften) {
  ObjectServiceOptions options; // no model: HOG
  options.detect_fps = 2;
  options.max_idle_interval_ms = 2000;
  ObjectService service(*database_, options);
  service.start();
  // 10 s of frames every 100 ms: detected at 0 s, then after 1 s, then every 2 s (3, 5, 7, 9 s), not 20 times.
  offer_in_turn(service, 100, 100, [](std::int64_t) { return empty_scene(); });
  auto stats = stats_of(service);
  service.stop();
  EXPECT_EQ(stats.frames, 6);
  EXPECT_EQ(stats.dropped, 0);
}

TEST_F(ObjectServiceTest, PeopleWalkingKeepTheFullRate) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  ObjectServiceOptions options;
  options.model_path = testing::nanodet_model();
  options.detect_fps = 2;
  ObjectService service(*database_, options);
  service.start();
  auto clip = testing::footage("01-vtest_sub.mp4");
  // 8 s of the walkers, frames every 100 ms: 2 a second are detected (the scene always holds tracked people).
  offer_in_turn(service, 80, 100, [&](std::int64_t ts) {
    return picture_of(testing::read_frame(clip, 6.0 + static_cast<double>(ts - k_start_ms) / 1000));
  });
  auto stats = stats_of(service);
  service.stop();
  EXPECT_GE(stats.frames, 15);
  EXPECT_LE(stats.frames, 16);
  EXPECT_GE(stats.tracks, 3) << "the walkers' tracks end at stop";
}

TEST_F(ObjectServiceTest, ADetectorSlowerThanTheFramesDropsAndCountsThemWithoutBlocking) {
  ObjectServiceOptions options; // HOG on 640x360: tens of milliseconds a frame
  options.max_queued_frames = 2;
  options.max_idle_interval_ms = 500;
  ObjectService service(*database_, options);
  service.start();
  const auto frame = empty_scene(640, 360);
  const auto begin = std::chrono::steady_clock::now();
  int offered = 0;
  for (int i = 0; i < 20; ++i) {
    const std::int64_t ts = k_start_ms + i * 10'000; // always due
    if (service.wants_frame(k_camera, ts)) {
      service.on_motion_frame(k_camera, ts, frame);
      ++offered;
    }
  }
  const auto offering = std::chrono::steady_clock::now() - begin;
  service.drain();
  auto stats = stats_of(service);
  service.stop();
  EXPECT_LT(offering, std::chrono::milliseconds(200)) << "offering never waits for the detector";
  EXPECT_EQ(stats.frames + stats.dropped, 20);
  EXPECT_GE(stats.dropped, 15);
  EXPECT_GE(stats.frames, 1);
  EXPECT_LE(offered - stats.frames, 1) << "frames accepted are detected";
}

TEST_F(ObjectServiceTest, AWorkerStaysWithinItsShareOfACore) {
  ObjectServiceOptions options; // HOG on 640x360: tens of milliseconds a frame
  options.cpu_share = 0.25;
  options.max_idle_interval_ms = 500;
  ObjectService service(*database_, options);
  service.start();
  const auto frame = empty_scene(640, 360);
  const auto begin = std::chrono::steady_clock::now();
  std::int64_t ts = k_start_ms;
  while (std::chrono::steady_clock::now() - begin < std::chrono::seconds(2)) {
    ts += 10'000; // always due: the camera always has a frame waiting
    if (service.wants_frame(k_camera, ts))
      service.on_motion_frame(k_camera, ts, frame);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  service.wait_idle();
  const auto elapsed_ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - begin).count();
  auto stats = stats_of(service);
  service.stop();
  const double busy = static_cast<double>(stats.cpu_ns) / static_cast<double>(elapsed_ns);
  EXPECT_LE(busy, 0.35) << stats.frames << " frames detected";
  EXPECT_GE(stats.frames, 2);
  EXPECT_GT(stats.dropped, 0) << "frames beyond the share are dropped and counted";
}

// Offers an always-due frame every 20 ms for `duration`, calling `each` before each offer.
void offer_for(ObjectService& service, std::chrono::milliseconds duration, const analytics::Picture& frame,
               const std::function<void()>& each = [] {}) {
  const auto end = std::chrono::steady_clock::now() + duration;
  std::int64_t ts = k_start_ms;
  while (std::chrono::steady_clock::now() < end) {
    each();
    ts += 10'000;
    if (service.wants_frame(k_camera, ts))
      service.on_motion_frame(k_camera, ts, frame);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

TEST_F(ObjectServiceTest, ALiveViewerStartingHoldsDetectionBack) {
  common::ViewerStartSignal viewer_starts(std::chrono::milliseconds(1000));
  ObjectServiceOptions options; // HOG on 320x180: a few milliseconds a frame
  options.cpu_share = 1;
  options.max_idle_interval_ms = 500;
  options.viewer_starts = &viewer_starts;
  ObjectService service(*database_, options);
  service.start();
  const auto frame = empty_scene();
  viewer_starts.note_start();
  offer_for(service, std::chrono::milliseconds(600), frame);
  const auto while_starting = stats_of(service).frames;
  // Then detection runs at its full rate again: 5 frames come within a second on an idle machine; offering for up to
  // 5 s keeps a loaded machine (a CI build beside it) from failing the test without weakening what it shows.
  const auto resumed_by = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (stats_of(service).frames < 5 && std::chrono::steady_clock::now() < resumed_by)
    offer_for(service, std::chrono::milliseconds(100), frame);
  service.wait_idle();
  const auto after = stats_of(service).frames;
  service.stop();
  EXPECT_LE(while_starting, 1) << "at most one frame, then the worker waits for the viewer's start";
  EXPECT_GE(after, 5) << "then detection runs at its full rate again";
}

TEST_F(ObjectServiceTest, ViewersStartingAllTheTimeSlowDetectionButNeverStopIt) {
  common::ViewerStartSignal viewer_starts(std::chrono::milliseconds(1000));
  ObjectServiceOptions options;
  options.cpu_share = 1;
  options.max_idle_interval_ms = 500;
  options.viewer_starts = &viewer_starts;
  options.max_viewer_yield_ms = 300;
  ObjectService service(*database_, options);
  service.start();
  offer_for(service, std::chrono::milliseconds(3000), empty_scene(), [&] { viewer_starts.note_start(); });
  service.wait_idle();
  const auto frames = stats_of(service).frames;
  service.stop();
  // About 10 on an idle machine; unthrottled it would be one per offer (150).
  EXPECT_GE(frames, 4) << "a frame after each wait of at most 300 ms";
  EXPECT_LE(frames, 13);
}

TEST_F(ObjectServiceTest, WorkersRunAtABackgroundPriority) {
  ObjectService service(*database_, ObjectServiceOptions{});
  service.start();
  int worker_nice = -100;
  for (int attempt = 0; attempt < 100 && worker_nice == -100; ++attempt) {
    for (const auto& task : fs::directory_iterator("/proc/self/task")) {
      std::ifstream comm(task.path() / "comm");
      std::string name;
      std::getline(comm, name);
      if (name == "argus-detect")
        worker_nice = getpriority(PRIO_PROCESS, static_cast<id_t>(std::stoi(task.path().filename().string())));
    }
    if (worker_nice == -100)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  service.stop();
  EXPECT_EQ(worker_nice, std::min(getpriority(PRIO_PROCESS, 0) + 10, 19));
}

} // namespace
} // namespace argus::objects
