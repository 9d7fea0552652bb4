#pragma once
// Why an RTSP camera could not be opened, when libavformat cannot say: its RTSP client reports "invalid data" alike
// for a server talking garbage, a server that never answers, a missing route and its own interruption. On such a
// failure the ingest asks diagnose_rtsp_failure(), which connects to the camera's host and port itself, sends an
// OPTIONS request and looks at the first bytes of the answer (one TCP connection, only after a failed attempt).
#include <atomic>
#include <chrono>
#include <string>

#include "media/stream_status.hpp"

namespace argus::media {

//! connection_refused (RST), unreachable (DNS failure, no route, no connection or no answer within timeout),
//! unsupported_video (bytes that are not RTSP: not a camera), stream_error (an RTSP server answered: the failure was
//! elsewhere, or the URL is not rtsp://). Returns early (stream_error) once `stopped` is set.
OfflineReason diagnose_rtsp_failure(const std::string& url, std::chrono::milliseconds timeout,
                                    const std::atomic<bool>& stopped);

} // namespace argus::media
