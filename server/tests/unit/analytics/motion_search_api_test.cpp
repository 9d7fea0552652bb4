// The HTTP contract of motion search (docs/api/openapi.yaml): answers, every parameter's validation, permissions,
// recap images and telemetry, through the real router on a demo-seeded SQLite store.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "analytics/motion_index_writer.hpp"
#include "analytics/recap_store.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

constexpr std::int64_t k_camera = 1002; // Warehouse HQ (network 101), 60x34, tagged public: viewer has live only
constexpr std::int64_t k_t0 = 1'700'000'000 / 3600 * 3600;

nlohmann::json body_of(const http::Response& response) {
  return nlohmann::json::parse(response.body, nullptr, false);
}

class MotionSearchApiTest : public ::testing::Test {
protected:
  void SetUp() override {
    analytics::MotionIndexWriter writer(api.database);
    analytics::CellLevels levels(analytics::k_default_grid);
    levels.levels[10 * 60 + 10] = 200; // cell (10, 10)
    for (int s = 0; s < 4; ++s)
      writer.add_second(k_camera, k_t0 + 100 + s, levels);
    for (int s = 0; s < 2; ++s)
      writer.add_second(k_camera, k_t0 + 300 + s, levels);
    writer.flush();
    analytics::RecapStore recaps(api.database, api.dir.path);
    recap_id = recaps.save(k_camera, (k_t0 + 101) * 1000, 7, "\xff\xd8 a jpeg \xff\xd9");
    admin = api.sign_in("admin@argus.demo");
  }

  http::Response search(const std::string& query, const std::string& token = "", std::int64_t network = 101) {
    return api.call(api.request("GET", "/n1/n/" + std::to_string(network) + "/manage/cameras/motion_search?" + query),
                    token.empty() ? admin : token);
  }
  std::string range(std::int64_t start_s = k_t0, std::int64_t end_s = k_t0 + 3600) {
    return "id=" + std::to_string(k_camera) + "&start=" + std::to_string(start_s) + "&end=" + std::to_string(end_s);
  }

  ApiHarness api;
  std::string admin;
  std::int64_t recap_id = 0;
};

TEST_F(MotionSearchApiTest, AnswersEventsWithSubeventsImagesAndTheGrid) {
  auto response = search(range());
  ASSERT_EQ(response.status, 200) << response.body;
  auto body = body_of(response);
  EXPECT_EQ(body["grid"], (nlohmann::json{{"cols", 60}, {"rows", 34}}));
  const auto& events = body["subevents"];
  ASSERT_EQ(events.size(), 2u);
  const auto& first = events[0];
  EXPECT_EQ(first["ts"], k_t0 + 100);
  EXPECT_EQ(first["end_ts"], k_t0 + 104);
  EXPECT_EQ(first["duration_ms"], 4000);
  EXPECT_EQ(first["index"], 0);
  EXPECT_EQ(first["cameraId"], k_camera);
  EXPECT_EQ(first["intensity_frame"], 1);
  EXPECT_EQ(first["intensity_roi"], 1);
  for (const char* flag :
       {"has_people", "has_moving_people", "has_vehicles", "has_moving_vehicles", "has_object_maps", "nightmode"})
    EXPECT_EQ(first[flag], false) << flag;
  // Images: the recorded frame of the peak second (all equal here: the first), from the camera's snapshot endpoint.
  auto frame = "/n1/cameras/1002/snapshot.jpg?ts_ms=" + std::to_string((k_t0 + 100) * 1000 + 500);
  EXPECT_EQ(first["img_url"], nlohmann::json::array({frame}));
  ASSERT_EQ(first["subevents"].size(), 1u);
  EXPECT_EQ(first["subevents"][0], (nlohmann::json{{"ts", k_t0 + 100},
                                                   {"duration_ms", 4000},
                                                   {"img_url", frame},
                                                   {"motion", 1},
                                                   {"has_people", false},
                                                   {"has_vehicles", false}}));
  EXPECT_EQ(events[1]["index"], 1);
  EXPECT_EQ(events[1]["img_url"],
            nlohmann::json::array({"/n1/cameras/1002/snapshot.jpg?ts_ms=" + std::to_string((k_t0 + 300) * 1000 + 500)}));

  // The timeline's hover previews: the recap JPEGs taken during the event (none near the second one).
  auto timeline = body_of(search(range() + "&feature=timeline"))["subevents"];
  auto url = "/n1/n/101/manage/cameras/1002/motion_recap/" + std::to_string(recap_id) + ".jpg";
  EXPECT_EQ(timeline[0]["img_url"], nlohmann::json::array({url}));
  EXPECT_EQ(timeline[0]["subevents"][0]["img_url"], url);
  EXPECT_EQ(timeline[1]["img_url"], nlohmann::json::array());
  EXPECT_EQ(timeline[1]["subevents"][0]["img_url"], nullptr);

  auto image = api.call(api.request("GET", url), admin);
  ASSERT_EQ(image.status, 200);
  EXPECT_EQ(image.content_type, "image/jpeg");
  ASSERT_TRUE(image.file);

  auto without = body_of(search(range() + "&with_images=false"));
  EXPECT_EQ(without["subevents"][0]["img_url"], nlohmann::json::array());
  EXPECT_EQ(without["subevents"][0]["subevents"][0]["img_url"], nullptr);
}

