// argusd's detector choice end to end (issue 11, "Bad input and faults"): a user's own YOLO model
// (`--detector yolo --detector-model FILE`; here tools/models/make_test_yolo.py's tiny model) is loaded and the
// cameras say they detect vehicles; a missing model falls back to HOG with one log line, the cameras say they detect
// people only, and they keep recording.
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/demo_media.hpp"

namespace argus::testing {
namespace {

using namespace std::chrono_literals;

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

nlohmann::json features_of_camera_1001(HttpClient& admin) {
  auto cameras = admin.get(api("/n/101/manage/vision/cameras")).json();
  for (const auto& camera : cameras)
    if (camera["id"] == 1001)
      return camera["config"]["features"];
  return nullptr;
}

// Milliseconds camera 1001 recorded since t0_ms, waiting up to `timeout` for at least `wanted_ms`.
std::int64_t recorded_since(HttpClient& admin, std::int64_t t0_ms, std::int64_t wanted_ms,
                            std::chrono::seconds timeout) {
  std::int64_t recorded = 0;
  for (auto deadline = std::chrono::steady_clock::now() + timeout;
       recorded < wanted_ms && std::chrono::steady_clock::now() < deadline; std::this_thread::sleep_for(1s)) {
    auto response = admin.get(api("/n/101/manage/vision/cameras/1001/availability?t0=" + std::to_string(t0_ms) +
                                  "&t1=" + std::to_string(now_ms() + 60'000)));
    if (response.status != 200)
      continue;
    recorded = 0;
    auto ranges = response.json(); // kept: a range-for over response.json()["camera"] would dangle
    for (const auto& range : ranges["camera"])
      recorded += range[1].get<std::int64_t>() - std::max(range[0].get<std::int64_t>(), t0_ms);
  }
  return recorded;
}

TEST(DetectorChoice, AUsersYoloModelIsLoadedOnEachWorkerAndCamerasSayTheyDetectVehicles) {
  const std::filesystem::path model = std::filesystem::path(ARGUS_TEST_YOLO_DIR) / "test-yolo-v8.onnx";
  if (!std::filesystem::exists(model))
    GTEST_SKIP() << model << " is missing (the test_yolo_models target needs python3-onnx)";
  ArgusdOptions options;
  options.object_detection = true;
  options.extra_args = {"--detector", "yolo", "--detector-model", model.string(), "--detect-workers", "2"};
  ArgusdProcess server(options);
  auto admin = signed_in(server, k_admin);
  EXPECT_NE(server.output().find("detection: YOLO model " + model.string()), std::string::npos) << server.output();
  EXPECT_NE(server.output().find("object detection: yolo on 2 worker(s)"), std::string::npos) << server.output();
  auto features = features_of_camera_1001(admin);
  EXPECT_EQ(features["hasPeopleDetection"], true) << features;
  EXPECT_EQ(features["hasVehicleDetection"], true) << features;
}

TEST(DetectorChoice, AMissingModelFallsBackToHogAndCamerasKeepRecording) {
  if (!media_available())
    GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
  ArgusdOptions options;
  options.object_detection = true;
  options.extra_args = {"--detector-model", "/nonexistent/nanodet.onnx"};
  ArgusdProcess server(options);
  const auto started_ms = now_ms();
  auto admin = signed_in(server, k_admin);
  EXPECT_NE(server.output().find("no model file at /nonexistent/nanodet.onnx; using OpenCV's HOG people detector"),
            std::string::npos)
      << server.output();
  auto features = features_of_camera_1001(admin);
  EXPECT_EQ(features["hasPeopleDetection"], true) << features;
  EXPECT_EQ(features["hasVehicleDetection"], false) << features;
  EXPECT_GE(recorded_since(admin, started_ms, 5'000, 40s), 5'000) << "camera 1001 did not record 5 s";
}

} // namespace
} // namespace argus::testing
