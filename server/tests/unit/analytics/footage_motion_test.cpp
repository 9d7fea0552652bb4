// Real footage through the real path: camsim's vtest clip (people walking on a path, 640x360 sub-stream) cut into
// GOP fragments, handed to MotionService as the recorder would, then searched. A region over the walkway finds the
// walkers; a region over the lawn below it finds nothing. Also: stream choice (sub over main) and the bounded queue.
#include <chrono>
#include <fstream>

#include <gtest/gtest.h>

#include "analytics/motion_search.hpp"
#include "analytics/motion_service.hpp"
#include "footage_clip.hpp"
#include "test_support.hpp"

namespace argus::analytics {
namespace {

constexpr std::int64_t k_camera = 1002; // 60x34 grid
// An hour ago: recent enough that the service's retention (30 days by default) keeps it.
const std::int64_t k_start_s =
    (std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count() -
     3600) /
    60 * 60;
// Picked by looking at the clip on the 60x34 grid: the walkway runs across the middle, the lawn fills the lower left.
constexpr Roi k_walkway{20, 8, 30, 14};
constexpr Roi k_lawn{0, 22, 20, 12};

std::filesystem::path footage(const char* stream) {
#ifdef ARGUS_FOOTAGE_DIR
  return std::filesystem::path(ARGUS_FOOTAGE_DIR) / (std::string("01-vtest_") + stream + ".mp4");
#else
  return {};
#endif
}

class FootageMotionTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (footage("sub").empty())
      GTEST_SKIP() << "built without ffmpeg: no footage";
    ASSERT_TRUE(std::filesystem::exists(footage("sub"))) << "build the footage target first";
  }

  MotionQuery query(const Roi& roi, std::int64_t duration_s) {
    MotionQuery out;
    out.camera_id = k_camera;
    out.start_s = k_start_s;
    out.end_s = k_start_s + duration_s;
    out.roi = roi;
    return out;
  }

  testing::ApiHarness harness;
};

// The JPEG's frame size from its SOF0 marker.
std::pair<int, int> jpeg_size(const std::string& jpeg) {
  for (std::size_t i = 2; i + 9 < jpeg.size(); ++i) {
    if (static_cast<std::uint8_t>(jpeg[i]) == 0xff && static_cast<std::uint8_t>(jpeg[i + 1]) == 0xc0) {
      auto byte = [&](std::size_t at) { return static_cast<int>(static_cast<std::uint8_t>(jpeg[at])); };
      return {byte(i + 7) << 8 | byte(i + 8), byte(i + 5) << 8 | byte(i + 6)};
    }
  }
  return {0, 0};
}

