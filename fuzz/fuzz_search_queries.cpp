// libFuzzer target: arbitrary bytes as the query string of the motion and event search (spec 03 §7; fuzz/README.md):
// http::parse_query into a request, then api::parse_search (camera id, start/end in UNIX seconds at most 96 h apart,
// roi "x,y,w,h", sensitivity, min_duration_ms, the true/false flags, version, feature).
// A refusal may only be argus::Error (a 400); any other exception escapes and libFuzzer reports it. What is accepted
// must hold the limits (FUZZ_CHECK below).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "analytics/sensitivity.hpp"
#include "api/motion_search_query.hpp"
#include "common/error.hpp"
#include "fuzz_check.hpp"
#include "http/request.hpp"
#include "http/url.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace argus;
  http::Request request;
  request.query = http::parse_query(std::string_view(reinterpret_cast<const char*>(data), size));
  api::SearchParameters search;
  try {
    search = api::parse_search(request);
  } catch (const Error&) {
    return 0;
  }
  FUZZ_CHECK(search.camera_id > 0);
  FUZZ_CHECK(search.query.start_s >= 0 && search.query.start_s < search.query.end_s);
  FUZZ_CHECK(search.query.end_s - search.query.start_s <= api::k_max_search_range_s);
  FUZZ_CHECK(search.query.sensitivity >= analytics::k_min_sensitivity &&
             search.query.sensitivity <= analytics::k_max_sensitivity);
  FUZZ_CHECK(search.query.rules.min_duration_ms >= 0 &&
             search.query.rules.min_duration_ms <= api::k_max_min_duration_ms);
  if (search.roi)
    FUZZ_CHECK(search.roi->x >= 0 && search.roi->y >= 0 && search.roi->w >= 0 && search.roi->h >= 0);
  return 0;
}
