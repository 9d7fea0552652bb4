#pragma once
// Why a camera stream is not delivering video, and whether what arrives is being recorded: the vocabulary shared by
// ingest (which classifies failures), the supervisor (which reports them), the recorder (which folds a camera's
// streams into the status the API shows) and the live feeds. Names are the API's (docs/api/openapi.yaml, Camera).
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "common/error.hpp"

namespace argus::media {

//! A started stream without a video packet for this long is stalled: offline (no_video), closed and reconnected. The
//! API promises a camera without frames for 5 s is offline (issue 17); 4.5 s leaves the watchdog's tick, the status
//! write and a frame interval inside those 5 s (measured hang -> API offline was 5.1 s with a 5 s timeout).
inline constexpr std::chrono::milliseconds kVideoStallTimeout{4'500};

enum class OfflineReason {
  no_source,             // no RTSP URL configured
  connecting,            // started or source changed; the first attempt has not resolved yet
  connection_refused,    // the camera refused the TCP connection
  unreachable,           // no answer: timeout, no route, DNS
  authentication_failed, // RTSP 401/403
  no_video,              // connected, but no video frames arrive (a hung camera, a pulled cable)
  unsupported_video,     // no H.264/H.265 video in the stream (audio only, another codec, garbage)
  stream_error,          // anything else (the connection closed, RTSP 404, ...)
};

//! The API name, e.g. "connection_refused".
const char* offline_reason_name(OfflineReason reason);

enum class RecordingProblem { none, storage_full, write_failed };

//! The API name ("storage_full", "write_failed"), or nullopt for none.
std::optional<std::string> recording_problem_name(RecordingProblem problem);

//! A stream as its supervisor reports it: active, or offline for a reason since a UTC time.
struct StreamStatus {
  bool active = false;
  OfflineReason reason = OfflineReason::connecting; // offline only
  std::int64_t since_ms = 0;                        // offline only: when the outage (for this reason) began
};

//! Thrown by a PacketSource when a connection attempt or a read fails, with the reason the API will show.
class SourceFailure : public Error {
public:
  SourceFailure(OfflineReason reason, std::string message, Kind kind = Kind::unavailable)
      : Error(kind, std::move(message)), reason_(reason) {}
  OfflineReason reason() const { return reason_; }

private:
  OfflineReason reason_;
};

} // namespace argus::media
