// Motion events on a scene that never stops moving (issue 17 item 1), end to end: argusd --demo records camsim's
// camera 1001 (the vtest clip: pedestrians in every second) with --motion-max-event-s 20, so a minute of recording
// shows what a busy day does with the default 5 minutes. A whole-frame search gives consecutive events of at most the
// maximum; unconsolidate_motion gives the raw runs; sensitivity and min_duration_ms change what is found; each event
// image is the recorded frame of the event's peak second in the searched region, served at the requested width.
// Skipped when camsim or its footage is missing (`make build` makes both).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/demo_media.hpp"
#include "support/media_decode.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr std::int64_t k_max_event_s = 20;
constexpr std::int64_t k_busy_camera = 1001; // a fisheye: 60x60 grid
constexpr std::int64_t k_recorded_s = 60;    // motion wanted before the checks

std::int64_t now_s() {
  return now_utc_ms() / 1000;
}

std::int64_t total_ms(const nlohmann::json& events) {
  std::int64_t sum = 0;
  for (const auto& event : events)
    sum += event["duration_ms"].get<std::int64_t>();
  return sum;
}

//! The ts_ms of an event image URL (…/snapshot.jpg?ts_ms=N).
std::int64_t image_ts_ms(const std::string& url) {
  auto at = url.find("ts_ms=");
  return at == std::string::npos ? -1 : std::stoll(url.substr(at + 6));
}

//! Width and height of a JPEG, decoded with libavcodec.
std::pair<int, int> jpeg_size(const std::string& bytes) {
  auto path = fs::temp_directory_path() / ("argus-motion-image-" + std::to_string(::getpid()) + ".jpg");
  std::ofstream(path, std::ios::binary) << bytes;
  auto decoded = decode_media_file(path);
  fs::remove(path);
  return {decoded.width, decoded.height};
}

class MotionEventsTest : public ::testing::Test {
public:
  static void SetUpTestSuite() {
    if (!media_available())
      return;
    ArgusdOptions options;
    options.extra_args = {"--motion-max-event-s", std::to_string(k_max_event_s)};
    server_ = std::make_unique<ArgusdProcess>(options);
    started_s_ = now_s();
    auto admin = signed_in(*server_, k_admin);
    // Wait for a minute of indexed motion on the busy camera.
    bool recorded = poll_until(
        150s,
        [&] {
          auto response = admin.get(path("", started_s_ - 5, now_s()));
          return response.status == 200 && total_ms(response.json()["subevents"]) >= k_recorded_s * 1000;
        },
        2s);
    end_s_ = now_s() - 3; // a closed range: later seconds do not change the answers
    if (!recorded)
      ADD_FAILURE() << "no minute of motion on camera 1001 within 150 s\n" << server_->output();
  }
  static void TearDownTestSuite() { server_.reset(); }

  static std::string path(const std::string& extra, std::int64_t start_s, std::int64_t end_s) {
    return api("/n/101/manage/cameras/motion_search?id=" + std::to_string(k_busy_camera) +
               "&start=" + std::to_string(start_s) + "&end=" + std::to_string(end_s) + "&feature=motion_search" +
               extra);
  }

protected:
  void SetUp() override {
    if (!media_available())
      GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
    admin_ = std::make_unique<HttpClient>(signed_in(*server_, k_admin));
  }

  nlohmann::json search(const std::string& extra = "") {
    auto response = admin_->get(path(extra, started_s_ - 5, end_s_));
    EXPECT_EQ(response.status, 200) << extra << ": " << response.body.substr(0, 300);
    return response.status == 200 ? response.json()["subevents"] : nlohmann::json::array();
  }

  static std::unique_ptr<ArgusdProcess> server_;
  static std::int64_t started_s_;
  static std::int64_t end_s_;
  std::unique_ptr<HttpClient> admin_;
};

std::unique_ptr<ArgusdProcess> MotionEventsTest::server_;
std::int64_t MotionEventsTest::started_s_ = 0;
std::int64_t MotionEventsTest::end_s_ = 0;

TEST_F(MotionEventsTest, ABusySceneGivesConsecutiveEventsOfAtMostTheMaximumLength) {
  auto events = search();
  ASSERT_GE(events.size(), 3u) << events.dump(); // a minute of pedestrians, at most 20 s an event
  for (std::size_t i = 0; i < events.size(); ++i) {
    const auto& event = events[i];
    EXPECT_LE(event["duration_ms"].get<std::int64_t>(), k_max_event_s * 1000) << event.dump();
    EXPECT_EQ(event["end_ts"].get<std::int64_t>() - event["ts"].get<std::int64_t>(),
              event["duration_ms"].get<std::int64_t>() / 1000);
    if (i > 0) {
      EXPECT_GE(event["ts"].get<std::int64_t>(), events[i - 1]["end_ts"].get<std::int64_t>());
    }
    // The detail is in the subevents, inside the event.
    ASSERT_FALSE(event["subevents"].empty());
    for (const auto& subevent : event["subevents"]) {
      EXPECT_GE(subevent["ts"].get<std::int64_t>(), event["ts"].get<std::int64_t>());
      EXPECT_LE(subevent["ts"].get<std::int64_t>() * 1000 + subevent["duration_ms"].get<std::int64_t>(),
                event["end_ts"].get<std::int64_t>() * 1000);
    }
  }
}

