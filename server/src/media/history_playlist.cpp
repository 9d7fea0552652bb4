#include "media/history_playlist.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace argus::media {

std::string iso8601_utc_ms(std::int64_t epoch_ms) {
  auto seconds = epoch_ms >= 0 ? epoch_ms / 1000 : (epoch_ms - 999) / 1000; // floor
  auto millis = static_cast<int>(epoch_ms - seconds * 1000);
  std::time_t time = static_cast<std::time_t>(seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[40];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, millis);
  return text;
}

std::string history_playlist(const std::vector<HistoryFragment>& fragments, const HistoryPlaylistOptions& options) {
  std::int64_t max_duration_ms = 0;
  std::size_t usable = 0;
  for (const auto& fragment : fragments) {
    if (fragment.size_bytes <= 0 || fragment.duration_ms <= 0)
      continue;
    max_duration_ms = std::max(max_duration_ms, fragment.duration_ms);
    ++usable;
  }
  if (usable == 0)
    return {};

  std::string out;
  out.reserve(96 + usable * 150);
  out += "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-PLAYLIST-TYPE:VOD\n";
  out += "#EXT-X-TARGETDURATION:" + std::to_string(std::max<std::int64_t>(1, (max_duration_ms + 999) / 1000)) + "\n";
  out += "#EXT-X-MEDIA-SEQUENCE:0\n";

  bool first = true;
  std::int64_t init_id = 0;
  std::int64_t previous_end_ms = 0;
  char line[160];
  for (const auto& fragment : fragments) {
    if (fragment.size_bytes <= 0 || fragment.duration_ms <= 0)
      continue;
    bool init_changed = first || fragment.init_segment_id != init_id;
    bool gap = !first && std::abs(fragment.start_ms - previous_end_ms) > options.gap_tolerance_ms;
    if (!first && (gap || init_changed))
      out += "#EXT-X-DISCONTINUITY\n";
    if (init_changed) {
      init_id = fragment.init_segment_id;
      out += "#EXT-X-MAP:URI=\"../../recordings/init/" + std::to_string(init_id) + ".mp4\"\n";
    }
    out += "#EXT-X-PROGRAM-DATE-TIME:" + iso8601_utc_ms(fragment.start_ms) + "\n";
    std::snprintf(line, sizeof line, "#EXTINF:%lld.%03lld,\n#EXT-X-BYTERANGE:%lld@%lld\n../../recordings/%lld.m4s\n",
                  static_cast<long long>(fragment.duration_ms / 1000),
                  static_cast<long long>(fragment.duration_ms % 1000), static_cast<long long>(fragment.size_bytes),
                  static_cast<long long>(fragment.offset_bytes), static_cast<long long>(fragment.chunk_id));
    out += line;
    previous_end_ms = fragment.start_ms + fragment.duration_ms;
    first = false;
  }
  out += "#EXT-X-ENDLIST\n";
  return out;
}

} // namespace argus::media
