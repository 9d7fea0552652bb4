// The motion index on a real SQLite store: seconds with minute/hour summaries, search over them (quiet hours skipped),
// recap attachment, a restart in the middle of a minute, and retention.
#include <fstream>

#include <gtest/gtest.h>

#include "analytics/motion_index_writer.hpp"
#include "analytics/motion_retention.hpp"
#include "analytics/motion_search.hpp"
#include "analytics/recap_store.hpp"
#include "test_support.hpp"

namespace argus::analytics {
namespace {

constexpr std::int64_t k_camera = 1002;                          // a demo camera with a 60x34 grid
constexpr std::int64_t k_day0_s = 1'700'000'000 / 86400 * 86400; // a UTC midnight

// Levels with a 2x2 block of cells at (col, row).
CellLevels block(int col, int row, std::uint8_t level = 200) {
  CellLevels levels(k_default_grid);
  for (int r = row; r < row + 2; ++r)
    for (int c = col; c < col + 2; ++c)
      levels.levels[static_cast<std::size_t>(r * 60 + c)] = level;
  return levels;
}

class MotionIndexTest : public ::testing::Test {
protected:
  testing::ApiHarness harness;
  store::Database& database = harness.database;

  MotionQuery query(std::int64_t start_s, std::int64_t end_s, Roi roi = Roi::whole(k_default_grid)) {
    MotionQuery out;
    out.camera_id = k_camera;
    out.start_s = start_s;
    out.end_s = end_s;
    out.roi = roi;
    return out;
  }
};

TEST_F(MotionIndexTest, SummariesHoldTheMaximumOfTheirSeconds) {
  MotionIndexWriter writer(database);
  writer.add_second(k_camera, k_day0_s + 10, block(0, 0, 50));
  writer.add_second(k_camera, k_day0_s + 11, block(0, 0, 90));
  writer.add_second(k_camera, k_day0_s + 70, block(10, 10));
  EXPECT_EQ(writer.flush(), 3u);
  EXPECT_EQ(writer.flush(), 0u);
  auto minute = database.find_motion_summary(k_camera, 60, k_day0_s);
  ASSERT_TRUE(minute);
  EXPECT_EQ(minute->seconds, 2);
  auto levels = decode_cell_levels(minute->cells);
  ASSERT_TRUE(levels);
  EXPECT_EQ(levels->levels[0], 90);
  EXPECT_EQ(levels->moved(), 4);
  auto hour = database.find_motion_summary(k_camera, 3600, k_day0_s);
  ASSERT_TRUE(hour);
  EXPECT_EQ(hour->seconds, 3);
  EXPECT_EQ(decode_cell_levels(hour->cells)->moved(), 8);
  EXPECT_EQ(database.motion_summaries(k_camera, 60, k_day0_s, k_day0_s + 3600).size(), 2u);
}

TEST_F(MotionIndexTest, ARestartedWriterAddsToTheStoredMinute) {
  {
    MotionIndexWriter writer(database);
    writer.add_second(k_camera, k_day0_s + 5, block(0, 0));
    writer.flush();
  }
  MotionIndexWriter writer(database); // as after a restart of argusd
  writer.add_second(k_camera, k_day0_s + 6, block(20, 20));
  writer.flush();
  auto minute = database.find_motion_summary(k_camera, 60, k_day0_s);
  ASSERT_TRUE(minute);
  EXPECT_EQ(minute->seconds, 2);
  EXPECT_EQ(decode_cell_levels(minute->cells)->moved(), 8);
}

TEST_F(MotionIndexTest, SearchFindsEventsInTheRoiOnly) {
  MotionIndexWriter writer(database);
  for (int s = 0; s < 5; ++s)
    writer.add_second(k_camera, k_day0_s + 100 + s, block(10, 10)); // walker A: 100..104
  for (int s = 0; s < 3; ++s)
    writer.add_second(k_camera, k_day0_s + 200 + s, block(40, 20)); // walker B: 200..202
  writer.flush();
  MotionSearch search(database);
  auto all = search.run(query(k_day0_s, k_day0_s + 3600), k_default_grid);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].event.start_s, k_day0_s + 100);
  EXPECT_EQ(all[0].event.end_s, k_day0_s + 105);
  EXPECT_EQ(all[1].event.start_s, k_day0_s + 200);
  EXPECT_EQ(all[0].event.intensity_frame, 1); // 4 of 2040 cells
  auto only_a = search.run(query(k_day0_s, k_day0_s + 3600, {8, 8, 5, 5}), k_default_grid);
  ASSERT_EQ(only_a.size(), 1u);
  EXPECT_EQ(only_a[0].event.start_s, k_day0_s + 100);
  EXPECT_EQ(only_a[0].event.intensity_roi, 16); // 4 of 25 cells
  EXPECT_TRUE(search.run(query(k_day0_s, k_day0_s + 3600, {0, 25, 10, 9}), k_default_grid).empty());
  // The range clips: only walker A's last two seconds.
  auto clipped = search.run(query(k_day0_s + 103, k_day0_s + 150), k_default_grid);
  ASSERT_EQ(clipped.size(), 1u);
  EXPECT_EQ(clipped[0].event.duration_ms(), 2000);
}

