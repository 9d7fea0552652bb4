#pragma once
// The limits of spec 02 §5 and §9 on walls and rotations, checked on every write (docs/design/walls.md). Pure: each
// validator returns the normalised value or throws Error(invalid_input) with a message naming the field, so that a
// refused write stores nothing.
//
//   auto name = validated_wall_name(input.name);
//   validate_wall_layout(input.tiles);   // count, grid, overlaps, dewarp view
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace argus::services {

//! Tiles per wall (spec §9).
inline constexpr std::size_t k_max_wall_tiles = 16;
//! Columns of the editor grid that stored tile geometry uses (spec §9 "Editor grid 28 columns, default tile 7x7").
inline constexpr std::int64_t k_wall_grid_columns = 28;
//! Rows a layout may use: room for k_max_wall_tiles full-width square tiles stacked (the grid grows downwards).
inline constexpr std::int64_t k_wall_grid_max_rows = k_wall_grid_columns * static_cast<std::int64_t>(k_max_wall_tiles);
//! Dewarped field of view, degrees (spec §5 "Zoom field of view between 10 and 85 degrees").
inline constexpr double k_min_tile_fov_deg = 10;
inline constexpr double k_max_tile_fov_deg = 85;
//! Dewarp angles (phi, theta) are radians within one turn either way.
inline constexpr double k_max_tile_angle_rad = 2 * 3.14159265358979323846;
//! Wall and rotation names (spec §5, §9 "name max 255").
inline constexpr std::size_t k_max_wall_name_length = 255;
//! Rotation wait between walls, seconds (spec §5, §9: on-screen minimum 10, "maximum video-cycle constant 3600").
inline constexpr std::int64_t k_min_rotation_wait_s = 10;
inline constexpr std::int64_t k_max_rotation_wait_s = 3600;
//! Walls in a rotation (spec §9 "minimum 2 walls"); the maximum only bounds the request.
inline constexpr std::size_t k_min_rotation_walls = 2;
inline constexpr std::size_t k_max_rotation_walls = 100;

//! A tile as a client sends it: a rectangle in grid cells and the channel it shows (its camera is found by the
//! channel, among the cameras the caller may see), optionally one imager and a dewarped view.
struct WallTileInput {
  std::int64_t x = 0;
  std::int64_t y = 0;
  std::int64_t w = 0;
  std::int64_t h = 0;
  std::int64_t video_channel_id = 0;
  std::optional<std::int64_t> imager_id;
  std::optional<double> theta; // radians
  std::optional<double> phi;   // radians; present means dewarped
  std::optional<double> fov;   // degrees
};

//! The trimmed name: required, 1..255 characters, no control characters.
std::string validated_wall_name(std::string_view name);
//! The name an edit stores: `requested` validated as validated_wall_name, except that a blank one keeps a blank
//! `stored` name (walls saved before names were required have none; saving their tiles must not need a rename).
std::string edited_wall_name(std::string_view stored, std::string_view requested);
//! At most 16 tiles; each inside the 28-column grid (x, y >= 0, w, h >= 1, x + w <= 28, y + h <= 448); no two
//! overlapping; imager_id >= 0 (below the camera's imager_count: checked where the tile's camera is found,
//! tiles_for_writing); phi/theta within +-2 pi; fov 10..85.
void validate_wall_layout(const std::vector<WallTileInput>& tiles);
//! The indexes of the first two tiles (in order) whose rectangles share some area, or nullopt.
std::optional<std::pair<std::size_t, std::size_t>> first_overlap(const std::vector<WallTileInput>& tiles);

//! The trimmed rotation name: required, 1..255 characters.
std::string validated_rotation_name(std::string_view name);
//! waitDuration in seconds, 10..3600.
std::int64_t validated_rotation_wait_s(std::int64_t wait_s);
//! At least 2 walls (a wall may come back later in the sequence, but not only one distinct wall), at most 100.
void validate_rotation_sequence(const std::vector<std::int64_t>& wall_ids);

} // namespace argus::services
