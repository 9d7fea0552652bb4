// Camera administration against a real argusd: add (unreachable RTSP URL → listed, offline, server keeps serving),
// edit, remove; the source only through /source; the CLI on a data directory, and a running server picking CLI
// changes up.
#include <chrono>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};
const char* const k_secret = "s3cretPw";

json find_camera(const json& cameras, std::int64_t id) {
  for (const auto& camera : cameras) {
    if (camera.at("id") == id)
      return camera;
  }
  return nullptr;
}

TEST(CameraAdminIntegration, AddEditRemoveThroughTheApi) {
  ArgusdProcess server;
  auto admin = signed_in(server, k_admin);
  auto created = admin.request(
      "POST", api("/n/101/manage/vision/cameras"),
      json{{"name", "Loading bay"}, {"main_rtsp_url", std::string("rtsp://op:") + k_secret + "@127.0.0.1:1/x"}}.dump(),
      k_json);
  ASSERT_EQ(created.status, 201) << created.body;
  auto id = created.json().at("id").get<std::int64_t>();
  EXPECT_EQ(created.body.find(k_secret), std::string::npos);

  // The recorder tries the unreachable URL; the camera stays offline and the server keeps answering.
  std::this_thread::sleep_for(std::chrono::seconds(2));
  auto list = admin.get(api("/n/101/manage/vision/cameras"));
  ASSERT_EQ(list.status, 200);
  auto camera = find_camera(list.json(), id);
  ASSERT_FALSE(camera.is_null());
  EXPECT_EQ(camera.at("status"), "offline");
  EXPECT_EQ(list.body.find(k_secret), std::string::npos);
  EXPECT_EQ(admin.get(api("/vision/networks")).status, 200);

  auto path = api("/n/101/manage/vision/cameras/" + std::to_string(id));
  auto source = admin.get(path + "/source");
  ASSERT_EQ(source.status, 200);
  EXPECT_NE(source.body.find(k_secret), std::string::npos);
  auto viewer = signed_in(server, k_viewer);
  EXPECT_EQ(viewer.get(path + "/source").status, 404); // the viewer does not see an untagged camera

  auto edited = admin.request("PUT", path, R"({"name":"Loading bay east"})", k_json);
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(find_camera(admin.get(api("/n/101/manage/vision/cameras")).json(), id).at("name"), "Loading bay east");

  EXPECT_EQ(admin.request("DELETE", path).status, 204);
  EXPECT_TRUE(find_camera(admin.get(api("/n/101/manage/vision/cameras")).json(), id).is_null());
  EXPECT_EQ(admin.request("PUT", path, R"({"name":"x"})", k_json).status, 404);
  EXPECT_EQ(admin.request("DELETE", path).status, 404);
  EXPECT_EQ(server.output().find(k_secret), std::string::npos) << "a source URL reached the log";
}

