#pragma once
// RTSP/1.0 requests over an RtspConnection (RFC 2326): CSeq, User-Agent, Session and Authorization on every request,
// one retry with credentials after a 401. Waiting for a response reads through the InterleavedReader, so interleaved
// packets and responses can share the connection; responses to requests sent while streaming (keep-alives) are
// picked out by the source's read loop.
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "media/rtsp/rtsp_response.hpp"

namespace argus::media::rtsp {

class InterleavedReader;
class RtspAuthenticator;
class RtspConnection;

class RtspClient {
public:
  using Clock = std::chrono::steady_clock;
  using Headers = std::vector<std::pair<std::string, std::string>>;

  RtspClient(RtspConnection& connection, InterleavedReader& reader, RtspAuthenticator& authenticator);

  //! Sends a request and returns its response (any status but a 401 that credentials could answer). Throws
  //! SourceFailure: unsupported_video (the first answer on the connection is not RTSP), unreachable (no byte came
  //! back before the deadline), authentication_failed (401 without usable credentials or after them, 403),
  //! stream_error (closed, timed out after an answer, a malformed or oversized answer, interrupted).
  RtspResponse request(const std::string& method, const std::string& url, const Headers& headers,
                       Clock::time_point deadline);
  //! Sends a request without waiting for its answer (keep-alive, TEARDOWN); returns its CSeq, 0 when sending failed.
  int send_request(const std::string& method, const std::string& url, const Headers& headers,
                   Clock::time_point deadline);
  //! The session (from SETUP's Session header: its id; timeout default 60 s) that later requests carry.
  void set_session(const std::string& session_header);
  const std::string& session() const { return session_; }
  std::chrono::seconds session_timeout() const { return session_timeout_; }
  //! Interleaved packets dropped while waiting for responses.
  std::uint64_t dropped_frames() const { return dropped_frames_; }

private:
  std::string format(const std::string& method, const std::string& url, const Headers& headers, int cseq);

  RtspConnection& connection_;
  InterleavedReader& reader_;
  RtspAuthenticator& authenticator_;
  int cseq_ = 0;
  bool answered_ = false; // a valid RTSP response came on this connection
  std::string session_;
  std::chrono::seconds session_timeout_{60};
  std::uint64_t dropped_frames_ = 0;
};

} // namespace argus::media::rtsp
