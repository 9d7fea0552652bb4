// Multi-imager cameras (issue 9; spec 02 §2 camera page) against a real argusd --demo, whose camsim serves Parking Lot
// North (1008, an MV93) as 4 imagers (`--multi-imager-cameras`). The camera list says imager_count 4; each imager's
// streams (main-imager{k} / sub-imager{k}) are live (playlist, init + segment that decode, the frames WebSocket) and
// recorded (history playlist); a name the camera does not have answers 404 on the live routes and 400 on history; an
// imager without a source is offline with no_source (1012, an MV93 seeded without video).
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/camera_helpers.hpp"
#include "support/demo_media_test.hpp"
#include "support/media_decode.hpp"
#include "support/polling.hpp"
#include "support/vod_playlist.hpp"
#include "support/websocket_client.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;

constexpr std::int64_t k_multi_imager_camera = 1008;        // Parking Lot North: 4 imagers with video
constexpr std::int64_t k_multi_imager_without_video = 1012; // Gate Entrance: an MV93 seeded without a source
constexpr std::int64_t k_single_imager_camera = 1002;

class MultiImagerCameraTest : public DemoMediaTest {
protected:
  // init.mp4 + the first complete live segment of a stream, decoded together.
  static DecodeResult decode_live_segment(HttpClient& client, std::int64_t id, const std::string& stream) {
    DecodeResult failed;
    auto dir = camera_path(id, "live/" + stream + "/");
    HttpResponse playlist;
    std::smatch segment;
    if (!poll_until(30s, [&] {
          playlist = client.get(dir + "index.m3u8");
          return playlist.status == 200 && std::regex_search(playlist.body, segment, std::regex(R"(seg\d+\.m4s)"));
        })) {
      failed.error = stream + ": no live segment (" + std::to_string(playlist.status) + " " + playlist.body + ")";
      return failed;
    }
    auto init = client.get(dir + "init.mp4");
    auto media = client.get(dir + segment.str());
    if (init.status != 200 || media.status != 200) {
      failed.error = stream + ": init " + std::to_string(init.status) + ", segment " + std::to_string(media.status);
      return failed;
    }
    auto file = server().data_dir().parent_path() / ("imager-" + std::to_string(id) + "-" + stream + ".mp4");
    {
      std::ofstream out(file, std::ios::binary);
      out << init.body << media.body;
    }
    return decode_media_file(file);
  }

  // The first message of a live WebSocket route (frames or ws) of a stream, parsed; null when none came.
  json first_websocket_message(HttpClient& client, std::int64_t id, const std::string& stream,
                               const std::string& route) {
    Headers headers{{"Cookie", cookie_header(client)},
                    {"Origin", "http://127.0.0.1:" + std::to_string(server().port())}};
    WebSocketClient ws("127.0.0.1", server().port(),
                       "/n1/cameras/" + std::to_string(id) + "/live/" + stream + "/" + route, headers);
    EXPECT_EQ(ws.handshake_status(), 101) << stream;
    auto first = ws.read(10s);
    ws.close();
    if (!first || first->binary)
      return nullptr;
    return json::parse(first->data);
  }
};

TEST_F(MultiImagerCameraTest, TheCameraListSaysHowManyImagersEachCameraHas) {
  auto admin = signed_in(server(), k_admin);
  EXPECT_EQ(listed_camera(admin, k_multi_imager_camera, "id,type,imager_count"),
            (json{{"id", k_multi_imager_camera}, {"type", "multi_imager"}, {"imager_count", 4}}));
  // Gate Entrance is in another network (Distribution Center).
  auto other_network = admin.get(api("/n/103/manage/vision/cameras?fields=id,imager_count"));
  ASSERT_EQ(other_network.status, 200) << other_network.body;
  EXPECT_NE(other_network.json().dump().find(R"({"id":1012,"imager_count":4})"), std::string::npos)
      << other_network.body;
  EXPECT_EQ(listed_camera(admin, k_single_imager_camera, "id,imager_count")["imager_count"], 1);
}

