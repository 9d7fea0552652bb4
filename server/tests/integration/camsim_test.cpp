// The camera simulator (tools/camsim) end to end: started through demo::CamsimLauncher on free ports with a 3 s clip
// (so that a few seconds of reading cross the loop point), read with libavformat over RTSP/TCP like the ingest does:
// main and sub streams, credentials, drop/hang/restore, resize, the control API, H.265 cameras, and the process
// itself (bad footage, SIGTERM). Audio cameras: camsim_audio_test.cpp.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavformat/avformat.h>
}

#include "common/error.hpp"
#include "demo/camsim_launcher.hpp"
#include "support/camsim_fixture.hpp"
#include "support/camsim_rtsp_reader.hpp"
#include "support/http_client.hpp"

namespace argus::testing {
namespace {
namespace fs = std::filesystem;
using argus::demo::CamsimLauncher;
using argus::demo::CamsimOptions;
using namespace std::chrono_literals;

TEST_F(CamsimTest, ServesMainAndSubWithContinuousTimestampsToSeveralClients) {
  ASSERT_TRUE(camsim_);
  StreamCheck main_a, main_b, sub;
  std::thread a([&] { main_a = read_stream(camsim_->rtsp_url(0, "main"), 4'000ms); });
  std::thread b([&] { main_b = read_stream(camsim_->rtsp_url(0, "main"), 4'000ms); });
  std::thread c([&] { sub = read_stream(camsim_->rtsp_url(0, "sub"), 4'000ms); });
  std::this_thread::sleep_for(2'500ms);
  auto cameras = control().get(control_path("/cameras"));
  a.join();
  b.join();
  c.join();

  expect_camera_stream(main_a, 1280, 720);
  expect_camera_stream(main_b, 1280, 720);
  expect_camera_stream(sub, 640, 360);
  ASSERT_EQ(cameras.status, 200);
  auto list = cameras.json();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["state"], "up");
  EXPECT_EQ(list[0]["main"]["clients"], 2);
  EXPECT_EQ(list[0]["sub"]["clients"], 1);
  EXPECT_EQ(list[0]["main"]["keyframe_interval_ms"], 2000);
  EXPECT_NE(list[0]["main"]["clip"], list[1]["main"]["clip"]); // cameras play different clips
}

TEST_F(CamsimTest, RefusesWrongOrMissingCredentials) {
  ASSERT_TRUE(camsim_);
  auto path = camsim_->rtsp_base_url().substr(std::string("rtsp://").size()) + "/cam0/main";
  RtspReader wrong;
  EXPECT_LT(wrong.open("rtsp://camera:wrong@" + path), 0);
  RtspReader anonymous;
  EXPECT_LT(anonymous.open("rtsp://" + path), 0);
}

TEST_F(CamsimTest, DroppedCameraDisconnectsAndRefusesUntilRestored) {
  ASSERT_TRUE(camsim_);
  auto client = control();
  RtspReader before;
  ASSERT_EQ(before.open(camsim_->rtsp_url(1, "sub")), 0);
  std::vector<CamsimPacket> packets;
  ASSERT_EQ(before.read_for(500ms, packets), 0);

  auto dropped = client.request("POST", control_path("/cameras/1/drop"));
  ASSERT_EQ(dropped.status, 200);
  EXPECT_EQ(dropped.json()["state"], "dropped");
  auto read_started = std::chrono::steady_clock::now();
  EXPECT_LT(before.read_for(10'000ms, packets), 0) << "the reader must see EOF or an error";
  EXPECT_LT(std::chrono::steady_clock::now() - read_started, 5s);
  RtspReader refused;
  EXPECT_LT(refused.open(camsim_->rtsp_url(1, "main")), 0);
  EXPECT_EQ(client.get(control_path("/cameras")).json()[1]["state"], "dropped");
  EXPECT_EQ(client.get(control_path("/cameras")).json()[0]["state"], "up"); // other cameras are unaffected

  ASSERT_EQ(client.request("POST", control_path("/cameras/1/restore")).status, 200);
  RtspReader after;
  ASSERT_EQ(after.open(camsim_->rtsp_url(1, "main")), 0);
  packets.clear();
  EXPECT_EQ(after.read_for(1'000ms, packets), 0);
  EXPECT_FALSE(packets.empty());
}

TEST_F(CamsimTest, HungCameraKeepsItsConnectionsButSendsNothingUntilRestored) {
  ASSERT_TRUE(camsim_);
  auto client = control();
  RtspReader reader;
  ASSERT_EQ(reader.open(camsim_->rtsp_url(0, "sub")), 0);
  std::vector<CamsimPacket> packets;
  ASSERT_EQ(reader.read_for(500ms, packets), 0);
  ASSERT_FALSE(packets.empty());

  auto hung = client.request("POST", control_path("/cameras/0/hang"));
  ASSERT_EQ(hung.status, 200);
  EXPECT_EQ(hung.json()["state"], "hung");
  EXPECT_EQ(client.request("POST", control_path("/cameras/0/hang")).json()["state"], "hung"); // idempotent
  packets.clear();
  EXPECT_EQ(reader.read_for(300ms, packets), 0); // what was in flight
  packets.clear();
  EXPECT_EQ(reader.read_for(2'000ms, packets), 0) << "the connection must stay open (no EOF, no error)";
  EXPECT_TRUE(packets.empty()) << packets.size() << " packets from a hung camera";
  auto cameras = client.get(control_path("/cameras")).json();
  EXPECT_EQ(cameras[0]["state"], "hung");
  EXPECT_EQ(cameras[0]["sub"]["clients"], 1) << "the hung camera keeps its client";
  EXPECT_EQ(cameras[1]["state"], "up");
  // A new client still gets through RTSP set-up (the camera's network stack answers) and waits for frames.
  RtspReader newcomer;
  int newcomer_rc = -1;
  std::thread opener([&] { newcomer_rc = newcomer.open(camsim_->rtsp_url(0, "main")); });
  std::this_thread::sleep_for(1'000ms);

  auto restored = client.request("POST", control_path("/cameras/0/restore"));
  ASSERT_EQ(restored.status, 200);
  EXPECT_EQ(restored.json()["state"], "up");
  opener.join();
  EXPECT_EQ(newcomer_rc, 0);
  packets.clear();
  EXPECT_EQ(reader.read_for(3'000ms, packets), 0);
  ASSERT_FALSE(packets.empty()) << "the same connection plays again after restore";
  for (std::size_t i = 1; i < packets.size(); ++i)
    EXPECT_GT(packets[i].pts_us, packets[i - 1].pts_us) << "PTS strictly increasing at packet " << i;
}

TEST_F(CamsimTest, ResizeChangesTheMainStreamsSizeAtAKeyframeOnTheSameConnectionAndBack) {
  ASSERT_TRUE(camsim_);
  auto client = control();
  // One uninterrupted read on one connection (an interrupted libavformat read may lose its place in the stream).
  StreamCheck stream;
  std::thread reader([&] { stream = read_stream(camsim_->rtsp_url(1, "main"), 7'500ms); });
  std::this_thread::sleep_for(3'500ms); // a keyframe of the main size comes first (2 s GOPs)
  auto resized = client.request("POST", control_path("/cameras/1/resize"));
  auto resized_at_us = std::chrono::duration_cast<std::chrono::microseconds>(
                           std::chrono::system_clock::now().time_since_epoch()).count();
  reader.join();
  auto back = client.request("POST", control_path("/cameras/1/resize"));

  ASSERT_EQ(resized.status, 200);
  EXPECT_EQ(resized.json()["main"]["width"], 640);
  EXPECT_EQ(resized.json()["main"]["height"], 360);
  EXPECT_EQ(resized.json()["sub"]["width"], 640); // the sub stream keeps its size
  EXPECT_EQ(back.json()["main"]["width"], 1280);  // a second resize goes back
  ASSERT_EQ(stream.open_rc, 0);
  EXPECT_EQ(stream.width, 1280);
  const auto& all = stream.packets;
  ASSERT_GE(all.size(), 40u) << "the connection went on through the change";
  for (std::size_t i = 1; i < all.size(); ++i) {
    auto step_us = all[i].pts_us - all[i - 1].pts_us;
    EXPECT_GT(step_us, 0) << "PTS strictly increasing at packet " << i;
    EXPECT_LT(step_us, 250'000) << "no jump at packet " << i;
  }
  auto first_small = std::find_if(all.begin(), all.end(), [](const CamsimPacket& p) { return p.sps_width == 640; });
  ASSERT_NE(first_small, all.end()) << "an in-band SPS of 640 wide after the resize (requested at " << resized_at_us
                                    << " us)";
  EXPECT_TRUE(std::any_of(all.begin(), first_small, [](const CamsimPacket& p) { return p.sps_width == 1280; }))
      << "in-band SPS of the main size before";
  EXPECT_TRUE(first_small->keyframe) << "the new size starts at a keyframe";
  EXPECT_EQ(first_small->sps_height, 360);
  EXPECT_TRUE(std::none_of(first_small, all.end(), [](const CamsimPacket& p) { return p.sps_width == 1280; }));
}

TEST_F(CamsimTest, ControlApiRejectsUnknownCameras) {
  ASSERT_TRUE(camsim_);
  auto client = control();
  EXPECT_EQ(client.request("POST", control_path("/cameras/2/drop")).status, 404);
  EXPECT_EQ(client.request("POST", control_path("/cameras/x/drop")).status, 404);
  EXPECT_EQ(client.request("POST", control_path("/cameras/2/hang")).status, 404);
  EXPECT_EQ(client.request("POST", control_path("/cameras/2/resize")).status, 404);
  EXPECT_EQ(client.get(control_path("/cameras/0/drop")).status, 405);
}

TEST_F(CamsimTest, ServesH265CamerasBesideH264Ones) {
  ASSERT_TRUE(camsim_);
  if (!fs::exists(temp_dir_ / "h265" / "01-vtest_main.mp4"))
    GTEST_SKIP() << "ffmpeg has no libx265: prepare-footage.sh made no H.265 clips";
  CamsimOptions options;
  options.cameras = 2;
  options.footage_dir = temp_dir_;
  options.extra_args = {"--h265-cameras", "1"};
  CamsimLauncher camsim(options);
  StreamCheck main, sub, h264;
  std::thread a([&] { main = read_stream(camsim.rtsp_url(1, "main"), 4'000ms); });
  std::thread b([&] { sub = read_stream(camsim.rtsp_url(1, "sub"), 4'000ms); });
  h264 = read_stream(camsim.rtsp_url(0, "main"), 4'000ms);
  a.join();
  b.join();
  expect_camera_stream(main, 1280, 720, AV_CODEC_ID_HEVC);
  expect_camera_stream(sub, 640, 360, AV_CODEC_ID_HEVC);
  expect_camera_stream(h264, 1280, 720);

  auto url = camsim.control_url();
  argus::testing::HttpClient client("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
  auto cameras = client.get(control_path("/cameras"));
  ASSERT_EQ(cameras.status, 200);
  EXPECT_EQ(cameras.json()[0]["main"]["codec"], "h264");
  EXPECT_EQ(cameras.json()[1]["main"]["codec"], "h265");
  EXPECT_EQ(cameras.json()[1]["sub"]["codec"], "h265");
}

TEST(Camsim, BadFootageDirectoryFailsWithExitCode2) {
  CamsimOptions options;
  options.footage_dir = "/nonexistent/footage";
  try {
    CamsimLauncher camsim(options);
    FAIL() << "camsim started without footage";
  } catch (const argus::Error& error) {
    EXPECT_EQ(error.kind(), argus::Error::Kind::unavailable);
    EXPECT_NE(std::string(error.what()).find("exit code 2"), std::string::npos) << error.what();
  }
}

TEST(Camsim, StopsCleanlyOnSigterm) {
  auto footage = CamsimLauncher::find_footage_dir(CamsimLauncher::executable_dir());
  if (!footage)
    GTEST_SKIP() << "no prepared footage next to the build (the `footage` build target makes it)";
  CamsimOptions options;
  options.cameras = 1;
  options.footage_dir = *footage;
  CamsimLauncher camsim(options);
  EXPECT_EQ(camsim.stop(), 0);
}

} // namespace
} // namespace argus::testing
