// libFuzzer target: arbitrary bytes as the JSON body of a wall or rotation call (spec 02 §7), through the strict
// parsers and the limits a handler runs before touching the database (fuzz/README.md):
//   nlohmann::json::parse → api::wall_body_from_json (types, numeric strings for theta/phi/fov, and
//   services::validate_wall_layout: 16 tiles, the 28-column grid, overlaps, dewarp ranges) and
//   services::validated_wall_name / edited_wall_name → api::rotation_body_from_json (name, waitDuration 10..3600,
//   at least 2 walls).
// A refusal may only be argus::Error (the router answers 400 with its message); any other exception would be a 500 for
// bad input, so it escapes and libFuzzer reports it. What is accepted must hold the limits (FUZZ_CHECK below).
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "api/wall_requests.hpp"
#include "common/error.hpp"
#include "fuzz_check.hpp"
#include "services/text_validation.hpp"
#include "services/wall_validation.hpp"

namespace {

using namespace argus;

void check_wall(const nlohmann::json& body) {
  api::WallBody wall;
  try {
    wall = api::wall_body_from_json(body);
  } catch (const Error&) {
    return;
  }
  if (wall.tiles) {
    FUZZ_CHECK(wall.tiles->size() <= services::k_max_wall_tiles);
    for (const auto& tile : *wall.tiles) {
      FUZZ_CHECK(tile.x >= 0 && tile.y >= 0 && tile.w >= 1 && tile.h >= 1);
      FUZZ_CHECK(tile.x + tile.w <= services::k_wall_grid_columns);
      FUZZ_CHECK(tile.y + tile.h <= services::k_wall_grid_max_rows);
      if (tile.fov)
        FUZZ_CHECK(*tile.fov >= services::k_min_tile_fov_deg && *tile.fov <= services::k_max_tile_fov_deg);
    }
    FUZZ_CHECK(!services::first_overlap(*wall.tiles));
  }
  try {
    auto name = services::validated_wall_name(wall.name);
    auto length = services::printable_length(name);
    FUZZ_CHECK(length && *length >= 1 && *length <= services::k_max_wall_name_length);
    FUZZ_CHECK(services::trim_blanks(name) == name);
  } catch (const Error&) {
  }
  try {
    (void)services::edited_wall_name("", wall.name);
  } catch (const Error&) {
  }
}

void check_rotation(const nlohmann::json& body) {
  api::RotationBody rotation;
  try {
    rotation = api::rotation_body_from_json(body);
  } catch (const Error&) {
    return;
  }
  FUZZ_CHECK(rotation.wait_duration_s >= services::k_min_rotation_wait_s &&
             rotation.wait_duration_s <= services::k_max_rotation_wait_s);
  FUZZ_CHECK(rotation.wall_ids.size() <= services::k_max_rotation_walls);
  FUZZ_CHECK(std::set<std::int64_t>(rotation.wall_ids.begin(), rotation.wall_ids.end()).size() >=
             services::k_min_rotation_walls);
  auto length = services::printable_length(rotation.name);
  FUZZ_CHECK(length && *length >= 1 && *length <= services::k_max_wall_name_length);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto body = nlohmann::json::parse(reinterpret_cast<const char*>(data), reinterpret_cast<const char*>(data) + size,
                                    nullptr, false);
  if (body.is_discarded())
    return 0;
  check_wall(body);
  check_rotation(body);
  return 0;
}
