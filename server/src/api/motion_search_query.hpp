#pragma once
// Strict parsing of the motion and event search's query (GET /n/{networkId}/manage/cameras/motion_search, spec 03 §7;
// docs/design/motion.md): camera, UNIX-second range (96 h at most), region, sensitivity, minimum duration, the
// object filters and the image kind. Pure: it throws Error(invalid_input) naming the parameter
// (fuzz/fuzz_search_queries.cpp runs it). The region is checked against the camera's grid by the handler.
#include <cstdint>
#include <optional>

#include "analytics/motion_search.hpp"
#include "api/event_object_views.hpp"
#include "http/request.hpp"

namespace argus::api {

//! Longest search range, seconds, and longest minimum event duration, ms.
inline constexpr std::int64_t k_max_search_range_s = 96 * 3600;
inline constexpr std::int64_t k_max_min_duration_ms = 30'000;

//! What a search asks for.
struct SearchParameters {
  std::int64_t camera_id = 0;
  analytics::MotionQuery query;
  std::optional<analytics::Roi> roi;
  ObjectFilters objects;
};

//! The search's query parameters, every one checked.
SearchParameters parse_search(const http::Request& request);

} // namespace argus::api
