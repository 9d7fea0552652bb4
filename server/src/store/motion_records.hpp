#pragma once
// Rows of the motion side of the store (migration 0004): per-second motion records, per-minute/hour summaries, recap
// images and the portal's search telemetry. The cell blobs are opaque here (analytics/cell_levels encodes them).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace argus::store {

//! One second of a camera with motion: the moved cells (encoded).
struct MotionSecondRecord {
  std::int64_t camera_id = 0;
  std::int64_t second_s = 0; // UTC seconds
  std::vector<std::uint8_t> cells;
};

//! The per-cell maximum over a minute (span_s 60) or an hour (3600) starting at start_s.
struct MotionSummaryRecord {
  std::int64_t camera_id = 0;
  std::int64_t span_s = 60;
  std::int64_t start_s = 0;
  std::int64_t seconds = 0; // seconds with motion in the span
  std::vector<std::uint8_t> cells;
};

//! A recap JPEG: the frame with the most motion of a short window, file relative to the data dir.
struct MotionRecapRecord {
  std::int64_t id = 0;
  std::int64_t camera_id = 0;
  std::int64_t ts_ms = 0;
  std::int64_t score = 0; // moved cells in that frame
  std::string file_path;
};

//! One telemetry event of the portal's motion search, with who sent it.
struct MotionTelemetryRecord {
  std::int64_t received_ms = 0;
  std::int64_t user_id = 0;
  std::int64_t organization_id = 0;
  std::string client_name;
  std::string client_version;
  std::optional<std::int64_t> camera_id;
  std::optional<std::int64_t> network_id;
  std::optional<double> search_duration;
  std::optional<std::int64_t> result_count;
  std::optional<bool> with_people;
  std::optional<bool> with_vehicles;
  std::optional<bool> with_nightmode;
  std::optional<bool> include_attributes;
  std::optional<std::string> feature;
  std::optional<std::string> event_id;
  std::optional<double> start_time;
  std::optional<double> end_time;
};

//! What the administrators' summary reads of one telemetry event.
struct MotionTelemetrySample {
  std::int64_t received_ms = 0;
  std::int64_t user_id = 0;
  std::optional<double> search_duration; // ms, as the portal measured it
  std::optional<std::int64_t> result_count;
  std::optional<std::string> feature;
};

} // namespace argus::store
