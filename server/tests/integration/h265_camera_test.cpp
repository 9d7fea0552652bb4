// H.265 cameras against a real argusd (--demo, for its accounts) and a camsim this test starts with one H.264 and one
// H.265 camera (`--h265-cameras 1`). Both are added through the admin API; the H.265 one records, its live segments
// decode as HEVC, snapshots work, and the camera JSON says `video_codec: "h265", browser_playable: false` so that the
// portal can tell the user instead of failing to play. Skipped when camsim or its H.265 footage is missing (`make
// build` makes both: build/footage/h265).
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/camsim_launcher.hpp"
#include "support/api_helpers.hpp"
#include "support/camera_helpers.hpp"
#include "support/media_decode.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};
const std::string k_cameras = "/n/101/manage/vision/cameras";
constexpr std::int64_t k_never_recorded_camera = 1005; // demo camera seeded offline, without a source

std::optional<fs::path> h265_footage_dir() {
  auto footage = demo::CamsimLauncher::find_footage_dir(fs::path(ARGUSD_PATH).parent_path());
  if (!footage || !fs::exists(*footage / "h265"))
    return std::nullopt;
  return footage;
}

class H265CameraTest : public ::testing::Test {
public:
  static void SetUpTestSuite() {
    auto footage = h265_footage_dir();
    auto binary = fs::path(ARGUSD_PATH).parent_path() / "camsim";
    if (!footage || !fs::exists(binary))
      return;
    demo::CamsimOptions options;
    options.cameras = 2;
    options.binary = binary;
    options.footage_dir = *footage;
    options.extra_args = {"--h265-cameras", "1"};
    camsim_ = std::make_unique<demo::CamsimLauncher>(options);
    server_ = std::make_unique<ArgusdProcess>();
  }
  static void TearDownTestSuite() {
    server_.reset();
    camsim_.reset();
  }

protected:
  void SetUp() override {
    if (!camsim_)
      GTEST_SKIP() << "build/bin/camsim or its H.265 footage (build/footage/h265) is missing (make build)";
    ASSERT_TRUE(server_);
  }

  static std::int64_t add_camera(HttpClient& admin, const std::string& name, int camsim_camera) {
    json body{{"name", name},
              {"main_rtsp_url", camsim_->rtsp_url(camsim_camera, "main")},
              {"sub_rtsp_url", camsim_->rtsp_url(camsim_camera, "sub")}};
    auto created = admin.request("POST", api(k_cameras), body.dump(), k_json);
    EXPECT_EQ(created.status, 201) << created.body;
    return created.status == 201 ? created.json().at("id").get<std::int64_t>() : -1;
  }

  // init.mp4 + the first complete live segment of a stream, decoded together.
  static DecodeResult decode_live_segment(HttpClient& admin, std::int64_t id, const std::string& stream) {
    DecodeResult failed;
    auto dir = api("/cameras/" + std::to_string(id) + "/live/" + stream + "/");
    HttpResponse playlist;
    if (!poll_until(15s, [&] { return (playlist = admin.get(dir + "index.m3u8")).status == 200; })) {
      failed.error = "no live playlist";
      return failed;
    }
    std::smatch segment;
    if (!std::regex_search(playlist.body, segment, std::regex(R"((seg\d+\.m4s))"))) {
      failed.error = "no segment in " + playlist.body;
      return failed;
    }
    auto init = admin.get(dir + "init.mp4");
    auto media = admin.get(dir + segment[1].str());
    if (init.status != 200 || media.status != 200) {
      failed.error = "init " + std::to_string(init.status) + ", segment " + std::to_string(media.status);
      return failed;
    }
    auto file = server_->data_dir().parent_path() / ("h265-" + std::to_string(id) + "-" + stream + ".mp4");
    {
      std::ofstream out(file, std::ios::binary);
      out << init.body << media.body;
    }
    return decode_media_file(file);
  }

  static inline std::unique_ptr<demo::CamsimLauncher> camsim_;
  static inline std::unique_ptr<ArgusdProcess> server_;
};

TEST_F(H265CameraTest, RecordsAnH265CameraAndSaysBrowsersMayNotPlayIt) {
  auto admin = signed_in(*server_, k_admin);
  auto h264_id = add_camera(admin, "Lobby (H.264)", 0);
  auto h265_id = add_camera(admin, "Dock (H.265)", 1);
  ASSERT_GT(h264_id, 0);
  ASSERT_GT(h265_id, 0);
  for (const auto& id : {h264_id, h265_id}) {
    ASSERT_TRUE(poll_until(15s, [&] { return listed_camera(admin, id, "id,status")["status"] == "active"; }))
        << "camera " << id << " never became active";
  }

  json h265;
  ASSERT_TRUE(poll_until(10s, [&] {
    h265 = listed_camera(admin, h265_id);
    return h265.is_object() && h265["video_codec"] == "h265" && h265["sub_video_codec"] == "h265";
  })) << h265.dump();
  EXPECT_EQ(h265["browser_playable"], false);
  EXPECT_EQ(h265["sub_browser_playable"], false);
  auto h264 = listed_camera(admin, h264_id);
  EXPECT_EQ(h264["video_codec"], "h264") << h264.dump();
  EXPECT_EQ(h264["browser_playable"], true);
  EXPECT_EQ(h264["sub_video_codec"], "h264");
  EXPECT_EQ(h264["sub_browser_playable"], true);
  auto never = listed_camera(admin, k_never_recorded_camera);
  ASSERT_TRUE(never.is_object());
  EXPECT_TRUE(never["video_codec"].is_null()) << never.dump();
  EXPECT_EQ(never["browser_playable"], true);
  EXPECT_TRUE(never["sub_video_codec"].is_null());
  EXPECT_EQ(never["sub_browser_playable"], true);

  // The fields can be asked for like any other camera field.
  auto subset = listed_camera(admin, h265_id, "id,video_codec,browser_playable");
  EXPECT_EQ(subset, (json{{"id", h265_id}, {"video_codec", "h265"}, {"browser_playable", false}}));
  auto unknown = admin.get(api(k_cameras + "?fields=id,video_codecs"));
  EXPECT_EQ(unknown.status, 400);
  EXPECT_TRUE(is_error_body(unknown));

  // It records: HEVC segments that decode, recorded ranges, and a snapshot (decoded from H.265 on the server).
  for (const std::string stream : {"main", "sub"}) {
    auto decoded = decode_live_segment(admin, h265_id, stream);
    EXPECT_EQ(decoded.error, "") << stream;
    EXPECT_EQ(decoded.errors, 0) << stream;
    EXPECT_GE(decoded.frames, 10) << stream; // a 2 s GOP at 10 fps
    EXPECT_EQ(decoded.width, stream == "main" ? 1280 : 640) << stream;
  }
  auto now_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  auto availability_path =
      api(k_cameras + "/" + std::to_string(h265_id) + "/availability?t0=" + std::to_string(now_ms - 600'000) +
          "&t1=" + std::to_string(now_ms + 60'000));
  HttpResponse availability;
  EXPECT_TRUE(poll_until(10s, [&] {
    availability = admin.get(availability_path);
    return availability.status == 200 && !availability.json().at("camera").empty();
  })) << availability.body;
  auto snapshot = admin.get(api("/cameras/" + std::to_string(h265_id) + "/snapshot.jpg"));
  EXPECT_EQ(snapshot.status, 200) << snapshot.body.substr(0, 200);
  EXPECT_EQ(snapshot.header("content-type"), "image/jpeg");
}

} // namespace
} // namespace argus::testing
