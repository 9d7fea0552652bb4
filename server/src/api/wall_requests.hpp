#pragma once
// Strict parsing of the bodies of the wall and rotation calls (spec 02 §7) into service inputs. Wrong JSON types throw
// Error(invalid_input) with a message naming the field; limits are checked by services/wall_validation.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "services/wall_validation.hpp"

namespace argus::api {

//! POST/PUT .../manage/vision/walls: {id (PUT on the collection path), name, tiles}.
struct WallBody {
  std::optional<std::int64_t> id;
  //! As sent: a create validates it (services::validated_wall_name), an edit too unless it keeps a blank stored name
  //! (services::edited_wall_name).
  std::string name;
  //! Absent or null: keep the tiles (PUT) or none (POST). theta, phi and fov may be numbers or numeric strings.
  std::optional<std::vector<services::WallTileInput>> tiles;
};

//! POST/PUT .../camera/videoWallRotations: {name, waitDuration, videoWallSequence}.
struct RotationBody {
  std::string name;                   // validated
  std::int64_t wait_duration_s = 0;   // validated, 10..3600
  std::vector<std::int64_t> wall_ids; // at least 2 distinct walls; ids may be integers or digit strings
};

//! The wall body; every present field checked, layout included (services::validate_wall_layout).
WallBody wall_body_from_json(const nlohmann::json& body);
//! The rotation body; every field required and checked (the walls' network is the handler's to check).
RotationBody rotation_body_from_json(const nlohmann::json& body);

} // namespace argus::api