TEST(CameraAdminIntegration, CliAddListRemove) {
  ArgusdProcess server;
  auto dir = server.data_dir().string();
  ASSERT_EQ(server.stop(), 0);

  auto bad = run_argusd_cli(
      {"camera", "add", "--data-dir", dir, "--network-id", "101", "--name", "Bad", "--main-url", "http://127.0.0.1/x"});
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  EXPECT_NE(bad.output.find("main_rtsp_url"), std::string::npos);
  EXPECT_EQ(run_argusd_cli({"camera", "add", "--data-dir", dir}).exit_code, 2);
  EXPECT_EQ(run_argusd_cli({"camera", "frobnicate"}).exit_code, 2);

  auto added = run_argusd_cli({"camera", "add", "--data-dir", dir, "--network-id", "101", "--name", "CLI cam",
                               "--main-url", std::string("rtsp://u:") + k_secret + "@127.0.0.1:1/cli", "--tags",
                               "dock, outdoor", "--retention-days", "7"});
  ASSERT_EQ(added.exit_code, 0) << added.output;
  auto id = std::stoll(added.output);
  auto dup = run_argusd_cli({"camera", "add", "--data-dir", dir, "--network-id", "101", "--name", "Dup", "--main-url",
                             "rtsp://127.0.0.1:1/x", "--mac", "34:56:fe:a1:03:e9"});
  EXPECT_EQ(dup.exit_code, 1) << dup.output;
  EXPECT_NE(dup.output.find("mac"), std::string::npos);

  auto listed = run_argusd_cli({"camera", "list", "--data-dir", dir, "--network-id", "101"});
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_NE(listed.output.find("CLI cam"), std::string::npos);
  EXPECT_NE(listed.output.find("127.0.0.1:1/cli"), std::string::npos);
  EXPECT_EQ(listed.output.find(k_secret), std::string::npos);

  auto moved = run_argusd_cli({"camera", "set-source", "--data-dir", dir, "--camera-id", std::to_string(id),
                               "--main-url", "rtsp://127.0.0.1:2/other"});
  EXPECT_EQ(moved.exit_code, 0) << moved.output;

  // A multi-imager camera: its imager count on add, then one imager's URLs; refusals exit 2 and change nothing.
  auto multi = run_argusd_cli({"camera", "add", "--data-dir", dir, "--network-id", "101", "--name", "CLI pole",
                               "--main-url", "rtsp://127.0.0.1:1/pole", "--imagers", "4"});
  ASSERT_EQ(multi.exit_code, 0) << multi.output;
  auto multi_id = std::stoll(multi.output);
  auto imager = [&](std::vector<std::string> more) {
    std::vector<std::string> args{"camera", "set-imager-source", "--data-dir",
                                  dir,      "--camera-id",       std::to_string(multi_id)};
    args.insert(args.end(), more.begin(), more.end());
    return run_argusd_cli(args);
  };
  auto set =
      imager({"--imager", "2", "--main-url", "rtsp://127.0.0.1:1/pole/2", "--sub-url", "rtsp://127.0.0.1:1/p2s"});
  EXPECT_EQ(set.exit_code, 0) << set.output;
  auto set3 = imager({"--imager", "3", "--sub-url", "rtsp://127.0.0.1:1/p3s"});
  EXPECT_EQ(set3.exit_code, 0) << set3.output;
  auto beyond = imager({"--imager", "4", "--main-url", "rtsp://127.0.0.1:1/pole/4"});
  EXPECT_EQ(beyond.exit_code, 2) << beyond.output;
  EXPECT_NE(beyond.output.find("imager 4 is not an imager of this camera"), std::string::npos) << beyond.output;
  EXPECT_EQ(imager({"--imager", "0", "--main-url", "rtsp://127.0.0.1:1/pole/0"}).exit_code, 2);
  EXPECT_EQ(imager({"--imager", "2", "--main-url", "http://127.0.0.1/x"}).exit_code, 2);
  EXPECT_EQ(imager({"--main-url", "rtsp://127.0.0.1:1/pole/2"}).exit_code, 2);
  auto single = run_argusd_cli({"camera", "set-imager-source", "--data-dir", dir, "--camera-id", std::to_string(id),
                                "--imager", "1", "--main-url", "rtsp://127.0.0.1:1/x"});
  EXPECT_EQ(single.exit_code, 2) << single.output;
  EXPECT_NE(single.output.find("this camera has one imager"), std::string::npos) << single.output;
  auto removed_imager = imager({"--imager", "3"});
  EXPECT_EQ(removed_imager.exit_code, 0) << removed_imager.output;
  EXPECT_NE(removed_imager.output.find("imager 3 source removed"), std::string::npos) << removed_imager.output;

  server.start();
  auto admin = signed_in(server, k_admin);
  auto camera = find_camera(admin.get(api("/n/101/manage/vision/cameras")).json(), id);
  ASSERT_FALSE(camera.is_null());
  EXPECT_EQ(camera.at("tags"), json({"dock", "outdoor"}));
  auto source = admin.get(api("/n/101/manage/vision/cameras/" + std::to_string(id) + "/source")).json();
  EXPECT_EQ(source.at("main_rtsp_url"), "rtsp://127.0.0.1:2/other");
  EXPECT_EQ(source.at("retention_days"), 7);
  auto pole = find_camera(admin.get(api("/n/101/manage/vision/cameras")).json(), multi_id);
  EXPECT_EQ(pole.at("imager_count"), 4);
  EXPECT_EQ(pole.at("type"), "multi_imager");
  auto pole_source = admin.get(api("/n/101/manage/vision/cameras/" + std::to_string(multi_id) + "/source")).json();
  EXPECT_EQ(pole_source.at("imagers"), json::parse(R"([{"imager_id":2,"main_rtsp_url":"rtsp://127.0.0.1:1/pole/2",
                                                        "sub_rtsp_url":"rtsp://127.0.0.1:1/p2s"}])"));
  ASSERT_EQ(server.stop(), 0);

  auto removed = run_argusd_cli({"camera", "remove", "--data-dir", dir, "--camera-id", std::to_string(id)});
  EXPECT_EQ(removed.exit_code, 0) << removed.output;
  EXPECT_EQ(run_argusd_cli({"camera", "remove", "--data-dir", dir, "--camera-id", std::to_string(id)}).exit_code, 1);
  listed = run_argusd_cli({"camera", "list", "--data-dir", dir});
  EXPECT_EQ(listed.output.find("CLI cam"), std::string::npos);
}

TEST(CameraAdminIntegration, RunningServerPicksUpCliAdd) {
  ArgusdProcess server;
  auto admin = signed_in(server, k_admin);
  auto added = run_argusd_cli({"camera", "add", "--data-dir", server.data_dir().string(), "--network-id", "101",
                               "--name", "Hot add", "--main-url", "rtsp://127.0.0.1:1/hot"});
  ASSERT_EQ(added.exit_code, 0) << added.output;
  auto id = std::stoll(added.output);
  bool seen = false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(8);
  while (!seen && std::chrono::steady_clock::now() < deadline) {
    seen = !find_camera(admin.get(api("/n/101/manage/vision/cameras")).json(), id).is_null();
    if (!seen)
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  EXPECT_TRUE(seen) << "the catalog did not reload within 8 s";
}

} // namespace
} // namespace argus::testing
