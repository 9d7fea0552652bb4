// Object detection end to end (issue 11): argusd --demo with object detection on; camera 1001 plays camsim's vtest
// clip (people walking). Within some seconds the motion search with with_people=true finds events with people and
// their attributes, the thumbnail track query answers JPEG thumbnails, and a similarity search from one track runs as
// a job that can be polled. Every bad input of these calls answers a clear error. Skipped when camsim, its footage or
// the converted model is missing.
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

constexpr const char* k_other_org_serial = "Q222-2001-DM"; // camera 2001 of Contoso, another organization

std::int64_t now_s() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string people_search(std::int64_t start_s, std::int64_t end_s, const std::string& extra = "") {
  return api("/n/101/manage/cameras/motion_search?id=1001&start=" + std::to_string(start_s) +
             "&end=" + std::to_string(end_s) + "&feature=event_search&with_people=true&include_attributes=true" +
             extra);
}

std::string similarity_path(const std::string& serial, const std::string& tail = "") {
  return api("/api/v1/devices/" + serial + "/camera/liveTools/similaritySearch" + tail);
}

// The first event with a finished person track (seen last more than 4 s ago), or null JSON; `last` keeps the last
// answer for the failure message.
nlohmann::json wait_for_person(HttpClient& client, std::int64_t start_s, std::chrono::seconds timeout,
                               std::string& last) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    auto response = client.get(people_search(start_s, now_s() + 1));
    last = std::to_string(response.status) + " " + response.body.substr(0, 2000);
    if (response.status == 200) {
      auto answer = response.json(); // kept: a range-for over response.json()["subevents"] would dangle
      for (const auto& event : answer["subevents"])
        for (const auto& attribute : event["attributes"])
          if (attribute["object_class"] == "person" && attribute["t1"].get<std::int64_t>() < (now_s() - 4) * 1000)
            return event;
    }
    std::this_thread::sleep_for(2s);
  }
  return nullptr;
}

class ObjectSearchTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    if (!media_available() || !std::filesystem::exists(ARGUS_NANODET_ONNX))
      return;
    ArgusdOptions options;
    options.object_detection = true;
    server_ = std::make_unique<ArgusdProcess>(options);
    auto admin = signed_in(*server_, k_admin);
    started_s_ = now_s();
    person_event_ = wait_for_person(admin, started_s_ - 60, 90s, last_answer_);
    auto cameras = admin.get(api("/n/101/manage/vision/cameras")).json();
    for (const auto& camera : cameras)
      if (camera["id"] == 1001)
        serial_ = camera["serial"].get<std::string>();
  }
  static void TearDownTestSuite() { server_.reset(); }

  void SetUp() override {
    if (!server_)
      GTEST_SKIP() << "build/bin/camsim, its footage or build/models/nanodet.onnx is missing (make build)";
    ASSERT_FALSE(person_event_.is_null()) << "no person found in 90 s; last answer " << last_answer_;
    ASSERT_FALSE(serial_.empty());
  }

  static nlohmann::json first_person() {
    for (const auto& attribute : person_event_["attributes"])
      if (attribute["object_class"] == "person")
        return attribute;
    return nullptr;
  }

  static inline std::unique_ptr<ArgusdProcess> server_;
  static inline std::int64_t started_s_ = 0;
  static inline nlohmann::json person_event_;
  static inline std::string serial_;
  static inline std::string last_answer_;
};

