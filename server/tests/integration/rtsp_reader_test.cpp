// Which RTSP reader records a camera, against a real argusd: camsim's H.264 cameras (and their AAC audio) go through
// argusd's own reader (media/rtsp/, the "RTSP reader:" log line), and a camera sending B-frames — served by the
// loopback RTSP server of support/rtsp_test_server.hpp from a clip made with x264 — is recorded through libavformat,
// which the selector remembers (one "recorded through libavformat" line), with a recording that plays back.
#include <filesystem>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "support/api_helpers.hpp"
#include "support/camera_helpers.hpp"
#include "support/camsim_suite.hpp"
#include "support/polling.hpp"
#include "support/recorded_media.hpp"
#include "support/rtsp_test_server.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++count;
  return count;
}

class RtspReaderTest : public CamsimSuite<RtspReaderTest> {
public:
  static void SetUpTestSuite() { start_camsim(1, true, 1); }
};

TEST_F(RtspReaderTest, CamsimCamerasAreRecordedThroughArgusOwnReader) {
  auto admin = signed_in(server(), k_admin);
  auto id = add_camera(admin, "Own reader", camsim().rtsp_url(0, "main"), camsim().rtsp_url(0, "sub"));
  ASSERT_GT(id, 0);
  ASSERT_TRUE(poll_until(15s, [&] { return status_of(admin, id) == "active"; })) << status_of(admin, id);
  std::string log;
  // Each stream logs its reader once connected; "active" may come from either of them first.
  EXPECT_TRUE(poll_until(10s, [&] {
    log = server().output();
    return log.find("/cam0/sub: RTSP reader: H.264 640x360, AAC 16000 Hz") != std::string::npos &&
           log.find("/cam0/main: RTSP reader: H.264 1280x720, AAC 16000 Hz") != std::string::npos;
  })) << log;
  EXPECT_EQ(log.find("recorded through libavformat"), std::string::npos) << log;
  EXPECT_EQ(log.find(k_camsim_password), std::string::npos) << "a camera password reached the log";
  // It records.
  auto t0 = now_utc_ms() - 60'000;
  EXPECT_TRUE(poll_until(10s, [&] { return !recorded_ranges(admin, id, t0).empty(); }));
}

// A 12 s 640x360 25 fps clip with 2 B-frames between references, from opencv-doc's vtest.avi; empty when ffmpeg or the
// source is missing.
fs::path b_frame_clip(const fs::path& dir) {
  const fs::path source = "/usr/share/doc/opencv-doc/examples/data/vtest.avi";
  if (!fs::exists(source))
    return {};
  auto path = dir / "b-frames.mp4";
  auto command = "ffmpeg -nostdin -v error -y -i " + source.string() +
                 " -t 12 -vf scale=640:360,fps=25 -an -c:v libx264 -preset veryfast -bf 2 -g 50 -keyint_min 50 "
                 "-sc_threshold 0 -pix_fmt yuv420p " +
                 path.string();
  return std::system(command.c_str()) == 0 ? path : fs::path{};
}

TEST_F(RtspReaderTest, ABFrameCameraIsRecordedThroughLibavformat) {
  auto clip = b_frame_clip(server().data_dir().parent_path());
  if (clip.empty())
    GTEST_SKIP() << "no ffmpeg or opencv-doc footage";
  auto footage = packetize(clip);
  ASSERT_FALSE(footage.frames.empty());
  CameraScript script;
  script.sdp_media = "m=video 0 RTP/AVP 96\r\na=rtpmap:96 H264/90000\r\na=fmtp:96 " + footage.video_fmtp +
                     "\r\na=control:trackID=1\r\n";
  script.stream = [&](RtspTestServer::Connection& c) { send_footage(c, footage, 1.0, SIZE_MAX, 10); };
  RtspTestServer camera([&](RtspTestServer::Connection& c) { serve_camera(c, script); });

  auto admin = signed_in(server(), k_admin);
  auto t0 = now_utc_ms();
  auto id = add_camera(admin, "B-frames", camera.url("/bframes"));
  ASSERT_GT(id, 0);
  ASSERT_TRUE(poll_until(20s, [&] { return status_of(admin, id) == "active"; })) << status_of(admin, id);
  auto log = server().output();
  EXPECT_EQ(count_of(log, "/bframes: recorded through libavformat from now on"), 1u) << log;
  EXPECT_EQ(log.find("/bframes: RTSP reader:"), std::string::npos) << log;
  nlohmann::json ranges;
  ASSERT_TRUE(poll_until(20s, [&] {
    ranges = recorded_ranges(admin, id, t0);
    return !ranges.empty() && ranges.back()[1].get<std::int64_t>() - ranges.front()[0].get<std::int64_t>() >= 4000;
  })) << ranges.dump();
  auto decoded = decode_history(admin, id, ranges.front()[0].get<std::int64_t>(), ranges.back()[1].get<std::int64_t>(),
                                server().data_dir().parent_path() / "b-frames-history.mp4");
  EXPECT_EQ(decoded.error, "");
  EXPECT_EQ(decoded.errors, 0);
  EXPECT_GE(decoded.frames, 50);
  EXPECT_EQ(decoded.width, 640);
}

} // namespace
} // namespace argus::testing
