// RtspSource against loopback servers: footage packetized as a camera sends it (H.264, H.265, AAC), cameras that
// need credentials, redirect, keep-alive and RTCP. Hostile servers: rtsp_source_failures_test.cpp.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "media/bitstream.hpp"
#include "media/rtsp/rtsp_authenticator.hpp"
#include "media/rtsp/rtsp_source.hpp"
#include "media/rtsp/rtsp_unsupported_stream.hpp"
#include "media_test_support.hpp"
#include "rtsp_source_test_support.hpp"
#include "support/rtsp_test_server.hpp"

namespace argus::media::rtsp {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using argus::testing::CameraScript;
using argus::testing::RtpFootage;
using argus::testing::RtspTestServer;
using test::failure_of;
using test::quick_options;
using test::video_sdp;

// A camera that plays `footage` once per connection (speed × real time, 0: as fast as it can; at most `frames`).
CameraScript playing(const RtpFootage& footage, double speed = 0, std::size_t frames = SIZE_MAX) {
  CameraScript script;
  script.sdp_media = video_sdp(footage);
  script.stream = [&footage, speed, frames](RtspTestServer::Connection& c) {
    argus::testing::send_footage(c, footage, speed, frames);
  };
  return script;
}

// A loopback server serving `script` on every connection.
std::unique_ptr<RtspTestServer> camera(CameraScript script) {
  return std::make_unique<RtspTestServer>(
      [script = std::move(script)](RtspTestServer::Connection& c) { argus::testing::serve_camera(c, script); });
}

// Opens and reads until the server's footage ends (or `limit` packets).
std::vector<EncodedPacket> read_all(RtspSource& source, std::size_t limit = SIZE_MAX) {
  std::vector<EncodedPacket> packets;
  try {
    while (packets.size() < limit) {
      auto packet = source.read();
      if (!packet)
        break;
      packets.push_back(std::move(*packet));
    }
  } catch (const RtspUnsupportedStream&) {
    throw;
  } catch (const SourceFailure&) {
    // the footage ended: no video for read_timeout
  }
  return packets;
}

class RtspSourceFootage : public ::testing::Test {
protected:
  static RtpFootage footage(const std::string& codec, int b_frames = 0) {
    auto path = media::testing::clip(codec, "mp4", 4, b_frames);
    return path.empty() ? RtpFootage{} : argus::testing::packetize(path);
  }
};

TEST_F(RtspSourceFootage, H264FramesComeOutAsTheFileHasThem) {
  auto footage = this->footage("h264");
  if (footage.frames.empty())
    GTEST_SKIP() << "no ffmpeg or footage";
  auto server = camera(playing(footage));
  RtspSource source(server->url(), quick_options());
  source.open();
  EXPECT_EQ(source.info().codec, VideoCodec::h264);
  EXPECT_EQ(source.info().width, footage.width);
  EXPECT_EQ(source.info().height, footage.height);
  EXPECT_EQ(source.info().extradata, avcc_from_annex_b([&] {
              std::vector<std::uint8_t> annex_b;
              for (auto nal : parameter_sets_in_config(VideoCodec::h264, footage.config)) {
                annex_b.insert(annex_b.end(), {0, 0, 0, 1});
                annex_b.insert(annex_b.end(), nal.begin(), nal.end());
              }
              return annex_b;
            }()));
  EXPECT_FALSE(source.info().audio);
  auto packets = read_all(source);
  ASSERT_EQ(packets.size(), footage.frames.size());
  for (std::size_t i = 0; i < packets.size(); ++i) {
    EXPECT_EQ(packets[i].data, footage.frames[i].data) << i;
    EXPECT_EQ(packets[i].keyframe, footage.frames[i].keyframe) << i;
    EXPECT_EQ(packets[i].pts_90k, packets[i].dts_90k);
    if (i > 0) {
      EXPECT_GT(packets[i].dts_90k, packets[i - 1].dts_90k) << i;
    }
  }
  EXPECT_TRUE(packets.front().keyframe);
  auto counters = source.counters();
  EXPECT_EQ(counters.access_units, footage.frames.size());
  EXPECT_EQ(counters.dropped_access_units, 0u);
  // Buffered reads: far fewer recv calls than RTP packets.
  EXPECT_LT(counters.receive_calls, counters.rtp_packets / 2)
      << counters.receive_calls << " / " << counters.rtp_packets;
}

TEST_F(RtspSourceFootage, H265FramesComeOutAsTheFileHasThem) {
  auto footage = this->footage("h265");
  if (footage.frames.empty())
    GTEST_SKIP() << "no ffmpeg/libx265 or footage";
  auto server = camera(playing(footage));
  RtspSource source(server->url(), quick_options());
  source.open();
  EXPECT_EQ(source.info().codec, VideoCodec::h265);
  EXPECT_EQ(source.info().width, footage.width);
  ASSERT_FALSE(source.info().extradata.empty());
  EXPECT_EQ(source.info().extradata[0], 1); // hvcC
  auto packets = read_all(source);
  ASSERT_EQ(packets.size(), footage.frames.size());
  for (std::size_t i = 0; i < packets.size(); ++i)
    EXPECT_EQ(packets[i].data, footage.frames[i].data) << i;
}

TEST_F(RtspSourceFootage, WithoutParameterSetsInTheSdpTheyComeFromTheFirstKeyframe) {
  auto footage = this->footage("h264");
  if (footage.frames.empty())
    GTEST_SKIP();
  // x264's mp4 keeps SPS/PPS out of band: put them in band as a camera would (before the keyframe).
  auto sets = parameter_sets_in_config(VideoCodec::h264, footage.config);
  std::vector<std::uint8_t> in_band;
  for (auto nal : sets) {
    auto n = static_cast<std::uint32_t>(nal.size());
    in_band.insert(in_band.end(), {0, 0, static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n)});
    in_band.insert(in_band.end(), nal.begin(), nal.end());
  }
  auto& first = footage.frames.front();
  std::vector<std::vector<std::uint8_t>> packets;
  std::uint16_t sequence = 500;
  for (auto nal : sets) {
    std::vector<std::uint8_t> rtp(first.packets.front().begin(), first.packets.front().begin() + 12);
    rtp[1] &= 0x7f;
    rtp.insert(rtp.end(), nal.begin(), nal.end());
    packets.push_back(rtp);
  }
  for (auto& p : packets) {
    p[2] = static_cast<std::uint8_t>(sequence >> 8);
    p[3] = static_cast<std::uint8_t>(sequence++);
  }
  // Renumber the frames' packets after the inserted ones.
  for (auto& frame : footage.frames) {
    for (auto& p : frame.packets) {
      p[2] = static_cast<std::uint8_t>(sequence >> 8);
      p[3] = static_cast<std::uint8_t>(sequence++);
    }
  }
  first.packets.insert(first.packets.begin(), packets.begin(), packets.end());
  first.data.insert(first.data.begin(), in_band.begin(), in_band.end());
  CameraScript script;
  script.sdp_media = "m=video 0 RTP/AVP 96\r\na=rtpmap:96 H264/90000\r\na=fmtp:96 packetization-mode=1\r\n"
                     "a=control:trackID=1\r\n";
  script.stream = [&](RtspTestServer::Connection& c) { argus::testing::send_footage(c, footage, 0, 10); };
  RtspTestServer server([&](RtspTestServer::Connection& c) { argus::testing::serve_camera(c, script); });
  RtspSource source(server.url(), quick_options());
  source.open();
  EXPECT_EQ(source.info().width, footage.width);
  EXPECT_EQ(source.info().height, footage.height);
  EXPECT_EQ(parameter_sets_in_config(VideoCodec::h264, source.info().extradata).size(), 2u);
  auto delivered = read_all(source);
  ASSERT_FALSE(delivered.empty());
  EXPECT_EQ(delivered.front().data, first.data);
}

