#pragma once
// Process-wide logging setup (spdlog). Request bodies and cookies are never logged: they carry passwords and tokens.
#include <string_view>

namespace argus {

//! Configures the default spdlog logger (stderr, timestamped) at the given level: trace, debug, info, warn, error,
//! critical or off. Throws Error(invalid_input) for any other name.
void setup_logging(std::string_view level_name);

} // namespace argus
