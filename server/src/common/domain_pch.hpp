#pragma once
// Precompiled header of argus_domain's sources (api/, app/, services/, store/, demo/): the standard and third-party
// headers most of them include, parsed once instead of once per source (CMakeLists.txt, ARGUS_USE_PCH). Only headers
// whose meaning never depends on a source's own macros.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>
