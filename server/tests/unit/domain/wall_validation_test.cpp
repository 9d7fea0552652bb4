// The limits of spec 02 §5 and §9 on walls and rotations (services/wall_validation): names, tile count, the 28-column
// grid, overlaps, dewarp views, rotation waits and sequences.
#include <limits>

#include <gtest/gtest.h>

#include "common/error.hpp"
#include "services/wall_validation.hpp"

namespace argus::testing {
namespace {

using services::WallTileInput;

WallTileInput at(std::int64_t x, std::int64_t y, std::int64_t w = 7, std::int64_t h = 7) {
  WallTileInput tile;
  tile.x = x;
  tile.y = y;
  tile.w = w;
  tile.h = h;
  tile.video_channel_id = 51001;
  return tile;
}

//! The message of the invalid_input error fn throws ("" when it throws nothing; fails on another kind).
template <typename Fn> std::string refusal(Fn fn) {
  try {
    fn();
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::invalid_input) << error.what();
    return error.what();
  }
  return "";
}

std::string layout_refusal(const std::vector<WallTileInput>& tiles) {
  return refusal([&] { services::validate_wall_layout(tiles); });
}

TEST(WallValidation, NamesAreTrimmedRequiredAndAtMost255Characters) {
  EXPECT_EQ(services::validated_wall_name("  Lobby  "), "Lobby");
  EXPECT_EQ(refusal([] { services::validated_wall_name(""); }), "name is required");
  EXPECT_EQ(refusal([] { services::validated_wall_name(" \t "); }), "name is required");
  EXPECT_EQ(services::validated_wall_name(std::string(255, 'a')).size(), 255u);
  EXPECT_NE(refusal([] { services::validated_wall_name(std::string(256, 'a')); }), "");
  std::string accents;
  for (int i = 0; i < 255; ++i)
    accents += "\xc3\xa9";
  EXPECT_EQ(services::validated_wall_name(accents), accents) << "characters, not bytes";
  EXPECT_NE(refusal([] { services::validated_wall_name("line\nbreak"); }), "");
  EXPECT_EQ(services::validated_rotation_name(" Tour "), "Tour");
  EXPECT_EQ(refusal([] { services::validated_rotation_name(""); }), "name is required");
}

TEST(WallValidation, AnEditKeepsTheBlankNameOfAnOlderWallButNeverBlanksANamedOne) {
  // Walls stored before names were required may have none: saving such a wall (its tiles, a dewarped view) with the
  // name it has must not be refused; a name the caller gives is validated as on create.
  EXPECT_EQ(services::edited_wall_name("", ""), "");
  EXPECT_EQ(services::edited_wall_name("", "  "), "");
  EXPECT_EQ(services::edited_wall_name("", " Lobby "), "Lobby");
  EXPECT_EQ(services::edited_wall_name("Lobby", " Docks "), "Docks");
  EXPECT_EQ(refusal([] { services::edited_wall_name("Lobby", ""); }), "name is required");
  EXPECT_EQ(refusal([] { services::edited_wall_name("Lobby", " \t "); }), "name is required");
  EXPECT_NE(refusal([] { services::edited_wall_name("", std::string(256, 'a')); }), "");
}

TEST(WallValidation, SixteenTilesAtMost) {
  std::vector<WallTileInput> tiles;
  for (int i = 0; i < 16; ++i)
    tiles.push_back(at(i % 4 * 7, i / 4 * 7));
  EXPECT_EQ(layout_refusal(tiles), "");
  tiles.push_back(at(0, 28));
  EXPECT_EQ(layout_refusal(tiles), "A wall has at most 16 tiles");
  EXPECT_EQ(layout_refusal({}), "") << "an empty wall is allowed";
}

TEST(WallValidation, TilesStayInsideThe28ColumnGrid) {
  EXPECT_EQ(layout_refusal({at(21, 0)}), "");
  EXPECT_EQ(layout_refusal({at(0, 0, 28, 28)}), "");
  EXPECT_EQ(layout_refusal({at(22, 0)}), "tiles[0]: must fit the 28-column grid (x + w <= 28)");
  EXPECT_EQ(layout_refusal({at(0, 0, 29, 7)}), "tiles[0]: must fit the 28-column grid (x + w <= 28)");
  EXPECT_EQ(layout_refusal({at(-1, 0)}), "tiles[0]: x and y must be 0 or more");
  EXPECT_EQ(layout_refusal({at(0, -7)}), "tiles[0]: x and y must be 0 or more");
  EXPECT_EQ(layout_refusal({at(0, 0, 0, 7)}), "tiles[0]: w and h must be 1 or more");
  EXPECT_EQ(layout_refusal({at(0, 441)}), "");
  EXPECT_EQ(layout_refusal({at(0, 442)}), "tiles[0]: must fit the grid's 448 rows (y + h <= 448)");
  auto huge = std::numeric_limits<std::int64_t>::max();
  EXPECT_NE(layout_refusal({at(huge, 0)}), "") << "no overflow in x + w";
  EXPECT_NE(layout_refusal({at(0, huge)}), "");
  EXPECT_NE(layout_refusal({at(0, 0, huge, huge)}), "");
}

TEST(WallValidation, OverlappingTilesAreRefusedTouchingOnesAreNot) {
  EXPECT_EQ(layout_refusal({at(0, 0), at(7, 0), at(0, 7), at(7, 7)}), "");
  EXPECT_EQ(layout_refusal({at(0, 0), at(7, 0), at(6, 6)}), "tiles[0] and tiles[2] overlap");
  EXPECT_EQ(layout_refusal({at(0, 0, 14, 14), at(3, 3, 4, 4)}), "tiles[0] and tiles[1] overlap") << "inside";
  EXPECT_EQ(layout_refusal({at(0, 0), at(0, 0)}), "tiles[0] and tiles[1] overlap") << "same place";
  EXPECT_FALSE(services::first_overlap({at(0, 0), at(7, 7)}));
}

TEST(WallValidation, DewarpViewsAndIds) {
  auto tile = at(0, 0);
  tile.phi = 0.75 * 3.141592653589793;
  tile.theta = -3.14;
  tile.fov = 60;
  tile.imager_id = 0;
  EXPECT_EQ(layout_refusal({tile}), "");
  tile.fov = 10;
  EXPECT_EQ(layout_refusal({tile}), "");
  tile.fov = 85;
  EXPECT_EQ(layout_refusal({tile}), "");
  tile.fov = 9.9;
  EXPECT_EQ(layout_refusal({tile}), "tiles[0]: fov must be between 10 and 85 degrees");
  tile.fov = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(layout_refusal({tile}), "");
  tile.fov = 60;
  tile.phi = 7;
  EXPECT_EQ(layout_refusal({tile}), "tiles[0]: phi must be an angle in radians between -2 pi and 2 pi");
  tile.phi = 1;
  tile.theta = std::numeric_limits<double>::infinity();
  EXPECT_NE(layout_refusal({tile}), "");
  tile.theta = 0;
  tile.imager_id = -1;
  EXPECT_EQ(layout_refusal({tile}), "tiles[0]: imager_id must be 0 or more");
  tile.imager_id.reset();
  tile.video_channel_id = 0;
  EXPECT_EQ(layout_refusal({tile}), "tiles[0]: video_channel_id must be a positive integer");
}

TEST(RotationValidation, WaitIsTenToThirtySixHundredSeconds) {
  EXPECT_EQ(services::validated_rotation_wait_s(10), 10);
  EXPECT_EQ(services::validated_rotation_wait_s(3600), 3600);
  EXPECT_EQ(refusal([] { services::validated_rotation_wait_s(9); }), "waitDuration must be at least 10 seconds");
  EXPECT_EQ(refusal([] { services::validated_rotation_wait_s(3601); }), "waitDuration must be at most 3600 seconds");
  EXPECT_NE(refusal([] { services::validated_rotation_wait_s(-10); }), "");
}

TEST(RotationValidation, AtLeastTwoDifferentWalls) {
  EXPECT_EQ(refusal([] { services::validate_rotation_sequence({7001, 7002}); }), "");
  EXPECT_EQ(refusal([] { services::validate_rotation_sequence({7001, 7002, 7001}); }), "");
  EXPECT_EQ(refusal([] { services::validate_rotation_sequence({7001}); }),
            "videoWallSequence needs at least 2 different walls");
  EXPECT_NE(refusal([] { services::validate_rotation_sequence({7001, 7001}); }), "");
  EXPECT_NE(refusal([] { services::validate_rotation_sequence({}); }), "");
  std::vector<std::int64_t> many;
  for (int i = 0; i < 101; ++i)
    many.push_back(i % 2 ? 7001 : 7002);
  EXPECT_EQ(refusal([&] { services::validate_rotation_sequence(many); }), "videoWallSequence has at most 100 walls");
}

} // namespace
} // namespace argus::testing
