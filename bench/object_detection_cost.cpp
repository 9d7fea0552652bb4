// Object detection cost in argusd's pipeline (issue 11 target: <= 5 % of one core per camera on average): camsim's
// footage clips go through MotionAnalyzer (5 fps) into the real ObjectService (motion-gated, at most --detect-fps
// frames a second and fewer while nothing is found (DetectionPacer), NanoDet on one thread, tracker, thumbnails,
// colours, embeddings, SQLite writes). Prints, per clip and rate, the detection thread's CPU per second of video, the share of video seconds with motion,
// frames detected and tracks made, then per rate the mean over the clips. Queues are unbounded here (the bench feeds faster than real time); argusd drops
// and counts instead. Usage: argus_bench_objects [--loops N]
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

#include "analytics/motion_analyzer.hpp"
#include "analytics/motion_grid.hpp"
#include "analytics/motion_sink.hpp"
#include "demo/demo_seeder.hpp"
#include "footage_clip.hpp"
#include "objects/object_service.hpp"
#include "services/password_hasher.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace {

namespace fs = std::filesystem;
using namespace argus;

constexpr std::int64_t k_camera_id = 1001; // a demo camera: tracks are stored for cameras that exist

class CountingSink : public analytics::MotionSink {
public:
  void on_motion_second(std::int64_t, std::int64_t, const analytics::CellLevels&) override { ++seconds; }
  void on_recap(std::int64_t, std::int64_t, int, const std::string&) override {}
  std::int64_t seconds = 0;
};

std::optional<double> measure(store::Database& database, const fs::path& clip_path, double detect_fps, int loops) {
  auto name = clip_path.stem().string();
  if (!fs::exists(clip_path)) {
    std::printf("object detection %s: skipped (no footage; build the footage target)\n", name.c_str());
    return std::nullopt;
  }
  auto clip = testing::footage_clip(clip_path, 1'800'000'000'000, loops);
  objects::ObjectServiceOptions options;
  options.model_path = ARGUS_NANODET_ONNX;
  options.detect_fps = detect_fps;
  options.max_queued_frames = 1'000'000;
  options.cpu_share = 1; // no rests: the figure is CPU per second of video, and the bench runs faster than real time
  objects::ObjectService service(database, options);
  service.start();
  CountingSink sink;
  analytics::MotionAnalyzer analyzer(k_camera_id, clip.info, analytics::k_default_grid, sink, {}, &service);
  for (const auto& fragment : clip.fragments)
    analyzer.push_fragment(fragment.bytes->contiguous());
  analyzer.finish();
  service.drain();
  auto stats = service.stats();
  service.stop();
  if (stats.empty()) {
    std::printf("object detection %s: no frame with motion\n", name.c_str());
    return std::nullopt;
  }
  const auto& camera = stats.front();
  double video_s = static_cast<double>(clip.duration_ms) / 1000;
  const double core_pct = 100.0 * static_cast<double>(camera.cpu_ns) / 1e9 / video_s;
  std::printf("object detection %s %dx%d, %s, at most %.0f frame/s: %.2f %% of one core per camera (%.0f %% of "
              "seconds with motion, %lld frames detected, %.1f ms each, %lld tracks)\n",
              name.c_str(), clip.info.width, clip.info.height, service.detector_name().c_str(), detect_fps, core_pct,
              100.0 * static_cast<double>(sink.seconds) / video_s, static_cast<long long>(camera.frames),
              camera.frames ? static_cast<double>(camera.cpu_ns) / 1e6 / static_cast<double>(camera.frames) : 0.0,
              static_cast<long long>(camera.tracks));
  return core_pct;
}

} // namespace

int main(int argc, char** argv) {
  int loops = 1;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--loops") == 0)
      loops = std::max(1, std::atoi(argv[i + 1]));
  auto dir = fs::temp_directory_path() / ("argus-bench-objects-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    store::SqliteDatabase database(dir / "argus.db");
    services::PasswordHasher hasher(services::PasswordHasher::Strength::minimal);
    demo::DemoSeeder(database, hasher, dir).seed();
    for (double fps : {2.0, 1.0}) {
      double sum = 0;
      int clips = 0;
      for (const char* clip : {"01-vtest_sub.mp4", "02-tree_sub.mp4", "03-megamind_sub.mp4"})
        if (auto pct = measure(database, fs::path(ARGUS_FOOTAGE_DIR) / clip, fps, loops)) {
          sum += *pct;
          ++clips;
        }
      if (clips)
        std::printf("object detection at most %.0f frame/s: %.2f %% of one core per camera, mean of %d clips "
                    "(target <= 5)\n",
                    fps, sum / clips, clips);
    }
  }
  fs::remove_all(dir);
  return 0;
}
