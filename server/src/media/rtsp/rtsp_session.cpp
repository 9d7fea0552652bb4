#include "media/rtsp/rtsp_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>

#include "media/rtsp/interleaved_reader.hpp"
#include "media/rtsp/rtsp_authenticator.hpp"
#include "media/rtsp/rtsp_client.hpp"
#include "media/rtsp/rtsp_connection.hpp"
#include "media/rtsp/session_description.hpp"
#include "media/stream_status.hpp"

namespace argus::media::rtsp {
namespace {

constexpr auto k_teardown_wait = std::chrono::milliseconds(200);
constexpr auto k_min_keep_alive = std::chrono::seconds(1);

bool success(const RtspResponse& response) {
  return response.status >= 200 && response.status < 300;
}

bool redirect(const RtspResponse& response) {
  return response.status >= 300 && response.status < 400 && response.header("Location");
}

[[noreturn]] void fail_status(const std::string& method, const RtspResponse& response) {
  throw SourceFailure(OfflineReason::stream_error,
                      method + ": " + std::to_string(response.status) + " " + response.reason);
}

bool lists_method(const std::string& list, const std::string& method) {
  std::size_t at = 0;
  while (at < list.size()) {
    auto comma = list.find(',', at);
    auto item = list.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    auto first = item.find_first_not_of(' ');
    auto last = item.find_last_not_of(' ');
    if (first != std::string::npos && item.substr(first, last - first + 1) == method)
      return true;
    if (comma == std::string::npos)
      break;
    at = comma + 1;
  }
  return false;
}

// "interleaved=4-5" in a Transport header: the first channel.
std::optional<int> interleaved_channel(const std::string& transport) {
  auto at = transport.find("interleaved=");
  if (at == std::string::npos)
    return std::nullopt;
  int channel = -1;
  const char* begin = transport.data() + at + 12;
  auto [end, error] = std::from_chars(begin, transport.data() + transport.size(), channel);
  if (error != std::errc() || channel < 0 || channel > 254)
    return std::nullopt;
  return channel;
}

// The path of an rtsp:// URL (or the reference itself when it is not absolute), for matching RTP-Info entries.
std::string path_of(const std::string& url) {
  auto scheme = url.find("://");
  if (scheme == std::string::npos)
    return url;
  auto slash = url.find('/', scheme + 3);
  return slash == std::string::npos ? "/" : url.substr(slash);
}

bool same_track(const std::string& info_url, const std::string& control_url) {
  auto a = path_of(info_url), b = path_of(control_url);
  return !a.empty() && !b.empty() && (a == b || a.ends_with(b) || b.ends_with(a));
}

// RTP-Info: url=...;seq=..;rtptime=..[, url=...] → the rtptime of the entry for `control_url`.
std::optional<std::uint32_t> rtp_time_for(const std::string& rtp_info, const std::string& control_url,
                                          bool only_track) {
  std::size_t at = 0;
  std::vector<std::pair<std::string, std::optional<std::uint32_t>>> entries;
  while (at < rtp_info.size()) {
    auto url_at = rtp_info.find("url=", at);
    if (url_at == std::string::npos)
      break;
    auto next = rtp_info.find("url=", url_at + 4);
    auto entry = rtp_info.substr(url_at, next == std::string::npos ? std::string::npos : next - url_at);
    auto end_of_url = entry.find(';');
    auto url = entry.substr(4, end_of_url == std::string::npos ? std::string::npos : end_of_url - 4);
    while (!url.empty() && (url.back() == ',' || url.back() == ' '))
      url.pop_back();
    std::optional<std::uint32_t> rtptime;
    if (auto t = entry.find("rtptime="); t != std::string::npos) {
      std::uint32_t value = 0;
      const char* begin = entry.data() + t + 8;
      if (std::from_chars(begin, entry.data() + entry.size(), value).ec == std::errc())
        rtptime = value;
    }
    entries.emplace_back(url, rtptime);
    at = next == std::string::npos ? rtp_info.size() : next;
  }
  for (const auto& [url, rtptime] : entries) {
    if (same_track(url, control_url))
      return rtptime;
  }
  if (only_track && entries.size() == 1)
    return entries.front().second;
  return std::nullopt;
}

} // namespace

RtspSession::RtspSession(RtspUrl url)
    : url_(std::move(url)), request_url_(url_.request_url()), connection_(std::make_unique<RtspConnection>()),
      reader_(std::make_unique<InterleavedReader>()),
      authenticator_(std::make_unique<RtspAuthenticator>(url_.user, url_.password)),
      client_(std::make_unique<RtspClient>(*connection_, *reader_, *authenticator_)) {}

RtspSession::~RtspSession() = default;

void RtspSession::interrupt() {
  connection_->interrupt();
}

void RtspSession::connect_and_describe(Clock::time_point deadline, RtspResponse& describe) {
  for (int redirects = 0;; ++redirects) {
    connection_->connect(url_.host, url_.port, deadline);
    auto options = client_->request("OPTIONS", request_url_, {}, deadline);
    if (!redirect(options) || redirects > 0) {
      if (!success(options))
        fail_status("OPTIONS", options);
      get_parameter_ = lists_method(options.header("Public").value_or(""), "GET_PARAMETER");
      describe = client_->request("DESCRIBE", request_url_, {{"Accept", "application/sdp"}}, deadline);
      if (!redirect(describe) || redirects > 0) {
        if (!success(describe))
          fail_status("DESCRIBE", describe);
        return;
      }
    }
    // One redirect (3xx with Location): to another URL, on another connection; the credentials stay ours.
    const auto& answer = redirect(options) ? options : describe;
    auto target = RtspUrl::parse(resolve_rtsp_reference(request_url_, *answer.header("Location")));
    if (!target)
      throw SourceFailure(OfflineReason::stream_error, "redirected to a URL that is not rtsp://");
    if (!target->user) {
      target->user = url_.user;
      target->password = url_.password;
    }
    url_ = std::move(*target);
    request_url_ = url_.request_url();
    connection_->close();
    reader_ = std::make_unique<InterleavedReader>();
    client_ = std::make_unique<RtspClient>(*connection_, *reader_, *authenticator_);
  }
}

void RtspSession::start(Clock::time_point deadline) {
  RtspResponse describe;
  connect_and_describe(deadline, describe);
  auto base = describe.header("Content-Base").value_or(describe.header("Content-Location").value_or(request_url_));
  auto sdp = parse_sdp(describe.body);
  tracks_ = select_tracks(sdp, base);
  // The aggregate control (PLAY, keep-alives, TEARDOWN): an absolute session-level a=control, else the base.
  aggregate_url_ = is_absolute_rtsp_url(sdp.control) ? sdp.control : base;
  set_up(deadline);
  play(deadline);
}

void RtspSession::set_up(Clock::time_point deadline) {
  auto video = client_->request("SETUP", tracks_.video.control_url,
                                {{"Transport", "RTP/AVP/TCP;unicast;interleaved=0-1"}}, deadline);
  if (!success(video))
    fail_status("SETUP", video);
  if (auto session = video.header("Session"))
    client_->set_session(*session);
  video_channel_ = interleaved_channel(video.header("Transport").value_or("")).value_or(0);
  if (!tracks_.audio)
    return;
  int wanted = video_channel_ == 2 ? 4 : 2;
  auto audio = client_->request(
      "SETUP", tracks_.audio->control_url,
      {{"Transport", "RTP/AVP/TCP;unicast;interleaved=" + std::to_string(wanted) + "-" + std::to_string(wanted + 1)}},
      deadline);
  if (!success(audio)) {
    spdlog::info("{}: audio not recorded: SETUP answered {}", request_url_, audio.status);
    tracks_.audio.reset();
    return;
  }
  if (client_->session().empty())
    if (auto session = audio.header("Session"))
      client_->set_session(*session);
  audio_channel_ = interleaved_channel(audio.header("Transport").value_or("")).value_or(wanted);
  if (*audio_channel_ == video_channel_) {
    tracks_.audio.reset();
    audio_channel_.reset();
  }
}

void RtspSession::play(Clock::time_point deadline) {
  auto answer = client_->request("PLAY", aggregate_url_, {{"Range", "npt=0.000-"}}, deadline);
  if (!success(answer))
    fail_status("PLAY", answer);
  if (auto info = answer.header("RTP-Info")) {
    video_start_rtp_ = rtp_time_for(*info, tracks_.video.control_url, !tracks_.audio);
    if (tracks_.audio)
      audio_start_rtp_ = rtp_time_for(*info, tracks_.audio->control_url, false);
  }
  playing_ = true;
  auto interval = std::max<Clock::duration>(client_->session_timeout() / 2, k_min_keep_alive);
  next_keep_alive_ = Clock::now() + interval;
}

void RtspSession::keep_alive(Clock::time_point now) {
  if (!playing_ || now < next_keep_alive_)
    return;
  auto interval = std::max<Clock::duration>(client_->session_timeout() / 2, k_min_keep_alive);
  next_keep_alive_ = now + interval;
  client_->send_request(get_parameter_ ? "GET_PARAMETER" : "OPTIONS", aggregate_url_, {}, now + k_teardown_wait);
}

bool RtspSession::send_interleaved(int channel, std::span<const std::uint8_t> packet) {
  if (packet.size() > 65535)
    return false;
  std::string frame(4 + packet.size(), '\0');
  frame[0] = '$';
  frame[1] = static_cast<char>(channel);
  frame[2] = static_cast<char>(packet.size() >> 8);
  frame[3] = static_cast<char>(packet.size() & 0xff);
  std::copy(packet.begin(), packet.end(), frame.begin() + 4);
  return connection_->send(frame, Clock::now() + k_teardown_wait);
}

void RtspSession::on_response(const RtspResponse& response) {
  if (response.status == 401)
    authenticator_->take_challenge(response.headers_named("WWW-Authenticate"));
  else if (!success(response))
    spdlog::debug("{}: keep-alive answered {} {}", request_url_, response.status, response.reason);
}

void RtspSession::teardown() {
  if (playing_)
    client_->send_request("TEARDOWN", aggregate_url_, {}, Clock::now() + k_teardown_wait);
  playing_ = false;
  connection_->close();
}

} // namespace argus::media::rtsp
