#pragma once
// A time zone read from the system's compiled IANA database (TZif files, RFC 8536), for the local times the server
// writes itself (an export's default filename). GCC 12's <chrono> has no time zone database.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace argus {

class TimeZone {
public:
  //! UTC: offset 0 at every instant.
  static TimeZone utc();
  //! The zone named `name` ("Europe/Berlin") from `zoneinfo`; none for an unsafe or unknown name or a damaged file.
  static std::optional<TimeZone> load(std::string_view name,
                                      const std::filesystem::path& zoneinfo = "/usr/share/zoneinfo");
  //! The zone of `name`, UTC when it cannot be loaded.
  static TimeZone load_or_utc(std::string_view name);

  //! Seconds to add to UTC for local time at the UTC instant `utc_seconds`.
  std::int64_t offset_seconds_at(std::int64_t utc_seconds) const;

private:
  std::int32_t initial_offset_ = 0;       // before the first transition (time type 0)
  std::vector<std::int64_t> transitions_; // UTC seconds, ascending
  std::vector<std::int32_t> offsets_;     // the offset from each transition on
};

} // namespace argus
