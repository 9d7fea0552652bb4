// camsim's audio cameras (an AAC track beside the video) and the options it refuses (more audio cameras than cameras,
// H.265 cameras it cannot serve). Fixture: support/camsim_fixture.hpp.
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

TEST_F(CamsimTest, AudioCamerasSendAnAacTrackBesideTheirVideo) {
  ASSERT_TRUE(camsim_);
  CamsimOptions options;
  options.cameras = 2;
  options.footage_dir = temp_dir_;
  options.audio_cameras = 1;
  CamsimLauncher camsim(options);
  for (const std::string stream : {"main", "sub"}) {
    auto check = read_audio_and_video(camsim.rtsp_url(0, stream), 3'000ms);
    ASSERT_EQ(check.open_rc, 0) << stream;
    EXPECT_EQ(check.streams, 2) << stream;
    EXPECT_EQ(check.audio_codec, AV_CODEC_ID_AAC) << stream;
    EXPECT_EQ(check.sample_rate, 16000) << stream;
    EXPECT_EQ(check.channels, 1) << stream;
    EXPECT_GE(check.audio_config_bytes, 2) << stream; // the AudioSpecificConfig from the SDP's config=
    EXPECT_GE(check.audio_packets, 25) << stream;     // ~15.6 AAC frames a second
    EXPECT_GE(check.video_packets, 15) << stream;
  }
  auto silent = read_audio_and_video(camsim.rtsp_url(1, "main"), 1'000ms);
  ASSERT_EQ(silent.open_rc, 0);
  EXPECT_EQ(silent.streams, 1);
  EXPECT_EQ(silent.audio_packets, 0);

  auto url = camsim.control_url();
  argus::testing::HttpClient client("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
  auto cameras = client.get(control_path("/cameras"));
  ASSERT_EQ(cameras.status, 200);
  EXPECT_EQ(cameras.json()[0]["main"]["audio"], "aac");
  EXPECT_EQ(cameras.json()[0]["sub"]["audio"], "aac");
  EXPECT_TRUE(cameras.json()[1]["main"]["audio"].is_null());
}

TEST_F(CamsimTest, RefusesMoreAudioCamerasThanCameras) {
  ASSERT_TRUE(camsim_);
  for (const std::string value : {"3", "-1", "x"}) {
    CamsimOptions options;
    options.cameras = 2;
    options.footage_dir = temp_dir_;
    options.extra_args = {"--audio-cameras", value};
    try {
      CamsimLauncher camsim(options);
      ADD_FAILURE() << "camsim started with --audio-cameras " << value;
    } catch (const argus::Error& error) {
      EXPECT_NE(std::string(error.what()).find("exit code 2"), std::string::npos) << value << ": " << error.what();
    }
  }
}

TEST_F(CamsimTest, RefusesH265CamerasItCannotServe) {
  ASSERT_TRUE(camsim_);
  auto expect_exit_2 = [](const CamsimOptions& options, const std::string& why) {
    try {
      CamsimLauncher camsim(options);
      ADD_FAILURE() << "camsim started: " << why;
    } catch (const argus::Error& error) {
      EXPECT_NE(std::string(error.what()).find("exit code 2"), std::string::npos) << why << ": " << error.what();
    }
  };
  CamsimOptions beyond;
  beyond.cameras = 2;
  beyond.footage_dir = temp_dir_;
  beyond.extra_args = {"--h265-cameras", "2"};
  expect_exit_2(beyond, "camera 2 of 2");
  beyond.extra_args = {"--h265-cameras", "x"};
  expect_exit_2(beyond, "not a number");

  // H.264 clips only: no h265/ directory.
  auto h264_only = temp_dir_ / "h264-only";
  fs::create_directories(h264_only);
  for (const char* name : {"01-vtest_main.mp4", "01-vtest_sub.mp4"}) {
    if (!fs::exists(h264_only / name))
      fs::create_symlink(temp_dir_ / name, h264_only / name);
  }
  CamsimOptions missing;
  missing.cameras = 1;
  missing.footage_dir = h264_only;
  missing.extra_args = {"--h265-cameras", "0"};
  expect_exit_2(missing, "no H.265 footage");
}

} // namespace
} // namespace argus::testing
