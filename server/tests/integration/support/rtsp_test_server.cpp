#include "support/rtsp_test_server.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include "media/bitstream.hpp"
#include "media/rtsp/rtsp_authenticator.hpp"

namespace argus::testing {
namespace {

using media::parameter_sets_in_config;
using media::split_length_prefixed;
using media::VideoCodec;

std::string lower(std::string text) {
  for (auto& c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string base64_list(const std::vector<std::span<const std::uint8_t>>& nals) {
  std::string out;
  for (auto nal : nals)
    out += (out.empty() ? "" : ",") +
           media::rtsp::encode_base64(std::string_view(reinterpret_cast<const char*>(nal.data()), nal.size()));
  return out;
}

} // namespace

std::vector<std::uint8_t> rtp_packet(int payload_type, bool marker, std::uint16_t sequence, std::uint32_t timestamp,
                                     std::uint32_t ssrc, std::span<const std::uint8_t> payload) {
  std::vector<std::uint8_t> out = {0x80, static_cast<std::uint8_t>((marker ? 0x80 : 0) | payload_type),
                                   static_cast<std::uint8_t>(sequence >> 8), static_cast<std::uint8_t>(sequence)};
  for (auto word : {timestamp, ssrc}) {
    for (int shift : {24, 16, 8, 0})
      out.push_back(static_cast<std::uint8_t>(word >> shift));
  }
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

std::string RtspRequest::header(const std::string& lower_name) const {
  auto it = headers.find(lower_name);
  return it == headers.end() ? "" : it->second;
}

void RtspTestServer::serve(int fd) {
  Connection connection(fd, *this);
  handler_(connection);
}

std::string RtspTestServer::url(const std::string& path, const std::string& userinfo) const {
  return "rtsp://" + (userinfo.empty() ? "" : userinfo + "@") + "127.0.0.1:" + std::to_string(port()) + path;
}

void RtspTestServer::note(const RtspRequest& request) {
  std::lock_guard lock(mutex_);
  requests_.push_back(request);
}

std::vector<std::string> RtspTestServer::methods() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& request : requests_)
    out.push_back(request.method);
  return out;
}

std::optional<RtspRequest> RtspTestServer::last(const std::string& method) const {
  std::lock_guard lock(mutex_);
  for (auto it = requests_.rbegin(); it != requests_.rend(); ++it) {
    if (it->method == method)
      return *it;
  }
  return std::nullopt;
}

bool RtspTestServer::Connection::stopping() const {
  return server_.stopping();
}

bool RtspTestServer::Connection::fill(std::chrono::milliseconds timeout) {
  pollfd entry{fd_, POLLIN, 0};
  if (::poll(&entry, 1, static_cast<int>(timeout.count())) <= 0)
    return false;
  char bytes[16384];
  auto got = ::recv(fd_, bytes, sizeof bytes, MSG_DONTWAIT);
  if (got <= 0) {
    closed_ = got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
    return false;
  }
  buffer_.append(bytes, static_cast<std::size_t>(got));
  return true;
}

std::optional<RtspRequest> RtspTestServer::Connection::parse_buffered() {
  while (!buffer_.empty() && buffer_[0] == '$') {
    if (buffer_.size() < 4)
      return std::nullopt;
    std::size_t length = (static_cast<std::uint8_t>(buffer_[2]) << 8) | static_cast<std::uint8_t>(buffer_[3]);
    if (buffer_.size() < 4 + length)
      return std::nullopt;
    if (buffer_[1] % 2 == 1)
      ++server_.rtcp_frames_;
    buffer_.erase(0, 4 + length);
  }
  auto end = buffer_.find("\r\n\r\n");
  if (end == std::string::npos)
    return std::nullopt;
  RtspRequest request;
  auto head = buffer_.substr(0, end);
  buffer_.erase(0, end + 4);
  auto line_end = head.find("\r\n");
  auto line = head.substr(0, line_end);
  auto first = line.find(' '), second = line.find(' ', first + 1);
  request.method = line.substr(0, first);
  request.url = line.substr(first + 1, second - first - 1);
  std::size_t at = line_end == std::string::npos ? head.size() : line_end + 2;
  while (at < head.size()) {
    auto next = head.find("\r\n", at);
    auto header = head.substr(at, next == std::string::npos ? std::string::npos : next - at);
    auto colon = header.find(':');
    if (colon != std::string::npos) {
      auto value = header.substr(colon + 1);
      while (!value.empty() && value[0] == ' ')
        value.erase(0, 1);
      request.headers[lower(header.substr(0, colon))] = value;
    }
    at = next == std::string::npos ? head.size() : next + 2;
  }
  server_.note(request);
  return request;
}

std::optional<RtspRequest> RtspTestServer::Connection::next_request(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!stopping() && !closed_) {
    if (auto request = parse_buffered())
      return request;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      return std::nullopt;
    fill(std::min(left, std::chrono::milliseconds(50)));
  }
  return std::nullopt;
}

bool RtspTestServer::Connection::service() {
  fill(std::chrono::milliseconds(0));
  while (auto request = parse_buffered()) {
    if (request->method == "TEARDOWN") {
      respond(*request, 200);
      closed_ = true;
    } else {
      respond(*request, 200);
    }
  }
  return !closed_;
}

void RtspTestServer::Connection::send(const std::string& bytes) {
  std::size_t at = 0;
  while (at < bytes.size() && !stopping()) {
    auto sent = ::send(fd_, bytes.data() + at, bytes.size() - at, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent > 0) {
      at += static_cast<std::size_t>(sent);
      continue;
    }
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd entry{fd_, POLLOUT, 0};
      ::poll(&entry, 1, 50);
      continue;
    }
    closed_ = true;
    return;
  }
}

