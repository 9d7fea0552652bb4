#pragma once
// The bodies and queries of the similarity calls (spec 03 §7 "Similarity search", 02 §7 thumbnail track query),
// checked: every failure is Error(invalid_input) naming the field. Times are UTC milliseconds.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "http/request.hpp"

namespace argus::api {

struct SimilarityRequest {
  std::int64_t track_id = 0;
  std::int64_t t0_ms = 0;
  std::int64_t t1_ms = 0;
  std::vector<std::string> cameras; // serials; empty: every camera the caller may search
  int results = 10;                 // at most this many (1..100)
  double threshold = 0.1;           // least similarity as a fraction (0..1), spec 03 §9
  bool include_thumbnails = true;
  bool include_embedding = false;
};

struct TracksRequest {
  std::int64_t t0_ms = 0;
  std::int64_t t1_ms = 0;
};

SimilarityRequest parse_similarity_request(const nlohmann::json& body);
TracksRequest parse_tracks_request(const nlohmann::json& body);
//! t0 and t1 of the thumbnail track query (at most 24 h apart).
TracksRequest parse_thumbnail_query(const http::Request& request);
//! The poll's optional threshold, a percentage 90..100 (spec 03 §5 "Similarity").
std::optional<double> parse_poll_threshold(const http::Request& request);

} // namespace argus::api