TEST_F(MotionIndexTest, SensitivityFiltersWeakMotion) {
  MotionIndexWriter writer(database);
  writer.add_second(k_camera, k_day0_s + 10, block(10, 10, 20)); // ~8 % of each cell changed
  writer.add_second(k_camera, k_day0_s + 30, block(10, 10, 200));
  writer.flush();
  MotionSearch search(database);
  auto q = query(k_day0_s, k_day0_s + 60, {10, 10, 2, 2}); // the block fills the region: enough at any sensitivity
  EXPECT_EQ(search.run(q, k_default_grid).size(), 2u);
  q.sensitivity = 50; // level 32
  auto strong = search.run(q, k_default_grid);
  ASSERT_EQ(strong.size(), 1u);
  EXPECT_EQ(strong[0].event.start_s, k_day0_s + 30);
  q.sensitivity = 1; // level 128
  EXPECT_EQ(search.run(q, k_default_grid).size(), 1u);
}

TEST_F(MotionIndexTest, LowerSensitivityNeedsMoreOfTheRegionMoving) {
  // A busy frame: every second 40 cells move strongly (2 % of the grid), and 250 cells (12 %) every fifth second.
  MotionIndexWriter writer(database);
  for (int s = 0; s < 60; ++s) {
    CellLevels levels(k_default_grid);
    int cells = s % 5 == 0 ? 250 : 40;
    for (int cell = 0; cell < cells; ++cell)
      levels.levels[static_cast<std::size_t>(cell * 8)] = 200;
    writer.add_second(k_camera, k_day0_s + s, levels);
  }
  writer.flush();
  MotionSearch search(database);
  auto q = query(k_day0_s, k_day0_s + 60);
  auto all = search.run(q, k_default_grid);
  ASSERT_EQ(all.size(), 1u); // one busy minute
  EXPECT_EQ(all[0].event.duration_ms(), 60'000);
  q.sensitivity = 50; // 207 of the 2040 cells must move: only the strong seconds, 5 s apart, each its own event
  auto strong = search.run(q, k_default_grid);
  ASSERT_EQ(strong.size(), 12u);
  for (const auto& found : strong)
    EXPECT_EQ(found.event.duration_ms(), 1000);
  q.rules.min_duration_ms = 2000;
  EXPECT_TRUE(search.run(q, k_default_grid).empty());
}

TEST_F(MotionIndexTest, EventImagesAreTheFramesOfThePeakSecondsInTheRegion) {
  MotionIndexWriter writer(database);
  // 20 s of motion: the frame peaks at 1003 (a big block elsewhere), the region at 1007, its second subevent at 1015.
  for (int s = 0; s < 20; ++s) {
    auto levels = block(10, 10);
    if (s == 3)
      for (int cell = 0; cell < 600; ++cell)
        levels.levels[static_cast<std::size_t>(1200 + cell)] = 200;
    if (s == 7 || s == 15)
      levels.levels[static_cast<std::size_t>(12 * 60 + 12)] = 200;
    writer.add_second(k_camera, k_day0_s + 1000 + s, levels);
  }
  writer.flush();
  MotionSearch search(database);
  auto events = search.run(query(k_day0_s, k_day0_s + 3600, {8, 8, 6, 6}), k_default_grid);
  ASSERT_EQ(events.size(), 1u);
  const auto& found = events[0];
  EXPECT_EQ(found.event.peak_s, k_day0_s + 1007);
  ASSERT_EQ(found.event.subevents.size(), 2u);
  auto frame_ms = [](std::int64_t second_s) { return second_s * 1000 + MotionSearch::k_peak_frame_offset_ms; };
  EXPECT_EQ(found.images, (std::vector<std::int64_t>{frame_ms(k_day0_s + 1007), frame_ms(k_day0_s + 1015)}));
  EXPECT_EQ(found.subevent_images[0], frame_ms(k_day0_s + 1007));
  EXPECT_EQ(found.subevent_images[1], frame_ms(k_day0_s + 1015));
  // Over the whole frame the big block decides.
  auto whole = search.run(query(k_day0_s, k_day0_s + 3600), k_default_grid);
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(whole[0].images.front(), frame_ms(k_day0_s + 1003));
}

TEST_F(MotionIndexTest, QuietHoursAndMinutesAreSkippedWithoutReadingTheirSeconds) {
  MotionIndexWriter writer(database);
  // Hour 0: motion in the top-left only; hour 5: motion at (40, 20) during one minute.
  for (int s = 0; s < 600; s += 2)
    writer.add_second(k_camera, k_day0_s + s, block(0, 0));
  for (int s = 0; s < 20; ++s)
    writer.add_second(k_camera, k_day0_s + 5 * 3600 + 120 + s, block(40, 20));
  writer.flush();
  MotionSearch search(database);
  auto events = search.run(query(k_day0_s, k_day0_s + 24 * 3600, {38, 18, 6, 6}), k_default_grid);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(search.stats().hours, 2);
  EXPECT_EQ(search.stats().quiet_hours, 1);
  EXPECT_EQ(search.stats().minutes, 1);  // only hour 5's minutes are read
  EXPECT_EQ(search.stats().seconds, 20); // only its active minute's seconds
  auto corner = search.run(query(k_day0_s, k_day0_s + 24 * 3600, {0, 0, 2, 2}), k_default_grid);
  EXPECT_EQ(corner.size(), 2u); // 599 s of motion 2 s apart: two events of at most 5 minutes
  EXPECT_EQ(search.stats().seconds, 300);
}

TEST_F(MotionIndexTest, TimelineEventsCarryTheirBestRecapsAndSubeventsTheirOwn) {
  MotionIndexWriter writer(database);
  for (int s = 0; s < 20; ++s)
    writer.add_second(k_camera, k_day0_s + 1000 + s, block(10, 10));
  writer.flush();
  RecapStore recaps(database, harness.dir.path);
  auto early = recaps.save(k_camera, (k_day0_s + 1002) * 1000, 5, "\xff\xd8jpeg-a");
  auto best = recaps.save(k_camera, (k_day0_s + 1012) * 1000 + 400, 30, "\xff\xd8jpeg-b");
  recaps.save(k_camera, (k_day0_s + 5000) * 1000, 50,
              "\xff\xd8"
              "far away");
  MotionSearch search(database);
  auto q = query(k_day0_s, k_day0_s + 3600);
  q.images = EventImages::recaps;
  auto events = search.run(q, k_default_grid);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].images, (std::vector<std::int64_t>{best, early}));
  ASSERT_EQ(events[0].event.subevents.size(), 2u); // 1000..1009, 1010..1019
  EXPECT_EQ(events[0].subevent_images[0], early);
  EXPECT_EQ(events[0].subevent_images[1], best);
  q.images = EventImages::none;
  EXPECT_TRUE(search.run(q, k_default_grid)[0].images.empty());
  auto stored = database.find_motion_recap(k_camera, best);
  ASSERT_TRUE(stored);
  std::ifstream in(recaps.path_of(*stored), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(bytes, "\xff\xd8jpeg-b");
  EXPECT_FALSE(database.find_motion_recap(1001, best)); // ids are looked up with their camera
}

