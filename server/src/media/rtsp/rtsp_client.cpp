#include "media/rtsp/rtsp_client.hpp"

#include <charconv>

#include "media/rtsp/interleaved_reader.hpp"
#include "media/rtsp/rtsp_authenticator.hpp"
#include "media/rtsp/rtsp_connection.hpp"
#include "media/stream_status.hpp"

namespace argus::media::rtsp {
namespace {

constexpr std::uint64_t k_max_frames_before_response = 4096;

[[noreturn]] void fail(OfflineReason reason, const std::string& what) {
  throw SourceFailure(reason, what);
}

int cseq_of(const RtspResponse& response) {
  auto value = response.header("CSeq");
  int cseq = -1;
  if (value)
    std::from_chars(value->data(), value->data() + value->size(), cseq);
  return cseq;
}

} // namespace

RtspClient::RtspClient(RtspConnection& connection, InterleavedReader& reader, RtspAuthenticator& authenticator)
    : connection_(connection), reader_(reader), authenticator_(authenticator) {}

std::string RtspClient::format(const std::string& method, const std::string& url, const Headers& headers, int cseq) {
  std::string out = method + " " + url + " RTSP/1.0\r\nCSeq: " + std::to_string(cseq) + "\r\nUser-Agent: argusd\r\n";
  if (!session_.empty())
    out += "Session: " + session_ + "\r\n";
  if (auto authorization = authenticator_.authorization(method, url); !authorization.empty())
    out += "Authorization: " + authorization + "\r\n";
  for (const auto& [name, value] : headers)
    out += name + ": " + value + "\r\n";
  return out + "\r\n";
}

int RtspClient::send_request(const std::string& method, const std::string& url, const Headers& headers,
                             Clock::time_point deadline) {
  int cseq = ++cseq_;
  return connection_.send(format(method, url, headers, cseq), deadline) ? cseq : 0;
}

RtspResponse RtspClient::request(const std::string& method, const std::string& url, const Headers& headers,
                                 Clock::time_point deadline) {
  bool retried = false;
  while (true) {
    int cseq = send_request(method, url, headers, deadline);
    if (cseq == 0)
      fail(OfflineReason::stream_error, method + ": cannot send the request");
    std::uint64_t frames = 0;
    std::optional<RtspResponse> response;
    while (!response) {
      switch (reader_.next()) {
      case InterleavedReader::Item::frame:
        if (++frames > k_max_frames_before_response)
          fail(answered_ ? OfflineReason::stream_error : OfflineReason::unsupported_video,
               method + ": no answer among the interleaved data");
        ++dropped_frames_;
        continue;
      case InterleavedReader::Item::response: {
        auto candidate = reader_.take_response();
        answered_ = true;
        int answered_cseq = cseq_of(candidate);
        if (answered_cseq < 0 || answered_cseq == cseq)
          response = std::move(candidate); // some servers leave CSeq out
        continue;                          // an older request's answer
      }
      case InterleavedReader::Item::not_rtsp:
        fail(answered_ ? OfflineReason::stream_error : OfflineReason::unsupported_video,
             method + ": the answer is not RTSP");
      case InterleavedReader::Item::malformed: // RTSP, but broken
        fail(OfflineReason::stream_error,
             method + (reader_.too_large() ? ": the answer is too large" : ": malformed answer"));
      case InterleavedReader::Item::need_more:
        break;
      }
      switch (connection_.receive(reader_, deadline)) {
      case RtspConnection::Receive::data:
        continue;
      case RtspConnection::Receive::closed:
        fail(OfflineReason::stream_error, method + ": the server closed the connection");
      case RtspConnection::Receive::timed_out:
        fail(connection_.bytes_received() == 0 ? OfflineReason::unreachable : OfflineReason::stream_error,
             method + ": no answer in time");
      case RtspConnection::Receive::interrupted:
        fail(OfflineReason::stream_error, method + ": interrupted");
      case RtspConnection::Receive::failed:
        fail(OfflineReason::stream_error, method + ": connection failed");
      }
    }
    if (response->status == 401 && !retried &&
        authenticator_.take_challenge(response->headers_named("WWW-Authenticate"))) {
      retried = true;
      continue;
    }
    if (response->status == 401 || response->status == 403)
      fail(OfflineReason::authentication_failed,
           method + ": " + std::to_string(response->status) + " " + response->reason);
    return std::move(*response);
  }
}

void RtspClient::set_session(const std::string& session_header) {
  auto semicolon = session_header.find(';');
  session_ = session_header.substr(0, semicolon);
  while (!session_.empty() && session_.back() == ' ')
    session_.pop_back();
  session_timeout_ = std::chrono::seconds(60);
  if (semicolon == std::string::npos)
    return;
  auto timeout = session_header.find("timeout=", semicolon);
  if (timeout == std::string::npos)
    return;
  int seconds = 0;
  const char* begin = session_header.data() + timeout + 8;
  std::from_chars(begin, session_header.data() + session_header.size(), seconds);
  if (seconds > 0)
    session_timeout_ = std::chrono::seconds(seconds);
}

} // namespace argus::media::rtsp
