#include "api/export_views.hpp"

#include <algorithm>
#include <cctype>
#include <ctime>

#include "common/error.hpp"
#include "common/time_zone.hpp"
#include "media/history_playlist.hpp"

namespace argus::api {
namespace {

constexpr std::size_t k_max_filename_chars = 200;

nlohmann::json iso_or_null(const std::optional<std::int64_t>& ms) {
  return ms ? nlohmann::json(media::iso8601_utc_ms(*ms)) : nlohmann::json(nullptr);
}

bool allowed_filename_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '-' || c == '_' || c == '.';
}

// export_state: what the portal's display status reads (spec 03 §4): scheduled/queued/running/complete, error (an
// internal failure), user_friendly_error (a failure the user can act on), cancelled.
std::string export_state(const store::ExportJobRecord& job, std::int64_t now_ms) {
  switch (job.state) {
  case store::ExportState::queued:
    return !job.force_started_ms && job.scheduled_for_ms > now_ms ? "scheduled" : "queued";
  case store::ExportState::running:
    return "running";
  case store::ExportState::complete:
    return "complete";
  case store::ExportState::failed:
    return job.error_user_friendly ? "user_friendly_error" : "error";
  case store::ExportState::cancelled:
    return "cancelled";
  }
  return "error";
}

} // namespace

const char* const k_filename_rule =
    "Filename may only contain letters, numbers, spaces and the - _ . special characters.";

nlohmann::json export_job_json(const store::ExportJobRecord& job, int shard_id, std::int64_t now_ms,
                               const std::optional<std::string>& share_url) {
  auto base = "/n" + std::to_string(shard_id) + "/n/" + std::to_string(job.network_id) + "/manage/video_exports/" +
              std::to_string(job.id);
  bool downloadable = job.state == store::ExportState::complete && job.file_path.has_value();
  bool cancelling = job.state == store::ExportState::running && job.cancellation_requested_ms.has_value();
  nlohmann::json out = {
      {"id", job.id},
      {"type", job.combined ? "VideoConcatenationJob" : "VideoExportJob"},
      {"user", {{"id", job.user_id ? nlohmann::json(*job.user_id) : nlohmann::json(nullptr)}, {"name", job.user_name}}},
      {"status", store::export_state_name(job.state)},
      {"state", store::export_state_name(job.state)},
      {"export_state", export_state(job, now_ms)},
      {"export_status", export_state(job, now_ms)},
      {"export_progress", job.state == store::ExportState::complete ? 100 : job.progress},
      {"export_paused", false},
      {"export_completed_at", iso_or_null(job.state == store::ExportState::complete ? job.completed_ms : std::nullopt)},
      {"export_cancelled_at", iso_or_null(job.cancelled_ms)},
      {"export_expiration_date", iso_or_null(job.expires_ms)},
      {"early_expiration_date", nullptr},
      {"export_sha256", job.sha256 ? nlohmann::json(*job.sha256) : nlohmann::json(nullptr)},
      {"export_force_started_at", iso_or_null(job.force_started_ms)},
      {"cancellation_requested_at", iso_or_null(job.cancellation_requested_ms)},
      {"isRequestingCancellation", cancelling},
      {"created_at", media::iso8601_utc_ms(job.created_ms)},
      {"scheduled_for_time", media::iso8601_utc_ms(job.scheduled_for_ms)},
      {"duration", (job.t1_ms - job.t0_ms) / 1000},
      {"t0", job.t0_ms / 1000},
      {"t1", job.t1_ms / 1000},
      {"frozen", false},
      {"downloadable", downloadable},
      {"expired", job.state == store::ExportState::complete && !job.file_path},
      {"file_bytes", job.file_bytes ? nlohmann::json(*job.file_bytes) : nlohmann::json(nullptr)},
      {"error", job.error ? nlohmann::json(*job.error) : nlohmann::json(nullptr)},
      {"quick_url", downloadable ? nlohmann::json(base + "/download?disposition=inline") : nlohmann::json(nullptr)},
      {"download_url", downloadable ? nlohmann::json(base + "/download") : nlohmann::json(nullptr)},
      {"manifest_url", downloadable ? nlohmann::json(base + "/manifest") : nlohmann::json(nullptr)},
      {"share_url", share_url ? nlohmann::json(*share_url) : nlohmann::json(nullptr)},
      {"shared", job.share_nonce.has_value()},
      {"streaming_server", nullptr},
      {"network_id", job.network_id},
      {"camera_id", job.camera_id ? nlohmann::json(*job.camera_id) : nlohmann::json(nullptr)},
      {"video_channel_id", job.video_channel_id ? nlohmann::json(*job.video_channel_id) : nlohmann::json(nullptr)},
      {"imager_id", job.imager_id},
      {"filename", job.filename},
      {"name", job.filename},
      {"camera_name", job.camera_name},
  };
  if (job.combined) {
    auto sources = nlohmann::json::array();
    for (const auto& source : job.sources)
      sources.push_back({{"job_id", source.source_job_id},
                         {"video_channel_id", source.video_channel_id ? nlohmann::json(*source.video_channel_id)
                                                                      : nlohmann::json(nullptr)},
                         {"start_ts", source.t0_ms / 1000},
                         {"end_ts", source.t1_ms / 1000},
                         {"name", source.filename},
                         {"camera", {{"id", source.camera_id ? nlohmann::json(*source.camera_id) : nlohmann::json(nullptr)},
                                     {"name", source.camera_name}}}});
    out["source_exports"] = std::move(sources);
  }
  return out;
}

std::optional<std::string> checked_filename(const std::optional<std::string>& typed) {
  if (!typed)
    return std::nullopt;
  auto text = *typed;
  auto first = text.find_first_not_of(' ');
  if (first == std::string::npos)
    return std::nullopt;
  text = text.substr(first, text.find_last_not_of(' ') - first + 1);
  if (!std::all_of(text.begin(), text.end(), allowed_filename_char))
    throw Error(Error::Kind::invalid_input, k_filename_rule);
  constexpr std::string_view suffix = ".mp4";
  bool has_suffix = text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
  if (!has_suffix)
    text += suffix;
  if (text.size() > k_max_filename_chars || text == suffix || text.front() == '.')
    throw Error(Error::Kind::invalid_input, "Filename must be 1 to 196 characters and may not start with a dot");
  return text;
}

std::string default_filename(const std::string& camera_name, std::int64_t t0_ms, std::string_view time_zone) {
  std::string name;
  for (char c : camera_name)
    name += allowed_filename_char(c) ? c : ' ';
  name = name.substr(0, 120);
  std::int64_t utc_seconds = t0_ms / 1000;
  std::time_t local_seconds = utc_seconds + TimeZone::load_or_utc(time_zone).offset_seconds_at(utc_seconds);
  std::tm local{};
  gmtime_r(&local_seconds, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H.%M.%S", &local);
  auto first = name.find_first_not_of(' ');
  name = first == std::string::npos ? "Export" : name.substr(first);
  return name + " " + stamp + ".mp4";
}

} // namespace argus::api
