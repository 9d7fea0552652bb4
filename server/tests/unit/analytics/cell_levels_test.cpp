// Motion record encoding (sparse and dense forms), ROI counting, sensitivity mapping and grids.
#include <gtest/gtest.h>

#include "analytics/cell_levels.hpp"
#include "analytics/motion_grid.hpp"
#include "analytics/sensitivity.hpp"
#include "store/records.hpp"

namespace argus::analytics {
namespace {

CellLevels with_cells(const MotionGrid& grid, const std::vector<std::pair<int, int>>& cells) {
  CellLevels levels(grid);
  for (auto [cell, level] : cells)
    levels.levels[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(level);
  return levels;
}

TEST(CellLevels, SparseRecordsRoundTripInThreeBytesACell) {
  auto levels = with_cells(k_default_grid, {{0, 8}, {61, 255}, {2039, 40}});
  auto bytes = encode_cell_levels(levels);
  EXPECT_EQ(bytes[0], 1);
  EXPECT_EQ(bytes.size(), 3u + 3 * 3);
  auto decoded = decode_cell_levels(bytes);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->grid, k_default_grid);
  EXPECT_EQ(decoded->levels, levels.levels);
}

TEST(CellLevels, BusyRecordsUseTheBitsetAndRoundTrip) {
  CellLevels levels(k_default_grid);
  for (int cell = 0; cell < 2040; cell += 3)
    levels.levels[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(8 + cell % 200);
  auto bytes = encode_cell_levels(levels);
  EXPECT_EQ(bytes[0], 2);
  EXPECT_EQ(bytes.size(), 3u + 255 + 680); // header, 2040-bit set, one level per moved cell
  auto decoded = decode_cell_levels(bytes);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->levels, levels.levels);
}

TEST(CellLevels, EmptyAndOtherGridsRoundTrip) {
  for (auto grid : {k_default_grid, k_fisheye_grid, k_four_three_grid}) {
    CellLevels empty(grid);
    auto decoded = decode_cell_levels(encode_cell_levels(empty));
    ASSERT_TRUE(decoded);
    EXPECT_EQ(decoded->grid, grid);
    EXPECT_EQ(decoded->moved(), 0);
    auto full = with_cells(grid, {{grid.cells() - 1, 9}});
    EXPECT_EQ(decode_cell_levels(encode_cell_levels(full))->levels, full.levels);
  }
}

TEST(CellLevels, MalformedBytesAreRejected) {
  auto good = encode_cell_levels(with_cells(k_default_grid, {{5, 10}, {6, 11}}));
  std::vector<std::vector<std::uint8_t>> bad = {
      {},
      {1, 60},
      {3, 60, 34},                   // unknown format
      {1, 0, 34},                    // no columns
      {1, 60, 34, 5, 0},             // truncated cell
      {1, 60, 34, 6, 0, 9, 5, 0, 9}, // not ascending
      {1, 60, 34, 0xf8, 0x07, 9},    // cell 2040 outside 60x34
      {1, 60, 34, 5, 0, 0},          // zero level
  };
  auto dense_short = encode_cell_levels(with_cells(k_default_grid, {}));
  dense_short[0] = 2; // bitset missing
  bad.push_back(dense_short);
  for (const auto& bytes : bad)
    EXPECT_FALSE(decode_cell_levels(bytes)) << bytes.size();
  good.pop_back();
  EXPECT_FALSE(decode_cell_levels(good));
}

TEST(CellLevels, MergeMaxKeepsTheLargerLevelPerCell) {
  auto a = with_cells(k_default_grid, {{1, 10}, {2, 50}});
  auto b = with_cells(k_default_grid, {{2, 20}, {3, 30}});
  a.merge_max(b);
  EXPECT_EQ(a.levels[1], 10);
  EXPECT_EQ(a.levels[2], 50);
  EXPECT_EQ(a.levels[3], 30);
  EXPECT_EQ(a.moved(), 3);
  EXPECT_EQ(a.moved_at(25), 2);
}

TEST(CellLevels, CountCellsHonoursRoiThresholdAndGrid) {
  // Cells (col,row): (0,0) level 10, (5,5) level 100, (10,5) level 40.
  auto levels = with_cells(k_default_grid, {{0, 10}, {5 * 60 + 5, 100}, {5 * 60 + 10, 40}});
  auto bytes = encode_cell_levels(levels);
  RoiMask around(k_default_grid, {4, 4, 3, 3});
  auto count = count_cells(bytes, around, 8);
  EXPECT_TRUE(count.valid);
  EXPECT_EQ(count.frame, 3);
  EXPECT_EQ(count.roi, 1);
  EXPECT_EQ(count_cells(bytes, around, 101).roi, 0);
  EXPECT_EQ(count_cells(bytes, around, 101).frame, 0);
  RoiMask whole(k_default_grid, Roi::whole(k_default_grid));
  EXPECT_EQ(whole.roi_cells(), 2040);
  EXPECT_EQ(count_cells(bytes, whole, 40).roi, 2);
  RoiMask fisheye(k_fisheye_grid, Roi::whole(k_fisheye_grid));
  EXPECT_FALSE(count_cells(bytes, fisheye, 8).valid);
}

TEST(Sensitivity, MapsOneToHundredOntoGeometricLevels) {
  EXPECT_EQ(level_threshold(100), k_min_level);
  EXPECT_EQ(level_threshold(1), 128);
  EXPECT_EQ(level_threshold(50), 32);
  EXPECT_EQ(level_threshold(0), level_threshold(1));
  EXPECT_EQ(level_threshold(500), level_threshold(100));
  for (int s = 1; s < 100; ++s)
    EXPECT_GE(level_threshold(s), level_threshold(s + 1)) << s;
}

TEST(Sensitivity, LowerSensitivityNeedsMoreOfTheRegionMoving) {
  EXPECT_EQ(min_region_cells(100, 2040), 1); // any cell
  EXPECT_EQ(min_region_cells(50, 2040), 207); // 10.1 % of the whole 60x34 grid
  EXPECT_EQ(min_region_cells(1, 2040), 408);  // 20 %
  EXPECT_EQ(min_region_cells(1, 4), 1);      // at least one cell
  EXPECT_EQ(min_region_cells(0, 2040), min_region_cells(1, 2040));
  for (int s = 1; s < 100; ++s)
    EXPECT_GE(min_region_cells(s, 2040), min_region_cells(s + 1, 2040)) << s;
}

TEST(MotionGrid, ComesFromTheCameraTypeAndVideoAspect) {
  store::CameraRecord camera;
  camera.config_json = R"({"video_width": 1920, "video_height": 1080})";
  EXPECT_EQ(grid_for_camera(camera), k_default_grid);
  camera.type = "fisheye";
  EXPECT_EQ(grid_for_camera(camera), k_fisheye_grid);
  camera.type = "standard";
  camera.config_json = R"({"video_width": 2592, "video_height": 1944})";
  EXPECT_EQ(grid_for_camera(camera), k_four_three_grid);
  camera.config_json = R"({"video_width": "wide"})";
  EXPECT_EQ(grid_for_camera(camera), k_default_grid);
  camera.config_json = "not json";
  EXPECT_EQ(grid_for_camera(camera), k_default_grid);
}

TEST(MotionGrid, RoiMustBeInsideAndAtLeastOneCell) {
  EXPECT_TRUE(Roi::whole(k_default_grid).fits(k_default_grid));
  EXPECT_TRUE((Roi{59, 33, 1, 1}).fits(k_default_grid));
  EXPECT_FALSE((Roi{59, 33, 2, 1}).fits(k_default_grid));
  EXPECT_FALSE((Roi{0, 0, 0, 1}).fits(k_default_grid));
  EXPECT_FALSE((Roi{0, 0, 60, 35}).fits(k_default_grid));
  EXPECT_TRUE((Roi{0, 0, 60, 35}).fits(k_fisheye_grid));
}

} // namespace
} // namespace argus::analytics
