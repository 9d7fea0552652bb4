#pragma once
// The demo floor-plan images compiled into argusd (generated from server/assets/floorplans/*.svg).
#include <string>
#include <utility>
#include <vector>

namespace argus::demo {

//! Every floor-plan image as (file name, file contents), sorted by file name.
std::vector<std::pair<std::string, std::string>> embedded_floorplans();

} // namespace argus::demo
