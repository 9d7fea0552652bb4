#include "services/wall_validation.hpp"

#include <cmath>
#include <set>

#include "common/error.hpp"
#include "services/text_validation.hpp"

namespace argus::services {
namespace {

[[noreturn]] void invalid(std::string message) {
  throw Error(Error::Kind::invalid_input, std::move(message));
}

std::string validated_name(std::string_view name) {
  if (name.find_first_not_of(" \t\r\n") == std::string_view::npos)
    invalid("name is required");
  return validate_text("name", name, k_max_wall_name_length, 1);
}

std::string tile_label(std::size_t index) {
  return "tiles[" + std::to_string(index) + "]";
}

void check_angle(std::size_t index, const char* field, const std::optional<double>& radians) {
  if (radians && !(std::isfinite(*radians) && std::fabs(*radians) <= k_max_tile_angle_rad))
    invalid(tile_label(index) + ": " + field + " must be an angle in radians between -2 pi and 2 pi");
}

bool overlap(const WallTileInput& a, const WallTileInput& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

} // namespace

std::string validated_wall_name(std::string_view name) {
  return validated_name(name);
}

std::string edited_wall_name(std::string_view stored, std::string_view requested) {
  auto blank = [](std::string_view name) { return name.find_first_not_of(" \t\r\n") == std::string_view::npos; };
  if (blank(requested) && blank(stored))
    return std::string(stored);
  return validated_name(requested);
}

void validate_wall_layout(const std::vector<WallTileInput>& tiles) {
  if (tiles.size() > k_max_wall_tiles)
    invalid("A wall has at most " + std::to_string(k_max_wall_tiles) + " tiles");
  const auto columns = std::to_string(k_wall_grid_columns);
  const auto rows = std::to_string(k_wall_grid_max_rows);
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const auto& tile = tiles[i];
    const auto label = tile_label(i) + ": ";
    // Each bound is checked alone first so that the sums below cannot overflow.
    if (tile.x < 0 || tile.y < 0)
      invalid(label + "x and y must be 0 or more");
    if (tile.w < 1 || tile.h < 1)
      invalid(label + "w and h must be 1 or more");
    if (tile.x >= k_wall_grid_columns || tile.w > k_wall_grid_columns || tile.x + tile.w > k_wall_grid_columns)
      invalid(label + "must fit the " + columns + "-column grid (x + w <= " + columns + ")");
    if (tile.y >= k_wall_grid_max_rows || tile.h > k_wall_grid_max_rows || tile.y + tile.h > k_wall_grid_max_rows)
      invalid(label + "must fit the grid's " + rows + " rows (y + h <= " + rows + ")");
    if (tile.video_channel_id < 1)
      invalid(label + "video_channel_id must be a positive integer");
    if (tile.imager_id && *tile.imager_id < 0)
      invalid(label + "imager_id must be 0 or more");
    check_angle(i, "theta", tile.theta);
    check_angle(i, "phi", tile.phi);
    if (tile.fov && !(*tile.fov >= k_min_tile_fov_deg && *tile.fov <= k_max_tile_fov_deg))
      invalid(label + "fov must be between 10 and 85 degrees");
  }
  if (auto pair = first_overlap(tiles))
    invalid(tile_label(pair->first) + " and " + tile_label(pair->second) + " overlap");
}

std::optional<std::pair<std::size_t, std::size_t>> first_overlap(const std::vector<WallTileInput>& tiles) {
  for (std::size_t j = 1; j < tiles.size(); ++j) {
    for (std::size_t i = 0; i < j; ++i) {
      if (overlap(tiles[i], tiles[j]))
        return std::pair{i, j};
    }
  }
  return std::nullopt;
}

std::string validated_rotation_name(std::string_view name) {
  return validated_name(name);
}

std::int64_t validated_rotation_wait_s(std::int64_t wait_s) {
  if (wait_s < k_min_rotation_wait_s)
    invalid("waitDuration must be at least " + std::to_string(k_min_rotation_wait_s) + " seconds");
  if (wait_s > k_max_rotation_wait_s)
    invalid("waitDuration must be at most " + std::to_string(k_max_rotation_wait_s) + " seconds");
  return wait_s;
}

void validate_rotation_sequence(const std::vector<std::int64_t>& wall_ids) {
  std::set<std::int64_t> distinct(wall_ids.begin(), wall_ids.end());
  if (distinct.size() < k_min_rotation_walls)
    invalid("videoWallSequence needs at least " + std::to_string(k_min_rotation_walls) + " different walls");
  if (wall_ids.size() > k_max_rotation_walls)
    invalid("videoWallSequence has at most " + std::to_string(k_max_rotation_walls) + " walls");
}

} // namespace argus::services
