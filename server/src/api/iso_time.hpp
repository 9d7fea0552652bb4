#pragma once
// ISO 8601 times in request bodies ("2026-11-28T14:05:00.000Z", "2026-11-28T15:05:00+01:00"): parsed strictly into
// UTC milliseconds. A time without a zone is refused (it would depend on the server's zone).
#include <cstdint>
#include <optional>
#include <string_view>

namespace argus::api {

//! UTC milliseconds of an ISO 8601 date-time with a zone (Z or ±HH:MM), optional fraction of a second; nullopt when
//! the text is anything else or out of range (years 1970..9999).
std::optional<std::int64_t> parse_iso8601_ms(std::string_view text);

} // namespace argus::api
