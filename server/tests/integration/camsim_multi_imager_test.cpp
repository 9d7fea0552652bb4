// camsim --multi-imager-cameras end to end: a multi-imager camera (an MV93) serves its imagers 1..3 at
// /cam{i}/imager{k}/main|sub beside its own streams, each imager showing another clip; the imagers are dropped and
// restored with their camera; bad indices exit with code 2. Read over RTSP/TCP with libavformat like the ingest does.
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "demo/camsim_launcher.hpp"
#include "support/http_client.hpp"
#include "support/rtsp_stream_probe.hpp"

namespace {
namespace fs = std::filesystem;
using argus::demo::CamsimLauncher;
using argus::demo::CamsimOptions;
using argus::testing::probe_rtsp_stream;

class CamsimMultiImagerTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    auto footage = CamsimLauncher::find_footage_dir(CamsimLauncher::executable_dir());
    if (!footage)
      return;
    footage_dir_ = *footage;
    CamsimOptions options;
    options.cameras = 2;
    options.footage_dir = footage_dir_;
    options.multi_imager_cameras = {1};
    camsim_ = std::make_unique<CamsimLauncher>(options);
  }
  static void TearDownTestSuite() { camsim_.reset(); }
  void SetUp() override {
    if (!camsim_)
      GTEST_SKIP() << "no prepared footage next to the build (the `footage` build target makes it)";
  }

  static argus::testing::HttpClient control() {
    const auto& url = camsim_->control_url(); // "http://127.0.0.1:PORT/n1"
    return argus::testing::HttpClient("127.0.0.1",
                                      static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
  }

  static inline fs::path footage_dir_;
  static inline std::unique_ptr<CamsimLauncher> camsim_;
};

TEST_F(CamsimMultiImagerTest, EveryImagerServesItsOwnMainAndSubStream) {
  for (int imager = 1; imager <= 3; ++imager) {
    auto main = probe_rtsp_stream(camsim_->imager_rtsp_url(1, imager, "main"));
    auto sub = probe_rtsp_stream(camsim_->imager_rtsp_url(1, imager, "sub"));
    ASSERT_EQ(main.open_rc, 0) << "imager " << imager;
    EXPECT_EQ(main.width, 1280);
    EXPECT_GE(main.packets, 10);
    ASSERT_EQ(sub.open_rc, 0) << "imager " << imager;
    EXPECT_EQ(sub.width, 640);
  }
  EXPECT_EQ(camsim_->imager_rtsp_url(1, 0, "sub"), camsim_->rtsp_url(1, "sub")) << "imager 0 is the camera's own";
  EXPECT_NE(probe_rtsp_stream(camsim_->imager_rtsp_url(0, 1, "main")).open_rc, 0) << "camera 0 has one imager";
  EXPECT_NE(probe_rtsp_stream(camsim_->imager_rtsp_url(1, 4, "main")).open_rc, 0) << "no fifth imager";

  auto cameras = control().get("/n1/cameras");
  ASSERT_EQ(cameras.status, 200);
  auto listed = cameras.json();
  EXPECT_FALSE(listed[0].contains("imager_streams"));
  const auto& imagers = listed[1]["imager_streams"];
  ASSERT_EQ(imagers.size(), 6u) << listed.dump();
  EXPECT_EQ(imagers[0]["url"], camsim_->rtsp_base_url() + "/cam1/imager1/main");
  EXPECT_EQ(imagers[5]["url"], camsim_->rtsp_base_url() + "/cam1/imager3/sub");
  std::set<std::string> clips{listed[1]["main"]["clip"].get<std::string>()};
  for (const auto& stream : imagers)
    clips.insert(stream["clip"].get<std::string>());
  EXPECT_GE(clips.size(), 2u) << "the imagers look at other scenes than the camera's own stream";
}

TEST_F(CamsimMultiImagerTest, DroppingTheCameraDropsItsImagersUntilRestored) {
  auto client = control();
  ASSERT_EQ(client.request("POST", "/n1/cameras/1/drop", "", {}).status, 200);
  EXPECT_NE(probe_rtsp_stream(camsim_->imager_rtsp_url(1, 2, "sub")).open_rc, 0);
  EXPECT_EQ(probe_rtsp_stream(camsim_->rtsp_url(0, "sub")).open_rc, 0) << "the other camera keeps streaming";
  ASSERT_EQ(client.request("POST", "/n1/cameras/1/restore", "", {}).status, 200);
  auto restored = probe_rtsp_stream(camsim_->imager_rtsp_url(1, 2, "sub"));
  EXPECT_EQ(restored.open_rc, 0);
  EXPECT_GE(restored.packets, 5);
}

TEST_F(CamsimMultiImagerTest, RefusesIndicesItCannotServe) {
  for (const char* value : {"2", "x", "-1"}) {
    CamsimOptions options;
    options.cameras = 2;
    options.footage_dir = footage_dir_;
    options.extra_args = {"--multi-imager-cameras", value};
    try {
      CamsimLauncher camsim(options);
      ADD_FAILURE() << "camsim started with --multi-imager-cameras " << value;
    } catch (const argus::Error& error) {
      EXPECT_NE(std::string(error.what()).find("exit code 2"), std::string::npos) << value << ": " << error.what();
    }
  }
}

} // namespace
