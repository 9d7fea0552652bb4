#include "support/recorded_media.hpp"

#include <fstream>
#include <string>

#include "support/api_helpers.hpp"
#include "support/vod_playlist.hpp"

namespace argus::testing {
namespace {

// Segment and map URIs are "../../recordings/X" relative to /n1/cameras/{id}/history/main/index.m3u8.
std::string resolve(std::int64_t camera_id, const std::string& uri) {
  constexpr std::string_view k_prefix = "../../";
  auto relative = uri.rfind(k_prefix, 0) == 0 ? uri.substr(k_prefix.size()) : uri;
  return api("/cameras/" + std::to_string(camera_id) + "/" + relative);
}

void add(DecodeResult& total, const DecodeResult& part) {
  total.packets += part.packets;
  total.frames += part.frames;
  total.errors += part.errors;
  total.duration_s += part.duration_s;
  if (part.width > 0) {
    total.width = part.width;
    total.height = part.height;
  }
  if (total.error.empty())
    total.error = part.error;
}

} // namespace

DecodeResult decode_history(HttpClient& client, std::int64_t camera_id, std::int64_t start_ms, std::int64_t end_ms,
                            const std::filesystem::path& scratch_file) {
  DecodeResult total;
  auto history = client.get(api("/cameras/" + std::to_string(camera_id) + "/history/main/index.m3u8?start_ms=" +
                                std::to_string(start_ms) + "&end_ms=" + std::to_string(end_ms)));
  if (history.status != 200) {
    total.error = "history playlist answered " + std::to_string(history.status) + ": " + history.body.substr(0, 200);
    return total;
  }
  auto playlist = parse_vod_playlist(history.body);
  if (playlist.segments.empty()) {
    total.error = "the history playlist has no segment";
    return total;
  }
  std::size_t next = 0;
  while (next < playlist.segments.size()) {
    const auto& map = playlist.segments[next].map;
    auto init = client.get(resolve(camera_id, map));
    if (init.status != 200) {
      total.error = "init segment " + map + " answered " + std::to_string(init.status);
      return total;
    }
    {
      std::ofstream out(scratch_file, std::ios::binary | std::ios::trunc);
      out << init.body;
      for (; next < playlist.segments.size() && playlist.segments[next].map == map; ++next) {
        const auto& segment = playlist.segments[next];
        auto range =
            "bytes=" + std::to_string(segment.offset) + "-" + std::to_string(segment.offset + segment.size - 1);
        auto bytes = client.get(resolve(camera_id, segment.uri), {{"Range", range}});
        if (bytes.status != 206 || bytes.body.size() != static_cast<std::size_t>(segment.size)) {
          total.error = "segment " + segment.uri + " " + range + " answered " + std::to_string(bytes.status) +
                        " with " + std::to_string(bytes.body.size()) + " bytes";
          return total;
        }
        out << bytes.body;
      }
    }
    add(total, decode_media_file(scratch_file));
  }
  std::filesystem::remove(scratch_file);
  return total;
}

} // namespace argus::testing