TEST_F(RtspSourceFootage, AacAudioFollowsTheVideoTimeline) {
  auto path = media::testing::clip_with_audio(4);
  if (path.empty())
    GTEST_SKIP();
  auto footage = argus::testing::packetize(path);
  ASSERT_FALSE(footage.audio_fmtp.empty());
  CameraScript script;
  script.sdp_media = video_sdp(footage);
  // Both tracks' RTP times at the start of the range (the footage's timestamps start at these offsets).
  script.play_headers = {{"RTP-Info", "url=trackID=1;seq=1000;rtptime=268435456,url=trackID=2;seq=2000;"
                                      "rtptime=536870912"}};
  script.stream = [&](RtspTestServer::Connection& c) { argus::testing::send_footage(c, footage, 4.0); };
  RtspTestServer server([&](RtspTestServer::Connection& c) { argus::testing::serve_camera(c, script); });
  RtspSource source(server.url(), quick_options());
  source.open();
  ASSERT_TRUE(source.info().audio);
  EXPECT_EQ(source.info().audio->sample_rate, 16000);
  EXPECT_EQ(source.info().audio->channels, 1);
  auto packets = read_all(source);
  std::size_t audio = 0;
  std::int64_t last_audio_end = 0;
  std::optional<std::int64_t> first_video_dts;
  for (const auto& packet : packets) {
    if (packet.track == MediaTrack::video) {
      if (!first_video_dts)
        first_video_dts = packet.dts_90k;
      continue;
    }
    ASSERT_TRUE(first_video_dts) << "audio before the first video packet";
    if (audio++ > 0) {
      EXPECT_EQ(packet.dts_90k, last_audio_end) << "gapless";
    }
    EXPECT_EQ(packet.duration_90k, 5760); // 1024 samples at 16 kHz
    last_audio_end = packet.dts_90k + packet.duration_90k;
  }
  // ~4 s of 16 kHz audio = 62 frames; some are sent before the first keyframe and dropped.
  EXPECT_GE(audio, 50u);
}