TEST_F(MultiImagerCameraTest, EveryImagerStreamsLiveVideoThatDecodes) {
  auto admin = signed_in(server(), k_admin);
  for (const char* stream : {"sub-imager1", "sub-imager2", "sub-imager3", "main-imager1"}) {
    auto decoded = decode_live_segment(admin, k_multi_imager_camera, stream);
    EXPECT_TRUE(decoded.error.empty()) << decoded.error;
    EXPECT_GT(decoded.frames, 0) << stream;
    EXPECT_EQ(decoded.errors, 0) << stream;
    EXPECT_EQ(decoded.width, std::string(stream).starts_with("sub") ? 640 : 1280) << stream;
  }
}

TEST_F(MultiImagerCameraTest, AnImagersFramesFeedStartsWithItsDecoderConfig) {
  auto admin = signed_in(server(), k_admin);
  json config;
  ASSERT_TRUE(poll_until(20s, [&] {
    config = first_websocket_message(admin, k_multi_imager_camera, "sub-imager2", "frames");
    return config.is_object() && config["type"] == "config";
  })) << config.dump();
  EXPECT_EQ(config["coded_width"], 640);
  EXPECT_EQ(config["coded_height"], 360);
}

TEST_F(MultiImagerCameraTest, ImagerStreamsAreRecordedAndPlayBackThroughHistory) {
  auto admin = signed_in(server(), k_admin);
  auto start_ms = now_utc_ms() - 600'000;
  VodPlaylist playlist;
  ASSERT_TRUE(poll_until(40s, [&] {
    auto response = admin.get(
        camera_path(k_multi_imager_camera, "history/main-imager3/index.m3u8?start_ms=" + std::to_string(start_ms) +
                                               "&end_ms=" + std::to_string(now_utc_ms())));
    if (response.status != 200)
      return false;
    playlist = parse_vod_playlist(response.body);
    return !playlist.segments.empty() && !playlist.maps.empty();
  })) << "no recording of imager 3";
  const auto& first = playlist.segments.front();
  auto init = admin.get(camera_path(k_multi_imager_camera, first.map.substr(6))); // ../../recordings/...
  auto chunk = admin.get(camera_path(k_multi_imager_camera, first.uri.substr(6)));
  ASSERT_EQ(init.status, 200);
  ASSERT_EQ(chunk.status, 200);
  auto file = server().data_dir().parent_path() / "imager-3-recorded.mp4";
  {
    std::ofstream out(file, std::ios::binary);
    out << init.body << chunk.body;
  }
  auto decoded = decode_media_file(file);
  EXPECT_GT(decoded.frames, 0) << decoded.error;
  EXPECT_EQ(decoded.errors, 0);
  EXPECT_EQ(decoded.width, 1280);
}

TEST_F(MultiImagerCameraTest, StreamNamesTheCameraDoesNotHaveAreRefusedOnEveryRoute) {
  auto admin = signed_in(server(), k_admin);
  auto history_query = "/index.m3u8?start_ms=1&end_ms=" + std::to_string(now_utc_ms());
  struct Case {
    std::int64_t camera;
    const char* stream;
  };
  for (auto [camera, stream] : {Case{k_multi_imager_camera, "sub-imager4"}, Case{k_multi_imager_camera, "sub-imager01"},
                                Case{k_multi_imager_camera, "SUB"}, Case{k_single_imager_camera, "sub-imager1"},
                                Case{k_single_imager_camera, "main-imager2"}}) {
    auto live = std::string("live/") + stream + "/";
    for (const char* file : {"index.m3u8", "init.mp4", "frames", "ws"}) {
      auto response = admin.get(camera_path(camera, live + file));
      EXPECT_EQ(response.status, 404) << camera << " " << stream << " " << file;
      EXPECT_TRUE(is_error_body(response));
    }
    auto history = admin.get(camera_path(camera, std::string("history/") + stream + history_query));
    EXPECT_EQ(history.status, 400) << camera << " " << stream;
    EXPECT_TRUE(is_error_body(history));
  }
  // The server keeps serving the streams that exist (once the camera is up: under ctest argusd starts with the test).
  EXPECT_TRUE(poll_until(
      30s, [&] { return admin.get(camera_path(k_multi_imager_camera, "live/sub-imager1/index.m3u8")).status == 200; }));
}

