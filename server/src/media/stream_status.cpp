#include "media/stream_status.hpp"

namespace argus::media {

const char* offline_reason_name(OfflineReason reason) {
  switch (reason) {
  case OfflineReason::no_source: return "no_source";
  case OfflineReason::connecting: return "connecting";
  case OfflineReason::connection_refused: return "connection_refused";
  case OfflineReason::unreachable: return "unreachable";
  case OfflineReason::authentication_failed: return "authentication_failed";
  case OfflineReason::no_video: return "no_video";
  case OfflineReason::unsupported_video: return "unsupported_video";
  case OfflineReason::stream_error: return "stream_error";
  }
  return "stream_error";
}

std::optional<std::string> recording_problem_name(RecordingProblem problem) {
  switch (problem) {
  case RecordingProblem::none: return std::nullopt;
  case RecordingProblem::storage_full: return "storage_full";
  case RecordingProblem::write_failed: return "write_failed";
  }
  return std::nullopt;
}

} // namespace argus::media