TEST_F(ObjectSearchTest, TheEventSearchFindsPeopleWithTheirAttributes) {
  const auto& event = person_event_;
  EXPECT_TRUE(event["has_people"].get<bool>());
  EXPECT_EQ(event["object_class"], "person");
  EXPECT_FALSE(event["nightmode"].get<bool>());
  auto person = first_person();
  EXPECT_EQ(person["cameraId"], 1001);
  EXPECT_GT(person["object_id"].get<std::int64_t>(), 0);
  EXPECT_LE(person["t0"].get<std::int64_t>(), person["t1"].get<std::int64_t>());
  EXPECT_TRUE(person["top"].is_number_integer());
  EXPECT_TRUE(person["bottom"].is_number_integer());
  // The walkers of the clip move: soon some event of the search has moving people (a track needs a few sightings;
  // on a loaded 2-core machine detection yields to ingest and live, so sightings come slower: up to 2 minutes).
  auto admin = signed_in(*server_, k_admin);
  bool moving = false;
  for (auto deadline = std::chrono::steady_clock::now() + 120s; !moving && std::chrono::steady_clock::now() < deadline;
       std::this_thread::sleep_for(2s)) {
    auto events = admin.get(people_search(started_s_ - 60, now_s() + 1)).json()["subevents"];
    for (const auto& found : events) {
      EXPECT_TRUE(found["has_people"].get<bool>()) << "with_people=true keeps only events with people";
      moving = moving || found["has_moving_people"].get<bool>();
    }
  }
  EXPECT_TRUE(moving);
  // Without include_attributes there are no attributes; the flags stay.
  auto plain = admin.get(api("/n/101/manage/cameras/motion_search?id=1001&start=" + std::to_string(started_s_ - 60) +
                             "&end=" + std::to_string(now_s() + 1)));
  ASSERT_EQ(plain.status, 200);
  auto plain_events = plain.json()["subevents"];
  for (const auto& found : plain_events)
    EXPECT_FALSE(found.contains("attributes"));
}

TEST_F(ObjectSearchTest, TheThumbnailTrackQueryAnswersJpegThumbnails) {
  auto admin = signed_in(*server_, k_admin);
  auto path = api("/api/v1/devices/" + serial_ + "/camera/analytics/thumbnailTracks?t0=" +
                  std::to_string((started_s_ - 60) * 1000) + "&t1=" + std::to_string(now_s() * 1000));
  auto response = admin.get(path);
  ASSERT_EQ(response.status, 200) << response.body;
  auto results = response.json()["results"];
  ASSERT_FALSE(results.empty());
  for (const auto& track : results) {
    EXPECT_FALSE(track["trackId"].get<std::string>().empty());
    EXPECT_LE(track["data"]["t0"].get<std::int64_t>(), track["data"]["t1"].get<std::int64_t>());
    EXPECT_EQ(track["data"]["b64Image"].get<std::string>().substr(0, 4), "/9j/") << "base64 of a JPEG";
  }
  // Bad ranges and cameras.
  EXPECT_EQ(admin.get(api("/api/v1/devices/" + serial_ + "/camera/analytics/thumbnailTracks?t0=5&t1=5")).status, 400);
  EXPECT_EQ(admin.get(api("/api/v1/devices/" + serial_ + "/camera/analytics/thumbnailTracks?t0=x&t1=5")).status, 400);
  EXPECT_EQ(admin.get(api("/api/v1/devices/" + serial_ + "/camera/analytics/thumbnailTracks?t0=0&t1=90000000"))
                .status,
            400);
  EXPECT_EQ(admin.get(api(std::string("/api/v1/devices/") + k_other_org_serial +
                          "/camera/analytics/thumbnailTracks?t0=0&t1=1000"))
                .status,
            404);
}

