#pragma once
// Injectable time source: services take a Clock so that tests control expiry without sleeping.
#include <cstdint>
#include <functional>

namespace argus::services {

using Clock = std::function<std::int64_t()>;

//! Milliseconds since the Unix epoch (UTC).
std::int64_t system_now_ms();

} // namespace argus::services