TEST_F(MotionIndexTest, RetentionDeletesWhatIsOlderThanTheCamerasRetention) {
  auto now_s = k_day0_s + 40 * 86400;
  MotionIndexWriter writer(database);
  writer.add_second(k_camera, now_s - 31 * 86400, block(0, 0)); // beyond the default 30 days
  writer.add_second(k_camera, now_s - 29 * 86400, block(0, 0)); // kept
  writer.flush();
  RecapStore recaps(database, harness.dir.path);
  auto old_id = recaps.save(k_camera, (now_s - 31 * 86400) * 1000, 9, "old");
  auto new_id = recaps.save(k_camera, (now_s - 29 * 86400) * 1000, 9, "new");
  auto old_path = recaps.path_of(*database.find_motion_recap(k_camera, old_id));
  auto orphan = RecapStore::root(harness.dir.path) / "999999";
  std::filesystem::create_directories(orphan);

  MotionRetention retention(database, harness.dir.path, [now_s] { return now_s * 1000; });
  auto report = retention.run_once();
  EXPECT_EQ(report.recap_files_deleted, 1);
  EXPECT_EQ(report.camera_dirs_deleted, 1);
  EXPECT_FALSE(std::filesystem::exists(old_path));
  EXPECT_FALSE(std::filesystem::exists(orphan));
  EXPECT_FALSE(database.find_motion_recap(k_camera, old_id));
  EXPECT_TRUE(database.find_motion_recap(k_camera, new_id));
  int seconds = 0;
  database.visit_motion_seconds(k_camera, 0, now_s, [&](std::int64_t, std::span<const std::uint8_t>) { ++seconds; });
  EXPECT_EQ(seconds, 1);
  EXPECT_FALSE(database.find_motion_summary(k_camera, 3600, (now_s - 31 * 86400) / 3600 * 3600));
  EXPECT_TRUE(database.find_motion_summary(k_camera, 3600, (now_s - 29 * 86400) / 3600 * 3600));
}

