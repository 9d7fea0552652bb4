#pragma once
// Export jobs as the portal reads them (spec 03 §3 "Export job"; docs/api/openapi.yaml ExportJob) and the checks of a
// new export's fields (spec 03 §5 "Exports").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "store/export_records.hpp"

namespace argus::api {

//! The spec's filename rule: letters, numbers, spaces and - _ . only.
extern const char* const k_filename_rule;

//! A job as JSON. base: the request's shard base path ("/n1"); share_url only when a share link exists (the token is
//! known only when it is made: share_token then). now_ms decides "expired".
nlohmann::json export_job_json(const store::ExportJobRecord& job, int shard_id, std::int64_t now_ms,
                               const std::optional<std::string>& share_url = std::nullopt);

//! A filename the user typed ("" or absent: nullopt), checked against the rule (Error(invalid_input) with
//! k_filename_rule), trimmed, at most 200 characters, with ".mp4" added unless it ends so.
std::optional<std::string> checked_filename(const std::optional<std::string>& typed);

//! A default filename from the camera's name and the start time in the network's zone (IANA name; UTC when unknown):
//! "Lobby Entrance 2026-11-28 14.05.00.mp4" (only characters of the rule).
std::string default_filename(const std::string& camera_name, std::int64_t t0_ms, std::string_view time_zone);

} // namespace argus::api
