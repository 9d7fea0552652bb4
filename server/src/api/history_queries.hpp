#pragma once
// Strict parsing of the recorded-video calls' queries and file names (spec 02 §7 "History"; docs/design/recording.md):
// availability's t0/t1, the VOD playlist's start_ms/end_ms, and the {id}.m4s / {id}.mp4 file names. Pure: each throws
// Error(invalid_input) naming the parameter (fuzz/fuzz_history_queries.cpp runs them).
#include <cstdint>
#include <string>
#include <string_view>

#include "http/request.hpp"

namespace argus::api {

//! Longest availability query (31 days) and VOD playlist (24 h).
inline constexpr std::int64_t k_max_availability_span_ms = 31LL * 24 * 3600 * 1000;
inline constexpr std::int64_t k_max_playlist_span_ms = 24LL * 3600 * 1000;

//! [start, end) in ms since the epoch.
struct TimeWindow {
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
};

//! A required query parameter holding a non-negative integer of at most 15 digits (ms since the epoch).
std::int64_t required_ms(const http::Request& request, std::string_view name);
//! availability: t0 < t1, at most 31 days apart.
TimeWindow availability_window(const http::Request& request);
//! The VOD playlist: start_ms < end_ms, at most 24 h apart.
TimeWindow playlist_window(const http::Request& request);
//! The id of "{digits}{suffix}", strictly (no sign, no leading zero, no other characters).
std::int64_t file_id(const std::string& file, std::string_view suffix, std::string_view what);

} // namespace argus::api