TEST_F(MotionEventsTest, UnconsolidatedMotionGivesMoreShorterRawEvents) {
  auto consolidated = search();
  auto raw = search("&unconsolidate_motion=true");
  ASSERT_FALSE(consolidated.empty());
  EXPECT_GT(raw.size(), consolidated.size());
  for (const auto& event : raw)
    EXPECT_LE(event["duration_ms"].get<std::int64_t>(), 10'000) << event.dump();
  // The same seconds, only not merged across quiet ones.
  EXPECT_LE(total_ms(raw), total_ms(consolidated));
  EXPECT_GT(total_ms(raw), total_ms(consolidated) / 2);
}

TEST_F(MotionEventsTest, SensitivityAndMinimumDurationChangeTheEvents) {
  auto everything = search();
  // Sensitivity 50: a tenth of the frame's cells must move by 13 % of their pixels. The pedestrians fill 4–15 % of
  // the frame, so only their busiest seconds count and the busy minute breaks into shorter events.
  auto less_sensitive = search("&sensitivity=50");
  ASSERT_FALSE(less_sensitive.empty()) << "the busiest seconds still count";
  EXPECT_LT(total_ms(less_sensitive), total_ms(everything));
  EXPECT_NE(less_sensitive.dump(), everything.dump());
  auto lowest = search("&sensitivity=1");
  EXPECT_LE(total_ms(lowest), total_ms(less_sensitive));

  std::int64_t shortest_ms = 60'000;
  for (const auto& event : less_sensitive)
    shortest_ms = std::min(shortest_ms, event["duration_ms"].get<std::int64_t>());
  auto min_ms = shortest_ms + 1000;
  auto longer = search("&sensitivity=50&min_duration_ms=" + std::to_string(min_ms));
  EXPECT_LT(longer.size(), less_sensitive.size());
  for (const auto& event : longer)
    EXPECT_GE(event["duration_ms"].get<std::int64_t>(), min_ms) << event.dump();
}

TEST_F(MotionEventsTest, AnEventImageIsTheRecordedFrameOfItsPeakSecondInTheRegion) {
  // Per-second subevents give the region's motion in every second of each event.
  for (const std::string roi : {"0,0,30,60", "30,0,30,60"}) {
    auto events = search("&roi=" + roi + "&verbose_subevents=true");
    ASSERT_FALSE(events.empty()) << roi;
    for (const auto& event : events) {
      ASSERT_FALSE(event["img_url"].empty()) << event.dump();
      auto peak_ms = image_ts_ms(event["img_url"][0].get<std::string>());
      ASSERT_EQ(peak_ms % 1000, 500) << "the middle of a second: " << event["img_url"][0];
      int most = 0;
      int at_peak = -1;
      for (const auto& second : event["subevents"]) {
        most = std::max(most, second["motion"].get<int>());
        if (second["ts"].get<std::int64_t>() == peak_ms / 1000)
          at_peak = second["motion"].get<int>();
        // A subevent's image is its own peak: with one second each, that second.
        EXPECT_EQ(image_ts_ms(second["img_url"].get<std::string>()), second["ts"].get<std::int64_t>() * 1000 + 500);
      }
      EXPECT_EQ(at_peak, most) << roi << ": the image second has the event's most motion in the region\n"
                               << event.dump();
    }
  }
}

TEST_F(MotionEventsTest, EventImagesAreServedAtTheRequestedWidthFromTheFrameAtTheirTime) {
  auto events = search();
  ASSERT_FALSE(events.empty());
  auto url = events[0]["img_url"][0].get<std::string>();
  ASSERT_NE(url.find("/snapshot.jpg?ts_ms="), std::string::npos) << url;

  // Camera 1001 is the demo's fisheye (square footage). A medium event-search thumbnail (450 CSS px) gets the next
  // cached size, 480 px, from the 512x512 sub-stream; a wide one 960 px from the 1024x1024 main stream; without a
  // width the main stream's own size.
  auto medium = admin_->get(url + "&width=450");
  ASSERT_EQ(medium.status, 200) << medium.body.substr(0, 200);
  EXPECT_EQ(medium.header("content-type"), "image/jpeg");
  EXPECT_EQ(jpeg_size(medium.body), std::make_pair(480, 480));
  EXPECT_EQ(jpeg_size(admin_->get(url + "&width=900").body), std::make_pair(960, 960));
  EXPECT_EQ(jpeg_size(admin_->get(url).body), std::make_pair(1024, 1024));

  // The frame at the time, not the keyframe before it (every 2 s): 400 ms later the pedestrians have moved.
  auto ts_ms = image_ts_ms(url);
  auto frame_url = [&](std::int64_t at_ms) {
    return api("/cameras/" + std::to_string(k_busy_camera) + "/snapshot.jpg?width=480&ts_ms=" + std::to_string(at_ms));
  };
  auto at = admin_->get(frame_url(ts_ms)).body;
  EXPECT_TRUE(at == medium.body) << "width 450 and 480 are one image"; // (bytes not printed)
  auto later = admin_->get(frame_url(ts_ms + 400)).body;
  EXPECT_FALSE(later == at) << "400 ms later shows the same picture";
  EXPECT_EQ(jpeg_size(later), std::make_pair(480, 480));

  // Historical images need the historical right; bad widths and times are refused.
  auto viewer = signed_in(*server_, k_viewer);
  EXPECT_EQ(viewer.get(url + "&width=450").status, 403);
  EXPECT_EQ(admin_->get(url + "&width=5").status, 400);
  EXPECT_EQ(admin_->get(api("/cameras/1001/snapshot.jpg?ts_ms=soon")).status, 400);
  EXPECT_EQ(admin_->get(frame_url(ts_ms - 24 * 3600 * 1000)).status, 404); // nothing recorded then
}

} // namespace
} // namespace argus::testing
