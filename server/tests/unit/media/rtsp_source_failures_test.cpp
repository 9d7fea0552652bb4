// RtspSource against hostile and broken loopback servers (garbage, huge headers, oversized bodies, stalled frames,
// endless 401, no video): each must end with the right OfflineReason, promptly.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "media/rtsp/rtsp_source.hpp"
#include "media_test_support.hpp"
#include "rtsp_source_test_support.hpp"
#include "support/rtsp_test_server.hpp"

namespace argus::media::rtsp {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using argus::testing::CameraScript;
using argus::testing::RtspTestServer;
using test::failure_of;
using test::quick_options;
using test::video_sdp;

// --- Hostile and broken servers ------------------------------------------------------------------------------------

TEST(RtspSourceFailures, ConnectionRefusedAndNoAnswer) {
  int port;
  {
    RtspTestServer probe([](RtspTestServer::Connection&) {});
    port = probe.port();
  }
  auto [refused, refused_s] = failure_of("rtsp://127.0.0.1:" + std::to_string(port) + "/x");
  EXPECT_EQ(refused, OfflineReason::connection_refused);
  EXPECT_LT(refused_s, 1.0);
  RtspTestServer silent([](RtspTestServer::Connection& c) {
    while (!c.stopping() && !c.closed())
      c.next_request(100ms); // reads, never answers
  });
  auto [silence, silence_s] = failure_of(silent.url());
  EXPECT_EQ(silence, OfflineReason::unreachable);
  EXPECT_GE(silence_s, 1.9);
  EXPECT_LT(silence_s, 3.0);
  EXPECT_EQ(failure_of("rtsp://host.invalid/x").first, OfflineReason::unreachable);
  EXPECT_EQ(failure_of("http://127.0.0.1/x").first, OfflineReason::stream_error);
}

TEST(RtspSourceFailures, GarbageInsteadOfRtspIsUnsupportedVideo) {
  RtspTestServer garbage([](RtspTestServer::Connection& c) {
    std::string noise;
    for (int i = 0; i < 4096; ++i)
      noise.push_back(static_cast<char>((i * 7919 + 13) % 251 + 1));
    noise[0] = 'G';
    while (!c.stopping() && !c.closed()) {
      c.send(noise);
      std::this_thread::sleep_for(50ms);
    }
  });
  auto [reason, seconds] = failure_of(garbage.url());
  EXPECT_EQ(reason, OfflineReason::unsupported_video);
  EXPECT_LT(seconds, 1.0);
  RtspTestServer http([](RtspTestServer::Connection& c) {
    if (c.next_request())
      c.send("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
    c.next_request(1s);
  });
  EXPECT_EQ(failure_of(http.url()).first, OfflineReason::unsupported_video);
}

TEST(RtspSourceFailures, HugeHeadersAndOversizedBodiesAreStreamErrors) {
  RtspTestServer huge([](RtspTestServer::Connection& c) {
    if (!c.next_request())
      return;
    c.send("RTSP/1.0 200 OK\r\nCSeq: 1\r\n");
    for (int i = 0; i < 2000 && !c.closed(); ++i)
      c.send("X-Filler-" + std::to_string(i) + ": " + std::string(100, 'x') + "\r\n");
    c.next_request(1s);
  });
  auto [reason, seconds] = failure_of(huge.url());
  EXPECT_EQ(reason, OfflineReason::stream_error);
  EXPECT_LT(seconds, 1.5);
  RtspTestServer big_body([](RtspTestServer::Connection& c) {
    while (auto request = c.next_request()) {
      if (request->method == "OPTIONS") {
        c.respond(*request, 200);
        continue;
      }
      c.send("RTSP/1.0 200 OK\r\nCSeq: " + request->header("cseq") + "\r\nContent-Length: 100000000\r\n\r\nv=0\r\n");
    }
  });
  auto [body_reason, body_seconds] = failure_of(big_body.url());
  EXPECT_EQ(body_reason, OfflineReason::stream_error);
  EXPECT_LT(body_seconds, 1.5);
}

TEST(RtspSourceFailures, EndlessUnauthorizedIsAuthenticationFailed) {
  RtspTestServer locked([](RtspTestServer::Connection& c) {
    while (auto request = c.next_request())
      c.respond(*request, 401,
                {{"WWW-Authenticate", "Basic realm=\"x\""}, {"WWW-Authenticate", "Digest realm=\"x\", nonce=\"n\""}});
  });
  auto [with_credentials, seconds] = failure_of(locked.url("/x", "admin:wrong"));
  EXPECT_EQ(with_credentials, OfflineReason::authentication_failed);
  EXPECT_LT(seconds, 1.0);
  EXPECT_EQ(failure_of(locked.url("/x")).first, OfflineReason::authentication_failed);
  RtspTestServer forbidden([](RtspTestServer::Connection& c) {
    while (auto request = c.next_request())
      c.respond(*request, 403);
  });
  EXPECT_EQ(failure_of(forbidden.url("/x", "a:b")).first, OfflineReason::authentication_failed);
}

TEST(RtspSourceFailures, DescriptionsWithoutSupportedVideoAreUnsupportedVideo) {
  for (const char* media : {"m=audio 0 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\na=control:track1\r\n",
                            "m=video 0 RTP/AVP 26\r\na=rtpmap:26 JPEG/90000\r\na=control:track1\r\n", ""}) {
    CameraScript script;
    script.sdp_media = media;
    RtspTestServer server([&](RtspTestServer::Connection& c) { argus::testing::serve_camera(c, script); });
    auto [reason, seconds] = failure_of(server.url());
    EXPECT_EQ(reason, OfflineReason::unsupported_video) << media;
    EXPECT_LT(seconds, 1.0) << media;
    auto methods = server.methods();
    EXPECT_EQ(std::count(methods.begin(), methods.end(), "SETUP"), 0) << media;
  }
}

TEST(RtspSourceFailures, NotFoundAndClosedConnectionsAreStreamErrors) {
  RtspTestServer not_found([](RtspTestServer::Connection& c) {
    while (auto request = c.next_request())
      c.respond(*request, request->method == "OPTIONS" ? 200 : 404);
  });
  EXPECT_EQ(failure_of(not_found.url()).first, OfflineReason::stream_error);
  RtspTestServer closing([](RtspTestServer::Connection& c) {
    if (auto request = c.next_request())
      c.respond(*request, 200);
  });
  EXPECT_EQ(failure_of(closing.url()).first, OfflineReason::stream_error);
}

TEST(RtspSourceFailures, AFrameThatNeverCompletesIsNoVideo) {
  auto footage = argus::testing::packetize(media::testing::clip("h264", "mp4", 4));
  if (footage.frames.empty())
    GTEST_SKIP();
  CameraScript script;
  script.sdp_media = video_sdp(footage);
  script.stream = [&](RtspTestServer::Connection& c) {
    argus::testing::send_footage(c, footage, 0, 3);
    c.send(std::string("$\x00\xff\xff", 4) + std::string(100, 'x')); // announces 65535 bytes, sends 100, stalls
  };
  RtspTestServer server([&](RtspTestServer::Connection& c) { argus::testing::serve_camera(c, script); });
  auto [reason, seconds] = failure_of(server.url(), quick_options(), 10);
  EXPECT_EQ(reason, OfflineReason::no_video);
  EXPECT_LT(seconds, 2.5); // read_timeout 1 s
  // Before the first keyframe: the open deadline.
  CameraScript nothing;
  nothing.sdp_media = video_sdp(footage);
  RtspTestServer idle([&](RtspTestServer::Connection& c) { argus::testing::serve_camera(c, nothing); });
  auto [idle_reason, idle_seconds] = failure_of(idle.url());
  EXPECT_EQ(idle_reason, OfflineReason::no_video);
  EXPECT_LT(idle_seconds, 3.0);
}

TEST(RtspSourceFailures, InterruptEndsABlockedOpenAndReadPromptly) {
  RtspTestServer silent([](RtspTestServer::Connection& c) {
    while (!c.stopping() && !c.closed())
      c.next_request(100ms);
  });
  RtspOptions options;
  options.open_timeout = 30s;
  RtspSource source(silent.url(), options);
  auto start = Clock::now();
  std::thread stopper([&] {
    std::this_thread::sleep_for(200ms);
    source.interrupt();
  });
  EXPECT_THROW(source.open(), SourceFailure);
  stopper.join();
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 1.0);
}

} // namespace
} // namespace argus::media::rtsp
