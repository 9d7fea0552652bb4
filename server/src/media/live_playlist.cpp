#include "media/live_playlist.hpp"

#include <charconv>
#include <cstdio>

#include "media/history_playlist.hpp" // iso8601_utc_ms
#include "media/live_hub.hpp"

namespace argus::media {
namespace {

std::string seconds(std::int64_t ticks_90k) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", static_cast<double>(ticks_90k) / k_timescale);
  return text;
}

bool parse_number(std::string_view text, std::uint64_t& out) {
  if (text.empty() || text.size() > 18)
    return false;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc{} && end == text.data() + text.size();
}

} // namespace

std::string render_live_playlist(const LiveWindow& window, const LivePlaylistOptions& options) {
  std::string out;
  out.reserve(4096);
  // PART-HOLD-BACK must be at least three part targets; players start that far behind the live edge.
  auto part_target = window.part_target_90k;
  out += "#EXTM3U\n#EXT-X-VERSION:9\n";
  out += "#EXT-X-TARGETDURATION:" + std::to_string(window.target_duration_s) + "\n";
  out += "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=" + seconds(3 * part_target) + "\n";
  out += "#EXT-X-PART-INF:PART-TARGET=" + seconds(part_target) + "\n";
  out += "#EXT-X-MAP:URI=\"init.mp4\"\n";
  // The playlist starts at the first complete segment (an open segment can only be last).
  std::size_t first = 0;
  while (first < window.segments.size() && !window.segments[first].complete)
    ++first;
  if (first == window.segments.size())
    return out;
  out += "#EXT-X-MEDIA-SEQUENCE:" + std::to_string(window.segments[first].msn) + "\n";
  auto parts_window_90k =
      options.parts_window_90k > 0 ? options.parts_window_90k : 3 * window.target_duration_s * k_timescale;
  std::uint64_t next_msn = window.next_msn;
  std::size_t next_part = 0;
  for (auto i = first; i < window.segments.size(); ++i) {
    const auto& segment = window.segments[i];
    out += "#EXT-X-PROGRAM-DATE-TIME:" + iso8601_utc_ms(ticks_to_ms(segment.start_90k)) + "\n";
    bool with_parts = segment.start_90k + segment.duration_90k + parts_window_90k >= window.window_end_90k;
    if (with_parts) {
      for (std::size_t p = 0; p < segment.parts.size(); ++p) {
        const auto& part = segment.parts[p];
        out += "#EXT-X-PART:DURATION=" + seconds(part.duration_90k) + ",URI=\"part" + std::to_string(segment.msn) +
               "." + std::to_string(p) + ".m4s\"" + (part.independent ? ",INDEPENDENT=YES" : "") + "\n";
      }
    }
    if (segment.complete) {
      out += "#EXTINF:" + seconds(segment.duration_90k) + ",\nseg" + std::to_string(segment.msn) + ".m4s\n";
    } else {
      next_msn = segment.msn;
      next_part = segment.parts.size();
    }
  }
  out += "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"part" + std::to_string(next_msn) + "." + std::to_string(next_part) +
         ".m4s\"\n";
  return out;
}

std::optional<LiveFileName> parse_live_file_name(std::string_view name) {
  if (name == "init.mp4")
    return LiveFileName{LiveFileName::Kind::init, 0, 0};
  constexpr std::string_view suffix = ".m4s";
  if (name.size() <= suffix.size() || name.substr(name.size() - suffix.size()) != suffix)
    return std::nullopt;
  auto stem = name.substr(0, name.size() - suffix.size());
  std::uint64_t msn = 0;
  if (stem.starts_with("seg")) {
    if (!parse_number(stem.substr(3), msn))
      return std::nullopt;
    return LiveFileName{LiveFileName::Kind::segment, msn, 0};
  }
  if (stem.starts_with("part")) {
    auto dot = stem.find('.');
    std::uint64_t index = 0;
    if (dot == std::string_view::npos || !parse_number(stem.substr(4, dot - 4), msn) ||
        !parse_number(stem.substr(dot + 1), index) || index > 10'000)
      return std::nullopt;
    return LiveFileName{LiveFileName::Kind::part, msn, static_cast<int>(index)};
  }
  return std::nullopt;
}

} // namespace argus::media
