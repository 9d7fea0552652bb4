#pragma once
// The names of a camera's streams, as the recording index, the live hub and the URLs use them: "main" and "sub" are
// imager 0's (every camera has imager 0); a multi-imager camera's imager k >= 1 streams as "main-imager{k}" and
// "sub-imager{k}" (docs/design/walls.md "Multi-imager cameras").
#include <optional>
#include <string>
#include <string_view>

namespace argus::media {

//! Imager ids are 0 ... k_max_imagers - 1 (store: cameras.imager_count <= 16).
constexpr int k_max_imagers = 16;

struct StreamId {
  bool sub = false; // the lower-resolution stream of the imager
  int imager = 0;
};

//! "main", "sub", "main-imager2", ...
std::string stream_name(StreamId id);
//! The id of a stream name; nullopt for anything else ("main-imager0", "sub-imager16", "Main", "").
std::optional<StreamId> parse_stream_name(std::string_view name);

} // namespace argus::media
