// Motion search end to end: argusd --demo records camsim's cameras and analyses their sub-streams; camera 1001 plays
// the vtest clip (people walking). After some seconds of streaming, a search over the last minute finds events whose
// recap URLs answer JPEGs; after kill -9 and a restart the stored events are still found. Skipped when camsim or its
// footage is missing (`make build` makes both).
#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/camsim_launcher.hpp"
#include "support/api_helpers.hpp"
#include "support/demo_media.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::int64_t now_s() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string search_path(std::int64_t start_s, std::int64_t end_s) {
  return api("/n/101/manage/cameras/motion_search?id=1001&start=" + std::to_string(start_s) +
             "&end=" + std::to_string(end_s) + "&feature=motion_search");
}

// Polls the search over [start_s, now] until an event has images (or the deadline passes).
nlohmann::json wait_for_events(HttpClient& client, std::int64_t start_s, std::chrono::seconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  nlohmann::json events = nlohmann::json::array();
  while (std::chrono::steady_clock::now() < deadline) {
    auto response = client.get(search_path(start_s, now_s() + 1));
    if (response.status == 200) {
      events = response.json()["subevents"];
      for (const auto& event : events) {
        if (!event["img_url"].empty() && event["duration_ms"].get<int>() >= 3000)
          return events;
      }
    }
    std::this_thread::sleep_for(1s);
  }
  return events;
}

TEST(MotionSearchEndToEnd, WalkersOnCamsimAreFoundWithRecapImagesAndSurviveAKill) {
  if (!media_available())
    GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
  ArgusdProcess server;
  auto admin = signed_in(server, k_admin);
  auto started_s = now_s();
  auto events = wait_for_events(admin, started_s - 60, 40s);
  ASSERT_FALSE(events.empty()) << server.output();
  const nlohmann::json* with_image = nullptr;
  for (const auto& event : events) {
    EXPECT_EQ(event["cameraId"], 1001);
    EXPECT_GE(event["duration_ms"].get<int>(), 1000);
    EXPECT_GE(event["ts"].get<std::int64_t>(), started_s - 60);
    if (!event["img_url"].empty() && !with_image)
      with_image = &event;
  }
  ASSERT_NE(with_image, nullptr) << events.dump();
  for (const auto& url : (*with_image)["img_url"]) {
    auto image = admin.get(url.get<std::string>());
    ASSERT_EQ(image.status, 200) << url;
    EXPECT_EQ(image.header("content-type"), "image/jpeg");
    ASSERT_GT(image.body.size(), 1000u);
    EXPECT_EQ(image.body.substr(0, 2), "\xff\xd8");
  }
  auto viewer = signed_in(server, k_viewer); // live only on public cameras
  EXPECT_EQ(viewer.get(search_path(started_s - 60, now_s())).status, 403);
  EXPECT_EQ(viewer.get((*with_image)["img_url"][0].get<std::string>()).status, 403);

  // A crash loses at most the last second's batch: what was found is found again after a restart.
  auto first_ts = events[0]["ts"].get<std::int64_t>();
  auto first_url = (*with_image)["img_url"][0].get<std::string>();
  EXPECT_EQ(server.kill_hard(), 128 + SIGKILL);
  server.start();
  auto again = signed_in(server, k_admin);
  auto after = again.get(search_path(started_s - 60, now_s() + 1));
  ASSERT_EQ(after.status, 200);
  auto after_events = after.json()["subevents"];
  ASSERT_FALSE(after_events.empty());
  EXPECT_EQ(after_events[0]["ts"].get<std::int64_t>(), first_ts);
  EXPECT_EQ(again.get(first_url).status, 200);
}

} // namespace
} // namespace argus::testing
