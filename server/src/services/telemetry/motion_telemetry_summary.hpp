#pragma once
// The administrators' summary of motion search telemetry (GET .../motionSearchTelemetry/summary): per UTC day and in
// total, searches, users who searched, result counts and durations; searches per feature.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/motion_records.hpp"

namespace argus::services {

struct MotionTelemetryFigures {
  std::int64_t searches = 0;
  std::int64_t users = 0;
  std::optional<double> mean_result_count; // none when no search reported a count
  std::int64_t zero_result_searches = 0;
  std::optional<double> median_duration_ms; // none when no search reported a duration
  std::optional<double> p95_duration_ms;
};

struct MotionTelemetryDay {
  std::int64_t start_ms = 0; // 00:00 UTC
  MotionTelemetryFigures figures;
};

struct MotionTelemetrySummary {
  std::vector<MotionTelemetryDay> days; // oldest first, quiet days included
  MotionTelemetryFigures totals;
  std::vector<std::pair<std::string, std::int64_t>> searches_by_feature; // most first, then by name
};

//! Start of the UTC day holding ms.
std::int64_t utc_day_start_ms(std::int64_t ms);

//! The summary of the samples over `days` UTC days ending with the one holding now_ms; samples outside are ignored.
MotionTelemetrySummary summarize_motion_telemetry(const std::vector<store::MotionTelemetrySample>& samples, int days,
                                                  std::int64_t now_ms);

} // namespace argus::services
