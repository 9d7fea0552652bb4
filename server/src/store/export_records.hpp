#pragma once
// Rows of video exports (migration 0009, spec 03 §3 "Export job"): one job makes one MP4 file of a camera's recorded
// range (VideoExportJob) or of several finished exports in order (VideoConcatenationJob). Times are UTC milliseconds;
// file paths are relative to the data dir. docs/design/exports.md.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::store {

//! Where a job is. A job due later than now (scheduled_for_ms) is queued and shown as scheduled.
enum class ExportState { queued, running, complete, failed, cancelled };

//! One source clip of a combined job, as it was when the job was made (the source job may be deleted later).
struct ExportSourceRecord {
  std::int64_t source_job_id = 0;
  std::optional<std::int64_t> camera_id;
  std::string camera_name;
  std::optional<std::int64_t> video_channel_id;
  std::string filename;
  std::int64_t t0_ms = 0;
  std::int64_t t1_ms = 0;
};

struct ExportJobRecord {
  std::int64_t id = 0;
  std::int64_t organization_id = 0;
  std::int64_t network_id = 0;
  std::optional<std::int64_t> user_id; // null once the creator is deleted
  std::string user_name;               // the creator, kept for the job list and the evidence manifest
  bool combined = false;               // VideoConcatenationJob
  std::optional<std::int64_t> camera_id; // null for a combined job, or once the camera is deleted
  std::string camera_name;
  std::optional<std::int64_t> video_channel_id;
  std::int64_t imager_id = 0;
  std::string filename; // with .mp4
  std::int64_t t0_ms = 0;
  std::int64_t t1_ms = 0;
  std::int64_t created_ms = 0;
  std::int64_t scheduled_for_ms = 0;
  std::optional<std::int64_t> force_started_ms;
  ExportState state = ExportState::queued;
  std::int64_t progress = 0; // 0..100
  std::int64_t attempts = 0; // runs started (a run cut by a restart counts)
  std::optional<std::string> error;
  bool error_user_friendly = false; // error may be shown to the user as it is
  std::optional<std::int64_t> started_ms;
  std::optional<std::int64_t> completed_ms;
  std::optional<std::int64_t> cancellation_requested_ms;
  std::optional<std::int64_t> cancelled_ms;
  std::optional<std::int64_t> expires_ms;
  std::optional<std::string> file_path;
  std::optional<std::int64_t> file_bytes;
  std::optional<std::string> sha256; // hex of the file
  std::optional<std::int64_t> media_first_ms; // what the file holds
  std::optional<std::int64_t> media_end_ms;
  std::optional<std::string> dewarp_json; // the view transform the job was made with (stored, not rendered)
  std::optional<std::string> share_nonce; // set while a share link exists (services/share_links)
  std::vector<ExportSourceRecord> sources; // combined jobs, in order
};

//! Which jobs a list asks for (spec 03 §7 job_data).
struct ExportJobQuery {
  std::int64_t organization_id = 0;
  std::int64_t network_id = 0;
  std::optional<bool> combined;
  std::vector<std::int64_t> ids; // empty: any
  std::optional<std::int64_t> video_channel_id;
  std::optional<std::int64_t> created_since_ms;
  std::optional<std::int64_t> created_before_ms;
  std::string text; // in the filename or the camera name, case-insensitive; empty: any
  std::int64_t offset = 0;
  std::int64_t limit = 50;
};

//! One page of a job list and how many jobs match in all.
struct ExportJobPage {
  std::vector<ExportJobRecord> jobs;
  std::int64_t total = 0;
};

const char* export_state_name(ExportState state);
std::optional<ExportState> export_state_from(std::string_view name);

} // namespace argus::store
