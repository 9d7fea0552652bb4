#pragma once
// For integration tests that need video: whether camsim and its footage were built next to argusd, and the UTC clock
// that recorded timestamps are compared with.
#include <chrono>
#include <cstdint>
#include <filesystem>

#include "demo/camsim_launcher.hpp"

namespace argus::testing {

//! True when build/bin/camsim and its footage exist (`make build` makes both); tests skip otherwise.
inline bool media_available() {
  auto bin = std::filesystem::path(ARGUSD_PATH).parent_path();
  return std::filesystem::exists(bin / "camsim") && demo::CamsimLauncher::find_footage_dir(bin).has_value();
}

//! Wall-clock UTC milliseconds (recorded and live timestamps are on this clock).
inline std::int64_t now_utc_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

} // namespace argus::testing