TEST_F(RtspSourceFootage, BFramesInTheSdpGoToTheFallback) {
  auto footage = this->footage("h264", 2);
  if (footage.frames.empty())
    GTEST_SKIP();
  auto server = camera(playing(footage));
  RtspSource source(server->url(), quick_options());
  EXPECT_THROW(source.open(), RtspUnsupportedStream);
}

TEST_F(RtspSourceFootage, ReorderedTimestampsAtRunTimeGoToTheFallback) {
  auto footage = this->footage("h264", 2);
  auto plain = this->footage("h264", 0);
  if (footage.frames.empty() || plain.frames.empty())
    GTEST_SKIP();
  // An SDP whose SPS says nothing against reordering (that of the clip without B-frames): only the timestamps tell.
  auto sdp_footage = footage;
  sdp_footage.video_fmtp = plain.video_fmtp;
  auto script = playing(footage);
  script.sdp_media = video_sdp(sdp_footage);
  auto server = camera(script);
  RtspSource source(server->url(), quick_options());
  source.open();
  EXPECT_THROW(read_all(source, 100), RtspUnsupportedStream);
}

TEST(RtspSource, BasicCredentialsFromTheUrlAndKeepAliveAndReceiverReports) {
  auto footage = argus::testing::packetize(media::testing::clip("h264", "mp4", 4));
  if (footage.frames.empty())
    GTEST_SKIP();
  CameraScript script;
  script.sdp_media = video_sdp(footage);
  script.basic_credentials = "us:er:p@ss w";
  script.session = "ABC;timeout=2"; // keep-alives every second
  script.stream = [&](RtspTestServer::Connection& c) { argus::testing::send_footage(c, footage, 1.0); };
  RtspTestServer server([&](RtspTestServer::Connection& c) { argus::testing::serve_camera(c, script); });
  auto options = quick_options();
  options.receiver_report_interval = 500ms;
  RtspSource source(server.url("/stream", "us%3Aer:p%40ss%20w"), options);
  source.open();
  auto start = Clock::now();
  while (Clock::now() - start < 2500ms)
    ASSERT_TRUE(source.read());
  auto methods = server.methods();
  EXPECT_GE(std::count(methods.begin(), methods.end(), "GET_PARAMETER"), 1) << "no keep-alive";
  EXPECT_GE(server.rtcp_frames(), 3) << "no receiver reports";
  auto keep_alive = server.last("GET_PARAMETER");
  ASSERT_TRUE(keep_alive);
  EXPECT_EQ(keep_alive->header("session"), "ABC");
  EXPECT_EQ(keep_alive->url.find('@'), std::string::npos) << "credentials in a request line";
}

