// camsim --fisheye-cameras end to end: prepare-footage.sh makes the fisheye clips (v360 flat -> fisheye) of a 3 s
// source, and a fisheye camera serves them as square streams (1024x1024 main, 512x512 sub) beside an ordinary 16:9
// camera; the picture is a circle on black. Read over RTSP/TCP with libavformat like the ingest does.
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/camsim_launcher.hpp"
#include "support/http_client.hpp"
#include "support/rtsp_stream_probe.hpp"

namespace {
namespace fs = std::filesystem;
using argus::demo::CamsimLauncher;
using argus::demo::CamsimOptions;

// The luma of a clip's first frame at (x, y), through the ffmpeg CLI (the script's own tool); -1 on failure.
int first_frame_luma(const fs::path& clip, int width, int x, int y) {
  std::string command = "ffmpeg -v error -i '" + clip.string() + "' -frames:v 1 -f rawvideo -pix_fmt gray -";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe)
    return -1;
  std::string pixels;
  std::array<char, 65536> buffer{};
  for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
    pixels.append(buffer.data(), n);
  ::pclose(pipe);
  auto index = static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
  return index < pixels.size() ? static_cast<unsigned char>(pixels[index]) : -1;
}

class CamsimFisheyeTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "argus-camsim-fisheye-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    std::string command = "FOOTAGE_SECONDS=3 H265_CLIPS=0 FISHEYE_CLIPS=1 "
                          "FOOTAGE_SOURCES=/usr/share/doc/opencv-doc/examples/data/vtest.avi '" +
                          std::string(ARGUS_SOURCE_DIR) + "/scripts/prepare-footage.sh' '" + temp_dir_.string() +
                          "' >/dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    CamsimOptions options;
    options.cameras = 2;
    options.footage_dir = temp_dir_;
    options.fisheye_cameras = {1};
    camsim_ = std::make_unique<CamsimLauncher>(options);
  }
  static void TearDownTestSuite() {
    camsim_.reset();
    std::error_code ec;
    fs::remove_all(temp_dir_, ec);
  }

  static inline fs::path temp_dir_;
  static inline std::unique_ptr<CamsimLauncher> camsim_;
};

TEST_F(CamsimFisheyeTest, PrepareFootageWritesSquareCircularFisheyeClips) {
  auto main = temp_dir_ / "fisheye" / "01-vtest_main.mp4";
  auto sub = temp_dir_ / "fisheye" / "01-vtest_sub.mp4";
  ASSERT_TRUE(fs::exists(main));
  ASSERT_TRUE(fs::exists(sub));
  // Black outside the circle (a corner), picture inside (the centre).
  EXPECT_LE(first_frame_luma(main, 1024, 4, 4), 20);
  EXPECT_LE(first_frame_luma(sub, 512, 507, 507), 20);
  EXPECT_GT(first_frame_luma(main, 1024, 512, 512), 20);
}

TEST_F(CamsimFisheyeTest, FisheyeCameraStreamsAreSquareBesideAnOrdinaryCamera) {
  ASSERT_TRUE(camsim_);
  auto fisheye_main = argus::testing::probe_rtsp_stream(camsim_->rtsp_url(1, "main"));
  auto fisheye_sub = argus::testing::probe_rtsp_stream(camsim_->rtsp_url(1, "sub"));
  auto ordinary = argus::testing::probe_rtsp_stream(camsim_->rtsp_url(0, "main"));
  ASSERT_EQ(fisheye_main.open_rc, 0);
  EXPECT_EQ(fisheye_main.width, 1024);
  EXPECT_EQ(fisheye_main.height, 1024);
  EXPECT_GE(fisheye_main.packets, 10); // 10 fps
  ASSERT_EQ(fisheye_sub.open_rc, 0);
  EXPECT_EQ(fisheye_sub.width, 512);
  EXPECT_EQ(fisheye_sub.height, 512);
  ASSERT_EQ(ordinary.open_rc, 0);
  EXPECT_EQ(ordinary.width, 1280);
  EXPECT_EQ(ordinary.height, 720);

  const auto& url = camsim_->control_url();
  argus::testing::HttpClient control("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
  auto cameras = control.get("/n1/cameras");
  ASSERT_EQ(cameras.status, 200);
  EXPECT_EQ(cameras.json()[1]["main"]["width"], 1024);
  EXPECT_EQ(cameras.json()[1]["sub"]["height"], 512);
  EXPECT_EQ(cameras.json()[0]["main"]["width"], 1280);
}

TEST(CamsimFisheyeFootage, NeedsAMainClipInTheFisheyeDirectory) {
  std::string pattern = (fs::temp_directory_path() / "argus-camsim-nofisheye-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  fs::path dir = pattern;
  EXPECT_FALSE(CamsimLauncher::has_fisheye_footage(dir));
  fs::create_directories(dir / "fisheye");
  EXPECT_FALSE(CamsimLauncher::has_fisheye_footage(dir));
  std::FILE* file = std::fopen((dir / "fisheye" / "01-x_main.mp4").c_str(), "w");
  ASSERT_NE(file, nullptr);
  std::fclose(file);
  EXPECT_TRUE(CamsimLauncher::has_fisheye_footage(dir));
  std::error_code ec;
  fs::remove_all(dir, ec);
}

} // namespace
