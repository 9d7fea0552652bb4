#include "support/vod_playlist.hpp"

#include <sstream>

namespace argus::testing {

VodPlaylist parse_vod_playlist(const std::string& text) {
  VodPlaylist out;
  std::istringstream in(text);
  VodSegment pending;
  std::string map;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("#EXT-X-MAP:URI=\"", 0) == 0) {
      map = line.substr(16, line.find('"', 16) - 16);
      out.maps.push_back(map);
    } else if (line.rfind("#EXT-X-PROGRAM-DATE-TIME:", 0) == 0) {
      pending.pdt = line.substr(25);
    } else if (line.rfind("#EXT-X-BYTERANGE:", 0) == 0) {
      auto at = line.find('@');
      pending.size = std::stoll(line.substr(17, at - 17));
      pending.offset = std::stoll(line.substr(at + 1));
    } else if (line == "#EXT-X-DISCONTINUITY") {
      ++out.discontinuities;
    } else if (line == "#EXT-X-ENDLIST") {
      out.ended = true;
    } else if (!line.empty() && line[0] != '#') {
      pending.uri = line;
      pending.map = map;
      out.segments.push_back(pending);
      pending = {};
    }
  }
  return out;
}

} // namespace argus::testing