TEST(RtspSource, DigestAuthentication) {
  auto footage = argus::testing::packetize(media::testing::clip("h264", "mp4", 4));
  if (footage.frames.empty())
    GTEST_SKIP();
  const std::string realm = "cam", nonce = "5f1a", user = "admin", password = "secret";
  RtspTestServer server([&](RtspTestServer::Connection& c) {
    CameraScript script;
    script.sdp_media = video_sdp(footage);
    script.stream = [&](RtspTestServer::Connection& s) { argus::testing::send_footage(s, footage, 0, 5); };
    // Refuses every request that does not carry a valid digest (qop=auth), then plays.
    while (auto request = c.next_request()) {
      auto authorization = request->header("authorization");
      auto field = [&](const std::string& name) {
        auto at = authorization.find(name + "=");
        if (at == std::string::npos)
          return std::string();
        at += name.size() + 1;
        bool quoted = authorization[at] == '"';
        auto end = authorization.find(quoted ? '"' : ',', at + quoted);
        return authorization.substr(at + quoted, end - at - quoted);
      };
      auto expected = digest_response(user, realm, password, request->method, field("uri"), nonce, "auth", field("nc"),
                                      field("cnonce"));
      if (authorization.rfind("Digest ", 0) != 0 || field("response") != expected || field("uri") != request->url) {
        c.respond(*request, 401, {{"WWW-Authenticate", "Digest realm=\"cam\", nonce=\"5f1a\", qop=\"auth\""}});
        continue;
      }
      if (request->method == "PLAY") {
        c.respond(*request, 200);
        script.stream(c);
        while (!c.stopping() && c.service())
          std::this_thread::sleep_for(10ms);
        return;
      }
      if (request->method == "DESCRIBE")
        c.respond(*request, 200, {{"Content-Base", request->url + "/"}}, "v=0\r\n" + script.sdp_media);
      else if (request->method == "SETUP")
        c.respond(*request, 200, {{"Session", "S1"}, {"Transport", request->header("transport")}});
      else
        c.respond(*request, 200);
    }
  });
  RtspSource source(server.url("/stream", user + ":" + password), quick_options());
  source.open();
  EXPECT_TRUE(source.read());
}

TEST(RtspSource, FollowsOneRedirect) {
  auto footage = argus::testing::packetize(media::testing::clip("h264", "mp4", 4));
  if (footage.frames.empty())
    GTEST_SKIP();
  CameraScript script;
  script.sdp_media = video_sdp(footage);
  script.basic_credentials = "u:p";
  script.stream = [&](RtspTestServer::Connection& c) { argus::testing::send_footage(c, footage, 0, 5); };
  RtspTestServer target([&](RtspTestServer::Connection& c) { argus::testing::serve_camera(c, script); });
  RtspTestServer redirecting([&](RtspTestServer::Connection& c) {
    while (auto request = c.next_request())
      c.respond(*request, request->method == "OPTIONS" ? 200 : 302, {{"Location", target.url("/moved")}});
  });
  RtspSource source(redirecting.url("/stream", "u:p"), quick_options());
  source.open();
  EXPECT_TRUE(source.read());
  EXPECT_EQ(target.last("DESCRIBE")->url, target.url("/moved"));
  // A second redirect is not followed.
  RtspTestServer loop([&](RtspTestServer::Connection& c) {
    while (auto request = c.next_request())
      c.respond(*request, 302, {{"Location", redirecting.url("/again")}});
  });
  EXPECT_EQ(failure_of(loop.url()).first, OfflineReason::stream_error);
}

} // namespace
} // namespace argus::media::rtsp
