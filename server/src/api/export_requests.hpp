#pragma once
// Strict parsing of the export calls' bodies (spec 03 §7 "Exports"; docs/design/exports.md) into what the handlers
// need. Pure: each throws Error(invalid_input) naming the field, so that a refused call changes nothing
// (fuzz/fuzz_export_requests.cpp runs them).
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace argus::api {

//! Limits of an export (spec 03 §5, §9).
inline constexpr std::int64_t k_export_max_range_ms = 31LL * 24 * 3600 * 1000; // one file set spans 31 days at most
inline constexpr std::int64_t k_export_schedule_ahead_ms = 31LL * 24 * 3600 * 1000; // scheduled up to a month ahead
inline constexpr std::int64_t k_export_schedule_past_slack_ms = 5 * 60 * 1000;      // clock skew of the browser
inline constexpr std::int64_t k_export_future_slack_ms = 5'000;                     // an end "now" from the browser

//! POST .../video/export once its camera is known.
struct ExportRequest {
  std::int64_t imager_id = 0;          // 0 .. the camera's imagers - 1
  std::optional<std::string> filename; // checked_filename (export_views.hpp): a name ending in .mp4, or none
  std::int64_t t0_ms = 0;
  std::int64_t t1_ms = 0;                 // after t0_ms, not in the future, at most 31 days after t0_ms
  std::int64_t scheduled_for_ms = 0;      // now, or a time up to a month ahead
  std::optional<std::string> dewarp_json; // the view a fisheye export was asked with (numbers only)
  bool skip_duplicate_check = false;
};

//! A positive id given as an integer or a digit string.
std::int64_t positive_id_field(const nlohmann::json& body, const char* field);
//! A string field; absent or null: nullopt.
std::optional<std::string> optional_string_field(const nlohmann::json& body, const char* field);
//! The export body's fields other than its channel, checked in the order the portal's form shows them.
ExportRequest export_request_from_json(const nlohmann::json& body, std::int64_t now_ms, std::int64_t imager_count);

} // namespace argus::api