TEST_F(MotionSearchApiTest, RoiSensitivityDurationAndFlagsShapeTheAnswer) {
  EXPECT_EQ(body_of(search(range() + "&roi=8,8,5,5"))["subevents"].size(), 2u);
  EXPECT_EQ(body_of(search(range() + "&roi=8,8,5,5"))["subevents"][0]["intensity_roi"], 4); // 1 of 25 cells
  EXPECT_EQ(body_of(search(range() + "&roi=20,20,5,5"))["subevents"].size(), 0u);
  EXPECT_EQ(body_of(search(range() + "&roi=10,10,1,1&sensitivity=1"))["subevents"].size(), 2u); // level 200 >= 128
  // At sensitivity 1 a fifth of the region must move: one cell of the whole frame is not enough.
  EXPECT_EQ(body_of(search(range() + "&sensitivity=1"))["subevents"].size(), 0u);
  EXPECT_EQ(body_of(search(range() + "&min_duration_ms=3000"))["subevents"].size(), 1u);
  EXPECT_EQ(body_of(search(range() + "&verbose_subevents=true"))["subevents"][0]["subevents"].size(), 4u);
  auto full = range() + "&with_people=true&with_vehicles=false&with_nightmode=false&include_attributes=true"
                        "&unconsolidate_motion=false&version=2&feature=timeline";
  EXPECT_EQ(search(full).status, 200);
  EXPECT_EQ(body_of(search(range(k_t0 + 200, k_t0 + 260)))["subevents"].size(), 0u);
}

TEST_F(MotionSearchApiTest, EveryParameterIsValidated) {
  auto id = "id=" + std::to_string(k_camera);
  auto start_end = "&start=" + std::to_string(k_t0) + "&end=" + std::to_string(k_t0 + 60);
  const std::vector<std::string> bad = {
      "start=1&end=2", // no id
      "id=abc" + start_end,
      "id=0" + start_end,
      "id=-3" + start_end,
      id + "&end=10",   // no start
      id + "&start=10", // no end
      id + "&start=1.5&end=10",
      id + "&start=-1&end=10",
      id + "&start=abc&end=10",
      id + "&start=10&end=10", // start >= end
      id + "&start=20&end=10",
      id + "&start=0&end=345601", // > 96 h
      id + start_end + "&roi=1,2,3",
      id + start_end + "&roi=1,2,3,4,5",
      id + start_end + "&roi=a,b,c,d",
      id + start_end + "&roi=-1,0,2,2",
      id + start_end + "&roi=0,0,0,1",   // < 1x1
      id + start_end + "&roi=59,0,2,1",  // outside 60 columns
      id + start_end + "&roi=0,0,60,35", // outside 34 rows
      id + start_end + "&roi=",
      id + start_end + "&sensitivity=0",
      id + start_end + "&sensitivity=101",
      id + start_end + "&sensitivity=high",
      id + start_end + "&min_duration_ms=-1",
      id + start_end + "&min_duration_ms=30001",
      id + start_end + "&min_duration_ms=1e3",
      id + start_end + "&with_images=yes",
      id + start_end + "&with_people=1",
      id + start_end + "&with_vehicles=",
      id + start_end + "&with_nightmode=TRUE",
      id + start_end + "&include_attributes=no",
      id + start_end + "&unconsolidate_motion=2",
      id + start_end + "&verbose_subevents=on",
      id + start_end + "&feature=search",
      id + start_end + "&version=" + std::string(65, 'v'),
  };
  for (const auto& query : bad) {
    auto response = search(query);
    EXPECT_EQ(response.status, 400) << query << " → " << response.body;
    auto body = body_of(response);
    EXPECT_TRUE(body.contains("errors") && body["errors"].is_array() && !body["errors"].empty()) << query;
  }
  EXPECT_EQ(body_of(search(id + "&start=0&end=345601"))["errors"][0], "Search range must be 96 hours or less");
  EXPECT_EQ(search(id + "&start=0&end=345600").status, 200); // exactly 96 h
  EXPECT_EQ(search(id + start_end + "&roi=59,33,1,1&sensitivity=100&min_duration_ms=30000").status, 200);
}

TEST_F(MotionSearchApiTest, NeedsASessionTheHistoricalRightAndTheCamerasNetwork) {
  auto anonymous = api.call(api.request("GET", "/n1/n/101/manage/cameras/motion_search?" + range()));
  EXPECT_EQ(anonymous.status, 401);
  EXPECT_EQ(body_of(anonymous)["mode"], "login");

  auto viewer = api.sign_in("viewer@argus.demo"); // live right only on public cameras
  EXPECT_EQ(search(range(), viewer).status, 403);
  auto url = "/n1/n/101/manage/cameras/1002/motion_recap/" + std::to_string(recap_id) + ".jpg";
  EXPECT_EQ(api.call(api.request("GET", url), viewer).status, 403);

  EXPECT_EQ(search(range(), admin, 102).status, 404);     // the camera is in network 101
  EXPECT_EQ(search("id=2001&start=1&end=2").status, 404); // another organization's camera
  EXPECT_EQ(search("id=999999&start=1&end=2").status, 404);
  auto writer = api.sign_in("writer@argus.demo"); // Northwind only
  EXPECT_EQ(search("id=2001&start=1&end=2", writer, 201).status, 404);
}

