#pragma once
// Test helper: parses an fMP4 HLS VOD playlist as argusd writes it (history playlists) into its segments.
#include <cstdint>
#include <string>
#include <vector>

namespace argus::testing {

struct VodSegment {
  std::string map; // URI of the EXT-X-MAP (init segment) in force for this segment
  std::string pdt; // EXT-X-PROGRAM-DATE-TIME value, if any
  std::string uri;
  std::int64_t offset = 0; // EXT-X-BYTERANGE
  std::int64_t size = 0;
};

struct VodPlaylist {
  std::vector<std::string> maps; // every EXT-X-MAP URI, in order
  std::vector<VodSegment> segments;
  int discontinuities = 0;
  bool ended = false;
};

//! Parses the playlist text.
VodPlaylist parse_vod_playlist(const std::string& text);

} // namespace argus::testing