TEST_F(FootageMotionTest, WalkwayRegionFindsTheWalkersAndTheLawnNothing) {
  auto clip = testing::footage_clip(footage("sub"), k_start_s * 1000, 2);
  ASSERT_GT(clip.fragments.size(), 20u);
  MotionService service(harness.database, harness.dir.path);
  service.start();
  service.on_stream_start(k_camera, "sub", clip.info, {});
  for (const auto& fragment : clip.fragments) {
    service.on_fragment(k_camera, "sub", fragment);
    service.drain(); // as fast as the analyzer goes, never dropping
  }
  service.on_stream_stop(k_camera, "sub", {});
  service.drain();
  auto stats = service.stats();
  ASSERT_EQ(stats.size(), 1u);
  EXPECT_EQ(stats[0].dropped_fragments, 0);
  EXPECT_NEAR(static_cast<double>(stats[0].media_ms), static_cast<double>(clip.duration_ms), 500);
  std::printf("[ motion   ] %.1f s of 640x360 video: %.2f %% of one core at 5 fps analysis\n",
              static_cast<double>(stats[0].media_ms) / 1000.0,
              100.0 * static_cast<double>(stats[0].cpu_ns) / 1e6 / static_cast<double>(stats[0].media_ms));
  service.stop();

  auto duration_s = clip.duration_ms / 1000;
  MotionSearch search(harness.database);
  auto walkway = search.run(query(k_walkway, duration_s), k_default_grid);
  ASSERT_FALSE(walkway.empty());
  std::int64_t covered_s = 0;
  for (const auto& found : walkway)
    covered_s += found.event.end_s - found.event.start_s;
  // People are on the walkway for nearly the whole clip (the first 2 s build the background).
  EXPECT_GT(covered_s, duration_s * 3 / 4);
  EXPECT_GT(walkway.front().event.intensity_roi, 0);
  EXPECT_TRUE(search.run(query(k_lawn, duration_s), k_default_grid).empty());

  // Recaps: real 320-wide JPEGs on disk, one per 5 s window with motion.
  auto timeline_query = query(k_walkway, duration_s);
  timeline_query.images = EventImages::recaps;
  ASSERT_FALSE(search.run(timeline_query, k_default_grid).front().images.empty());
  auto recaps = harness.database.motion_recaps_in_range(k_camera, k_start_s * 1000, (k_start_s + duration_s) * 1000);
  EXPECT_GE(recaps.size(), static_cast<std::size_t>(duration_s / 5 - 1));
  EXPECT_LE(recaps.size(), static_cast<std::size_t>(duration_s / 5 + 1));
  std::ifstream in(harness.dir.path / recaps.front().file_path, std::ios::binary);
  std::string jpeg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(jpeg.size(), 2000u);
  EXPECT_EQ(jpeg.substr(0, 2), "\xff\xd8");
  EXPECT_EQ(jpeg.substr(jpeg.size() - 2), "\xff\xd9");
  EXPECT_EQ(jpeg_size(jpeg), std::make_pair(320, 180));
}

TEST_F(FootageMotionTest, TheSubStreamIsPreferredAndMainIsTheFallback) {
  auto sub = testing::footage_clip(footage("sub"), k_start_s * 1000);
  auto main = testing::footage_clip(footage("main"), k_start_s * 1000);
  MotionService service(harness.database, harness.dir.path);
  service.start();
  service.on_stream_start(k_camera, "main", main.info, {});
  service.on_fragment(k_camera, "main", main.fragments[0]);
  service.drain();
  EXPECT_EQ(service.stats()[0].stream, "main");
  service.on_stream_start(k_camera, "sub", sub.info, {});
  service.on_fragment(k_camera, "main", main.fragments[1]); // ignored: sub is analysed now
  service.on_fragment(k_camera, "sub", sub.fragments[1]);
  service.drain();
  EXPECT_EQ(service.stats()[0].stream, "sub");
  EXPECT_EQ(service.stats()[0].counters.fragments, 1);
  service.on_stream_stop(k_camera, "sub", {});
  service.drain();
  EXPECT_EQ(service.stats()[0].stream, "main");
}

TEST_F(FootageMotionTest, ABehindAnalyzerDropsFragmentsAndCountsThem) {
  auto clip = testing::footage_clip(footage("sub"), k_start_s * 1000);
  MotionServiceOptions options;
  options.max_queued_fragments = 3;
  MotionService service(harness.database, harness.dir.path, options);
  // Not started yet: nothing is analysed, so the queue fills as it would behind a slow analyzer.
  service.on_stream_start(k_camera, "sub", clip.info, {});
  for (std::size_t i = 0; i < 10; ++i)
    service.on_fragment(k_camera, "sub", clip.fragments[i]);
  EXPECT_EQ(service.stats()[0].dropped_fragments, 7);
  service.start();
  service.drain();
  for (std::size_t i = 10; i < clip.fragments.size(); ++i) {
    service.on_fragment(k_camera, "sub", clip.fragments[i]);
    service.drain();
  }
  auto stats = service.stats()[0];
  EXPECT_EQ(stats.dropped_fragments, 7);
  EXPECT_EQ(stats.counters.fragments, static_cast<std::int64_t>(3 + clip.fragments.size() - 10));
  EXPECT_EQ(stats.counters.decode_errors, 0); // resumed cleanly at the next keyframe after the gap
}

} // namespace
} // namespace argus::analytics