void RtspTestServer::Connection::respond(const RtspRequest& request, int status,
                                         const std::vector<std::pair<std::string, std::string>>& headers,
                                         const std::string& body) {
  std::string out = "RTSP/1.0 " + std::to_string(status) + (status < 300 ? " OK" : " Error") + "\r\n";
  out += "CSeq: " + request.header("cseq") + "\r\n";
  for (const auto& [name, value] : headers)
    out += name + ": " + value + "\r\n";
  if (!body.empty())
    out += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  send(out + "\r\n" + body);
}

void RtspTestServer::Connection::send_frame(int channel, const std::vector<std::uint8_t>& packet) {
  std::string frame = {'$', static_cast<char>(channel), static_cast<char>(packet.size() >> 8),
                       static_cast<char>(packet.size() & 0xff)};
  frame.append(packet.begin(), packet.end());
  send(frame);
}

void serve_camera(RtspTestServer::Connection& connection, const CameraScript& script) {
  std::string expected_authorization;
  if (script.basic_credentials)
    expected_authorization = "Basic " + media::rtsp::encode_base64(*script.basic_credentials);
  while (auto request = connection.next_request()) {
    if (script.basic_credentials && request->header("authorization") != expected_authorization) {
      connection.respond(*request, 401, {{"WWW-Authenticate", "Basic realm=\"test\""}});
      continue;
    }
    if (request->method == "OPTIONS") {
      connection.respond(*request, 200, {{"Public", "OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER"}});
    } else if (request->method == "DESCRIBE") {
      auto base = request->url + "/";
      connection.respond(*request, 200, {{"Content-Type", "application/sdp"}, {"Content-Base", base}},
                         "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=test\r\nt=0 0\r\n" + script.sdp_media);
    } else if (request->method == "SETUP") {
      connection.respond(*request, 200,
                         {{"Session", script.session}, {"Transport", request->header("transport") + ";ssrc=12345678"}});
    } else if (request->method == "PLAY") {
      connection.respond(*request, 200, script.play_headers);
      if (script.stream)
        script.stream(connection);
      while (!connection.stopping() && connection.service())
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      return;
    } else if (request->method == "TEARDOWN") {
      connection.respond(*request, 200);
      return;
    } else {
      connection.respond(*request, 200);
    }
  }
}