TEST_F(MultiImagerCameraTest, TheSourceListsTheImagersUrlsAndAnEditOfTheCameraKeepsThem) {
  auto admin = signed_in(server(), k_admin);
  auto path = api("/n/101/manage/vision/cameras/" + std::to_string(k_multi_imager_camera));
  auto source = admin.get(path + "/source");
  ASSERT_EQ(source.status, 200) << source.body;
  const auto imagers = source.json().at("imagers");
  ASSERT_EQ(imagers.size(), 3u) << source.body;
  for (std::size_t i = 0; i < imagers.size(); ++i) {
    EXPECT_EQ(imagers[i]["imager_id"], i + 1);
    auto suffix = "/imager" + std::to_string(i + 1) + "/sub";
    EXPECT_TRUE(imagers[i]["sub_rtsp_url"].get<std::string>().ends_with(suffix)) << imagers[i].dump();
  }
  auto viewer_source = signed_in(server(), k_viewer).get(path + "/source");
  EXPECT_TRUE(viewer_source.status == 403 || viewer_source.status == 404) << viewer_source.status;

  auto edited =
      admin.request("PUT", path, R"({"notes":"Pole 3, four imagers"})", {{"Content-Type", "application/json"}});
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(admin.get(path + "/source").json().at("imagers"), imagers);
  auto decoded = decode_live_segment(admin, k_multi_imager_camera, "sub-imager3");
  EXPECT_GT(decoded.frames, 0) << decoded.error;
}

TEST_F(MultiImagerCameraTest, AnImagerWithoutASourceIsOffline) {
  auto admin = signed_in(server(), k_admin);
  auto playlist = admin.get(camera_path(k_multi_imager_without_video, "live/sub-imager1/index.m3u8"));
  EXPECT_EQ(playlist.status, 503) << playlist.body;
  auto offline = first_websocket_message(admin, k_multi_imager_without_video, "sub-imager1", "frames");
  ASSERT_TRUE(offline.is_object());
  EXPECT_EQ(offline["type"], "offline");
  EXPECT_EQ(offline["reason"], "no_source");
}

// An administrator gives imager 3 of the camera seeded without video the URLs of 1008's imager 1 (camsim's): it goes
// live and decodes; removing them again makes it offline with no_source. Imagers 1 and 2 stay as they were.
TEST_F(MultiImagerCameraTest, AnAdministratorSetsAnImagersUrlsThroughTheApiAndItStreams) {
  auto admin = signed_in(server(), k_admin);
  auto donor = admin.get(api("/n/101/manage/vision/cameras/1008/source")).json().at("imagers").at(0);
  auto path =
      api("/n/103/manage/vision/cameras/" + std::to_string(k_multi_imager_without_video)); // Distribution Center
  auto before = admin.get(path + "/source").json().at("imagers");
  json set = {
      {"imagers",
       {{{"imager_id", 3}, {"main_rtsp_url", donor["main_rtsp_url"]}, {"sub_rtsp_url", donor["sub_rtsp_url"]}}}}};
  auto edited = admin.request("PUT", path, set.dump(), {{"Content-Type", "application/json"}});
  ASSERT_EQ(edited.status, 200) << edited.body;
  auto decoded = decode_live_segment(admin, k_multi_imager_without_video, "sub-imager3");
  EXPECT_GT(decoded.frames, 0) << decoded.error;

  json clear = {{"imagers", {{{"imager_id", 3}, {"main_rtsp_url", nullptr}, {"sub_rtsp_url", nullptr}}}}};
  ASSERT_EQ(admin.request("PUT", path, clear.dump(), {{"Content-Type", "application/json"}}).status, 200);
  EXPECT_EQ(admin.get(path + "/source").json().at("imagers"), before);
  EXPECT_TRUE(poll_until(10s, [&] {
    auto offline = first_websocket_message(admin, k_multi_imager_without_video, "sub-imager3", "frames");
    return offline.is_object() && offline["type"] == "offline" && offline["reason"] == "no_source";
  }));
}

} // namespace
} // namespace argus::testing
