#pragma once
// Renders an LL-HLS media playlist (RFC 8216bis, version 9) from a live window: EXT-X-MAP init.mp4, one seg{msn}.m4s
// per complete segment with its EXT-X-PROGRAM-DATE-TIME, EXT-X-PART part{msn}.{i}.m4s for the newest segments and an
// EXT-X-PRELOAD-HINT for the next part. URIs are relative to the playlist.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace argus::media {

struct LiveWindow;

struct LivePlaylistOptions {
  std::int64_t parts_window_90k = 0; // parts listed for segments ending within this of the live edge; 0: 3 targets
};

//! The playlist text (the window must be playable()).
std::string render_live_playlist(const LiveWindow& window, const LivePlaylistOptions& options = {});

//! A live file name: init.mp4, seg{msn}.m4s or part{msn}.{index}.m4s.
struct LiveFileName {
  enum class Kind { init, segment, part } kind = Kind::init;
  std::uint64_t msn = 0;
  int part = 0;
};
//! Parses a live file name; nullopt for anything else.
std::optional<LiveFileName> parse_live_file_name(std::string_view name);

} // namespace argus::media