TEST_F(MotionSearchApiTest, RecapImagesAreLookedUpByCameraAndId) {
  auto get = [&](const std::string& path) {
    return api.call(api.request("GET", "/n1/n/101/manage/cameras/" + path), admin);
  };
  auto image = std::to_string(recap_id) + ".jpg";
  EXPECT_EQ(get("1002/motion_recap/" + image).status, 200);
  EXPECT_EQ(get("1003/motion_recap/" + image).status, 404); // another camera's id
  EXPECT_EQ(get("1002/motion_recap/99999.jpg").status, 404);
  EXPECT_EQ(get("1002/motion_recap/" + std::to_string(recap_id) + ".png").status, 400);
  EXPECT_EQ(get("1002/motion_recap/0" + image).status, 400);
  EXPECT_EQ(get("1002/motion_recap/..%2F..%2Fargus.db").status, 400);
  EXPECT_EQ(api.call(api.request("GET", "/n1/n/102/manage/cameras/1002/motion_recap/" + image), admin).status, 404);
}

TEST_F(MotionSearchApiTest, TelemetryIsValidatedAndStored) {
  auto post = [&](const std::string& body, bool csrf = true) {
    return api.call(api.request("POST", "/n1/manage/video/motion_search_telemetry", body, csrf), admin);
  };
  nlohmann::json event = {{"cameraId", 1002},       {"networkId", 101},           {"searchDuration", 812.5},
                          {"resultCount", 3},       {"withPeople", false},        {"withVehicles", false},
                          {"withNightmode", false}, {"includeAttributes", false}, {"feature", "motion_search"},
                          {"eventId", "abc-1"},     {"startTime", 1700000000},    {"endTime", 1700003600.5}};
  nlohmann::json good = {{"clientApp", {{"name", "portal"}, {"appVersion", "0.1.0"}}},
                         {"telemetryEvents", {event, {{"cameraId", 1003}, {"eventId", 17}}}}};
  auto ok = post(good.dump());
  ASSERT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(body_of(ok), (nlohmann::json{{"success", true}}));
  EXPECT_EQ(api.database.count_motion_telemetry(), 2);

  EXPECT_EQ(post(good.dump(), false).status, 403); // CSRF
  auto anonymous = api.call(api.request("POST", "/n1/manage/video/motion_search_telemetry", good.dump()));
  EXPECT_EQ(anonymous.status, 401);

  auto with = [&](const std::function<void(nlohmann::json&)>& change) {
    auto body = good;
    change(body);
    return body.dump();
  };
  std::vector<std::string> bad = {
      "not json",
      "[]",
      with([](auto& b) { b.erase("clientApp"); }),
      with([](auto& b) { b["clientApp"] = "portal"; }),
      with([](auto& b) { b["clientApp"]["name"] = 5; }),
      with([](auto& b) { b["clientApp"].erase("appVersion"); }),
      with([](auto& b) { b.erase("telemetryEvents"); }),
      with([](auto& b) {
        b["telemetryEvents"] = {{"a", 1}};
        b["telemetryEvents"] = "x";
      }),
      with([](auto& b) { b["telemetryEvents"][0] = 5; }),
      with([](auto& b) { b["telemetryEvents"][0]["cameraId"] = "1002"; }),
      with([](auto& b) { b["telemetryEvents"][0]["networkId"] = 1.5; }),
      with([](auto& b) { b["telemetryEvents"][0]["searchDuration"] = "slow"; }),
      with([](auto& b) { b["telemetryEvents"][0]["resultCount"] = true; }),
      with([](auto& b) { b["telemetryEvents"][0]["withPeople"] = "false"; }),
      with([](auto& b) { b["telemetryEvents"][0]["feature"] = 3; }),
      with([](auto& b) { b["telemetryEvents"][0]["eventId"] = nlohmann::json::object(); }),
      with([](auto& b) { b["telemetryEvents"][0]["startTime"] = "yesterday"; }),
      with([](auto& b) {
        b["telemetryEvents"] = nlohmann::json::array();
        for (int i = 0; i < 501; ++i)
          b["telemetryEvents"].push_back(nlohmann::json::object());
      }),
  };
  for (const auto& body : bad) {
    auto response = post(body);
    EXPECT_EQ(response.status, 400) << body.substr(0, 120) << " → " << response.body;
  }
  EXPECT_EQ(api.database.count_motion_telemetry(), 2); // nothing stored by bad requests
  EXPECT_EQ(post(with([](auto& b) { b["telemetryEvents"] = nlohmann::json::array(); })).status, 200);
}

} // namespace
} // namespace argus::testing