TEST_F(ObjectSearchTest, ASimilaritySearchRunsAsAJobThatIsPolledAndFiltered) {
  auto admin = signed_in(*server_, k_admin);
  auto person = first_person();
  auto ts_ms = person["ts"].get<std::int64_t>() * 1000;
  nlohmann::json body = {{"trackId", std::to_string(person["object_id"].get<std::int64_t>())},
                         {"t0", ts_ms - 3'600'000},
                         {"t1", ts_ms + 3'600'000},
                         {"results", 10},
                         {"threshold", 0.1},
                         {"includeThumbnails", true}};
  auto started = admin.post_json(similarity_path(serial_), body);
  ASSERT_EQ(started.status, 200) << started.body;
  auto job = started.json();
  auto id = job["requestId"].get<std::string>();
  ASSERT_FALSE(id.empty());
  auto polled = admin.get(similarity_path(serial_, "/" + id));
  ASSERT_EQ(polled.status, 200) << polled.body;
  EXPECT_EQ(polled.json()["status"], "completed");
  auto results = polled.json()["results"];
  EXPECT_LE(results.size(), 10u);
  double previous = 101;
  for (const auto& result : results) {
    EXPECT_FALSE(result["serial"] == serial_ && result["trackId"] == body["trackId"]) << "not the query itself";
    EXPECT_EQ(result["objectClass"], "person");
    auto percent = result["similarityPercent"].get<double>();
    EXPECT_LE(percent, previous) << "best first";
    EXPECT_GE(percent, 10.0);
    previous = percent;
    EXPECT_TRUE(result["serial"].get<std::string>().starts_with("Q2")) << "a camera of the organization";
    EXPECT_FALSE(result["b64Image"].get<std::string>().empty());
  }
  // The page's threshold filters the same job; outside 90..100 is refused.
  auto strict = admin.get(similarity_path(serial_, "/" + id + "?threshold=100"));
  ASSERT_EQ(strict.status, 200);
  EXPECT_LE(strict.json()["results"].size(), results.size());
  EXPECT_EQ(admin.get(similarity_path(serial_, "/" + id + "?threshold=89")).status, 400);
  EXPECT_EQ(admin.get(similarity_path(serial_, "/" + id + "?threshold=101")).status, 400);

  // Bad input: each refused with a clear error, nothing else changes.
  auto refused = [&](nlohmann::json changed, int status) {
    auto response = admin.post_json(similarity_path(serial_), changed);
    EXPECT_EQ(response.status, status) << changed.dump() << " → " << response.body;
    EXPECT_TRUE(is_error_body(response));
  };
  auto with = [&](const char* field, nlohmann::json value) {
    auto changed = body;
    changed[field] = std::move(value);
    return changed;
  };
  refused(with("trackId", "999999999"), 404); // a track this camera does not have
  refused(with("trackId", "abc"), 400);
  refused(with("threshold", 2), 400);
  refused(with("results", 0), 400);
  refused(with("t1", ts_ms - 7'200'000), 400);
  refused(with("cameras", nlohmann::json::array({k_other_org_serial})), 400);
  EXPECT_EQ(admin.post_json(similarity_path(k_other_org_serial), body).status, 404);
  EXPECT_EQ(admin.get(similarity_path(serial_, "/unknownjob")).status, 404);
  // Another user does not see this user's job.
  auto writer = signed_in(*server_, k_writer);
  EXPECT_EQ(writer.get(similarity_path(serial_, "/" + id)).status, 404);
}

TEST_F(ObjectSearchTest, ATracksJobListsTheCamerasTracks) {
  auto admin = signed_in(*server_, k_admin);
  nlohmann::json body = {{"timerange", {{"t0", (started_s_ - 60) * 1000}, {"t1", now_s() * 1000}}},
                         {"fields", nlohmann::json::array({"b64Image"})}};
  auto started = admin.post_json(similarity_path(serial_, "/tracks"), body);
  ASSERT_EQ(started.status, 200) << started.body;
  auto id = started.json()["requestId"].get<std::string>();
  auto polled = admin.get(similarity_path(serial_, "/tracks/" + id));
  ASSERT_EQ(polled.status, 200);
  EXPECT_FALSE(polled.json()["results"].empty());
  EXPECT_EQ(admin.get(similarity_path(serial_, "/" + id)).status, 404) << "a tracks job is not a similarity job";
  EXPECT_EQ(admin.post_json(similarity_path(serial_, "/tracks"), nlohmann::json{{"timerange", 5}}).status, 400);
}

} // namespace
} // namespace argus::testing
