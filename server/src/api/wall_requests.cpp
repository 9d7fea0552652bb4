#include "api/wall_requests.hpp"

#include <charconv>
#include <cmath>
#include <limits>

#include "api/request_parsing.hpp"
#include "common/error.hpp"

namespace argus::api {
namespace {

[[noreturn]] void invalid(const std::string& message) {
  throw Error(Error::Kind::invalid_input, message);
}

const nlohmann::json* present(const nlohmann::json& object, const char* field) {
  auto it = object.find(field);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

// A JSON integer in int64 range (nlohmann keeps non-negative integers as unsigned).
std::int64_t integer_value(const nlohmann::json& value, const std::string& label) {
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      invalid(label + " is too large");
    return static_cast<std::int64_t>(value.get<std::uint64_t>());
  }
  if (!value.is_number_integer())
    invalid(label + " must be an integer");
  return value.get<std::int64_t>();
}

std::int64_t required_integer(const nlohmann::json& object, const char* field, const std::string& prefix) {
  const auto* value = present(object, field);
  if (!value)
    invalid(prefix + field + " is required");
  return integer_value(*value, prefix + field);
}

// A number, or a string holding one (the spec's PUT sends phi and theta as strings).
std::optional<double> optional_real(const nlohmann::json& object, const char* field, const std::string& prefix) {
  const auto* value = present(object, field);
  if (!value)
    return std::nullopt;
  if (value->is_number())
    return value->get<double>();
  if (value->is_string()) {
    const auto& text = value->get_ref<const std::string&>();
    double parsed = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (!text.empty() && error == std::errc{} && end == text.data() + text.size() && std::isfinite(parsed))
      return parsed;
  }
  invalid(prefix + field + " must be a number or a string holding one");
}

std::string name_field(const nlohmann::json& body) {
  const auto* name = present(body, "name");
  if (!name)
    invalid("name is required");
  if (!name->is_string())
    invalid("name must be a string");
  return name->get<std::string>();
}

services::WallTileInput tile_from_json(const nlohmann::json& tile, std::size_t index) {
  auto prefix = "tiles[" + std::to_string(index) + "].";
  if (!tile.is_object())
    invalid("tiles[" + std::to_string(index) + "] must be an object");
  services::WallTileInput input;
  input.x = required_integer(tile, "x", prefix);
  input.y = required_integer(tile, "y", prefix);
  input.w = required_integer(tile, "w", prefix);
  input.h = required_integer(tile, "h", prefix);
  input.video_channel_id = required_integer(tile, "video_channel_id", prefix);
  if (const auto* imager = present(tile, "imager_id"))
    input.imager_id = integer_value(*imager, prefix + "imager_id");
  input.theta = optional_real(tile, "theta", prefix);
  input.phi = optional_real(tile, "phi", prefix);
  input.fov = optional_real(tile, "fov", prefix);
  return input;
}

std::int64_t wall_id_value(const nlohmann::json& value) {
  if (value.is_string())
    return parse_id(value.get_ref<const std::string&>(), "videoWallSequence items");
  auto id = integer_value(value, "videoWallSequence items");
  if (id < 1)
    invalid("videoWallSequence items must be positive integers");
  return id;
}

} // namespace

WallBody wall_body_from_json(const nlohmann::json& body) {
  WallBody wall;
  if (const auto* id = present(body, "id")) {
    wall.id = integer_value(*id, "id");
    if (*wall.id < 1)
      invalid("id must be a positive integer");
  }
  wall.name = name_field(body);
  if (const auto* tiles = present(body, "tiles")) {
    if (!tiles->is_array())
      invalid("tiles must be an array");
    if (tiles->size() > services::k_max_wall_tiles)
      invalid("A wall has at most " + std::to_string(services::k_max_wall_tiles) + " tiles");
    std::vector<services::WallTileInput> inputs;
    for (std::size_t i = 0; i < tiles->size(); ++i)
      inputs.push_back(tile_from_json((*tiles)[i], i));
    services::validate_wall_layout(inputs);
    wall.tiles = std::move(inputs);
  }
  return wall;
}

RotationBody rotation_body_from_json(const nlohmann::json& body) {
  RotationBody rotation;
  rotation.name = services::validated_rotation_name(name_field(body));
  const auto* wait = present(body, "waitDuration");
  if (!wait)
    invalid("waitDuration is required");
  if (wait->is_number_float())
    invalid("waitDuration must be a whole number of seconds");
  rotation.wait_duration_s = services::validated_rotation_wait_s(integer_value(*wait, "waitDuration"));
  const auto* sequence = present(body, "videoWallSequence");
  if (!sequence)
    invalid("videoWallSequence is required");
  if (!sequence->is_array())
    invalid("videoWallSequence must be an array of wall ids");
  if (sequence->size() > services::k_max_rotation_walls)
    invalid("videoWallSequence has at most " + std::to_string(services::k_max_rotation_walls) + " walls");
  for (const auto& item : *sequence)
    rotation.wall_ids.push_back(wall_id_value(item));
  services::validate_rotation_sequence(rotation.wall_ids);
  return rotation;
}

} // namespace argus::api