RtpFootage packetize(const std::filesystem::path& clip, std::size_t max_payload) {
  RtpFootage out;
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, clip.c_str(), nullptr, nullptr) < 0)
    return out;
  avformat_find_stream_info(format, nullptr);
  int video = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  int audio = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nullptr, 0);
  const auto* par = format->streams[video]->codecpar;
  bool h264 = par->codec_id == AV_CODEC_ID_H264;
  out.encoding = h264 ? "H264" : "H265";
  out.width = par->width;
  out.height = par->height;
  out.config.assign(par->extradata, par->extradata + par->extradata_size);
  auto codec = h264 ? VideoCodec::h264 : VideoCodec::h265;
  auto sets = parameter_sets_in_config(codec, out.config);
  if (h264) {
    out.video_fmtp = "packetization-mode=1;sprop-parameter-sets=" + base64_list(sets);
  } else {
    std::vector<std::span<const std::uint8_t>> vps, sps, pps;
    for (auto nal : sets) {
      int type = (nal[0] >> 1) & 0x3f;
      (type == 32 ? vps : type == 33 ? sps : pps).push_back(nal);
    }
    out.video_fmtp =
        "sprop-vps=" + base64_list(vps) + ";sprop-sps=" + base64_list(sps) + ";sprop-pps=" + base64_list(pps);
  }
  if (audio >= 0) {
    const auto* apar = format->streams[audio]->codecpar;
    out.audio_rate = apar->sample_rate;
    std::string config;
    char hex[3];
    for (int i = 0; i < apar->extradata_size; ++i) {
      std::snprintf(hex, sizeof hex, "%02X", apar->extradata[i]);
      config += hex;
    }
    out.audio_fmtp = "streamtype=5;profile-level-id=2;mode=AAC-hbr;config=" + config +
                     ";sizelength=13;indexlength=3;indexdeltalength=3";
  }
  std::uint16_t video_sequence = 1000, audio_sequence = 2000;
  AVPacket* packet = av_packet_alloc();
  while (av_read_frame(format, packet) >= 0) {
    auto* stream = format->streams[packet->stream_index];
    RtpFrame frame;
    frame.time_us = av_rescale_q(packet->pts, stream->time_base, AVRational{1, 1'000'000});
    if (packet->stream_index == video) {
      frame.keyframe = packet->flags & AV_PKT_FLAG_KEY;
      frame.data.assign(packet->data, packet->data + packet->size);
      auto timestamp =
          static_cast<std::uint32_t>(0x10000000 + av_rescale_q(packet->pts, stream->time_base, {1, 90000}));
      auto nals = split_length_prefixed(frame.data);
      for (std::size_t n = 0; n < nals.size(); ++n) {
        auto nal = nals[n];
        bool last_nal = n + 1 == nals.size();
        if (nal.size() <= max_payload) {
          auto rtp = rtp_packet(96, last_nal, video_sequence++, timestamp, 0xabcdef01);
          rtp.insert(rtp.end(), nal.begin(), nal.end());
          frame.packets.push_back(std::move(rtp));
          continue;
        }
        std::size_t header_size = h264 ? 1 : 2;
        for (std::size_t at = header_size; at < nal.size();) {
          auto size = std::min(max_payload - header_size - 1, nal.size() - at);
          bool start = at == header_size, end = at + size == nal.size();
          auto rtp = rtp_packet(96, last_nal && end, video_sequence++, timestamp, 0xabcdef01);
          if (h264) {
            rtp.push_back(static_cast<std::uint8_t>((nal[0] & 0xe0) | 28));
            rtp.push_back(static_cast<std::uint8_t>((start ? 0x80 : 0) | (end ? 0x40 : 0) | (nal[0] & 0x1f)));
          } else {
            rtp.push_back(static_cast<std::uint8_t>((nal[0] & 0x81) | (49 << 1)));
            rtp.push_back(nal[1]);
            rtp.push_back(static_cast<std::uint8_t>((start ? 0x80 : 0) | (end ? 0x40 : 0) | ((nal[0] >> 1) & 0x3f)));
          }
          rtp.insert(rtp.end(), nal.begin() + static_cast<long>(at), nal.begin() + static_cast<long>(at + size));
          frame.packets.push_back(std::move(rtp));
          at += size;
        }
      }
    } else if (packet->stream_index == audio) {
      frame.audio = true;
      frame.data.assign(packet->data, packet->data + packet->size);
      auto timestamp =
          static_cast<std::uint32_t>(0x20000000 + av_rescale_q(packet->pts, stream->time_base, {1, out.audio_rate}));
      auto rtp = rtp_packet(97, true, audio_sequence++, timestamp, 0xabcdef02);
      auto size = static_cast<std::uint16_t>(packet->size << 3);
      rtp.insert(rtp.end(), {0x00, 0x10, static_cast<std::uint8_t>(size >> 8), static_cast<std::uint8_t>(size)});
      rtp.insert(rtp.end(), packet->data, packet->data + packet->size);
      frame.packets.push_back(std::move(rtp));
    } else {
      av_packet_unref(packet);
      continue;
    }
    out.frames.push_back(std::move(frame));
    av_packet_unref(packet);
  }
  av_packet_free(&packet);
  // A loop's length: the video's last presentation time plus one frame interval.
  std::int64_t first_us = INT64_MAX, last_us = INT64_MIN;
  for (const auto& frame : out.frames) {
    if (!frame.audio) {
      first_us = std::min(first_us, frame.time_us);
      last_us = std::max(last_us, frame.time_us);
    }
  }
  auto rate = av_q2d(format->streams[video]->avg_frame_rate);
  if (last_us >= first_us)
    out.duration_us = last_us - first_us + (rate > 0 ? static_cast<std::int64_t>(1'000'000 / rate) : 40'000);
  avformat_close_input(&format);
  return out;
}