TEST_F(MotionIndexTest, DeletingACameraDeletesItsMotionAndRetentionItsRecapDirectory) {
  MotionIndexWriter writer(database);
  writer.add_second(k_camera, k_day0_s + 1, block(3, 3));
  writer.flush();
  RecapStore recaps(database, harness.dir.path);
  auto id = recaps.save(k_camera, (k_day0_s + 1) * 1000, 4, "jpeg");
  database.delete_camera(k_camera);
  EXPECT_FALSE(database.find_motion_recap(k_camera, id));
  EXPECT_TRUE(database.motion_summaries(k_camera, 60, 0, k_day0_s + 3600).empty());
  // Seconds still queued for the deleted camera are skipped; the other cameras' seconds of the batch are kept.
  writer.add_second(k_camera, k_day0_s + 2, block(3, 3));
  writer.add_second(1003, k_day0_s + 2, block(3, 3));
  EXPECT_EQ(writer.flush(), 2u);
  EXPECT_EQ(database.motion_summaries(1003, 60, 0, k_day0_s + 3600).size(), 1u);
  EXPECT_TRUE(database.motion_summaries(k_camera, 60, 0, k_day0_s + 3600).empty());
  MotionRetention retention(database, harness.dir.path, [] { return (k_day0_s + 10) * 1000; });
  EXPECT_EQ(retention.run_once().camera_dirs_deleted, 1);
  EXPECT_FALSE(std::filesystem::exists(RecapStore::root(harness.dir.path) / std::to_string(k_camera)));
}

TEST_F(MotionIndexTest, StoredMotionSurvivesReopeningTheDatabase) {
  MotionIndexWriter writer(database);
  writer.add_second(k_camera, k_day0_s + 1, block(3, 3));
  writer.flush();
  store::SqliteDatabase reopened(harness.dir.path / "argus.db");
  MotionSearch search(reopened);
  EXPECT_EQ(search.run(query(k_day0_s, k_day0_s + 60), k_default_grid).size(), 1u);
}

} // namespace
} // namespace argus::analytics