void send_footage(RtspTestServer::Connection& connection, const RtpFootage& footage, double speed,
                  std::size_t max_frames, int loops) {
  auto start = std::chrono::steady_clock::now();
  auto first_us = footage.frames.empty() ? 0 : footage.frames.front().time_us;
  std::size_t sent = 0;
  std::uint16_t video_packets = 0, audio_packets = 0;
  for (const auto& frame : footage.frames)
    (frame.audio ? audio_packets : video_packets) += static_cast<std::uint16_t>(frame.packets.size());
  for (int loop = 0; loop < loops; ++loop) {
    auto offset_us = loop * footage.duration_us;
    for (const auto& frame : footage.frames) {
      if (sent++ >= max_frames || connection.stopping() || !connection.service())
        return;
      if (speed > 0) {
        auto due = start +
                   std::chrono::microseconds(static_cast<std::int64_t>((frame.time_us + offset_us - first_us) / speed));
        std::this_thread::sleep_until(due);
      }
      auto sequence_step = static_cast<std::uint16_t>(loop * (frame.audio ? audio_packets : video_packets));
      auto rate = frame.audio ? footage.audio_rate : 90000;
      auto timestamp_step = static_cast<std::uint32_t>(offset_us * rate / 1'000'000);
      for (auto packet : frame.packets) {
        auto sequence = static_cast<std::uint16_t>(((packet[2] << 8) | packet[3]) + sequence_step);
        auto timestamp = ((std::uint32_t{packet[4]} << 24) | (std::uint32_t{packet[5]} << 16) |
                          (std::uint32_t{packet[6]} << 8) | packet[7]) +
                         timestamp_step;
        packet[2] = static_cast<std::uint8_t>(sequence >> 8);
        packet[3] = static_cast<std::uint8_t>(sequence);
        for (int i = 0; i < 4; ++i)
          packet[4 + i] = static_cast<std::uint8_t>(timestamp >> (24 - 8 * i));
        connection.send_frame(frame.audio ? 2 : 0, packet);
      }
    }
  }
}

} // namespace argus::testing
