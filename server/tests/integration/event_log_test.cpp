// POST /n/{networkId}/manage/access_logs/log_event against a real argusd: a valid 'screenshot_created' is stored with
// the caller, camera and times; bad input (400), foreign or invisible channels and networks (404), a monitor-only
// network (403), a missing CSRF token (403) and no session (401) store nothing. The stored rows are read back from the
// server's own SQLite file.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "store/sqlite/sqlite_database.hpp"
#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};
constexpr std::int64_t k_northwind = 1;
constexpr std::int64_t k_lobby_channel = 51001;       // camera 1001, Warehouse HQ (101), tags lobby+public
constexpr std::int64_t k_server_room_channel = 51003; // camera 1003, Warehouse HQ, tag secure
constexpr std::int64_t k_checkout_channel = 51010;    // camera 1010, Downtown Store (102)
constexpr std::int64_t k_contoso_channel = 52001;     // camera 2001, Contoso Flagship (201), other organization
constexpr double k_frame_s = 1735689600.25;

std::string log_path(std::int64_t network_id) {
  return api("/n/" + std::to_string(network_id) + "/manage/access_logs/log_event");
}

json screenshot(std::int64_t channel_id, double start_s = k_frame_s, double end_s = k_frame_s) {
  return {{"event", "screenshot_created"}, {"channel_id", channel_id}, {"start_time", start_s}, {"end_time", end_s}};
}

class EventLog : public SharedArgusdTest {
protected:
  //! The newest events of Northwind, read from argusd's database file (WAL: a second reader is fine).
  std::vector<store::EventLogRecord> events() {
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    return database.recent_events(k_northwind, 1000);
  }
};

TEST_F(EventLog, ScreenshotIsStoredWithCallerCameraAndTimes) {
  auto admin = signed_in(server(), k_admin);
  auto before = events().size();
  auto response = admin.post_json(log_path(101), screenshot(k_lobby_channel, k_frame_s, k_frame_s + 2));
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.json(), (json{{"success", true}}));

  auto stored = events();
  ASSERT_EQ(stored.size(), before + 1);
  const auto& event = stored.front();
  EXPECT_EQ(event.event, "screenshot_created");
  EXPECT_EQ(event.organization_id, k_northwind);
  EXPECT_EQ(event.network_id, 101);
  EXPECT_EQ(event.user_id, 1);
  EXPECT_EQ(event.camera_id, 1001);
  EXPECT_EQ(event.channel_id, k_lobby_channel);
  EXPECT_EQ(event.start_ms, 1735689600250);
  EXPECT_EQ(event.end_ms, 1735689602250);
  EXPECT_GT(event.created_ms, 1735689600000);

  // Integer seconds are numbers too; a viewer may log a camera they may watch.
  auto viewer = signed_in(server(), k_viewer);
  auto integral = viewer.post_json(log_path(101), screenshot(k_lobby_channel, 1735689600, 1735689600));
  ASSERT_EQ(integral.status, 200) << integral.body;
  EXPECT_EQ(events().front().user_id, 4);
  EXPECT_EQ(events().front().start_ms, 1735689600000);
}

TEST_F(EventLog, BadInputIs400AndStoresNothing) {
  auto admin = signed_in(server(), k_admin);
  auto before = events().size();
  std::vector<json> bodies = {
      json::object(),
      {{"channel_id", k_lobby_channel}, {"start_time", k_frame_s}, {"end_time", k_frame_s}},
      {{"event", "video_deleted"}, {"channel_id", k_lobby_channel}, {"start_time", k_frame_s}, {"end_time", k_frame_s}},
      {{"event", 7}, {"channel_id", k_lobby_channel}, {"start_time", k_frame_s}, {"end_time", k_frame_s}},
      {{"event", ""}, {"channel_id", k_lobby_channel}, {"start_time", k_frame_s}, {"end_time", k_frame_s}},
      {{"event", "screenshot_created"}, {"start_time", k_frame_s}, {"end_time", k_frame_s}},
      {{"event", "screenshot_created"}, {"channel_id", k_lobby_channel}, {"end_time", k_frame_s}},
      {{"event", "screenshot_created"}, {"channel_id", k_lobby_channel}, {"start_time", k_frame_s}},
  };
  for (const json& channel : {json("51001"), json(0), json(-51001), json(51001.5), json(true), json::array()}) {
    auto body = screenshot(k_lobby_channel);
    body["channel_id"] = channel;
    bodies.push_back(body);
  }
  for (const json& time : {json("1735689600"), json(-1), json(1e20), json(true), json(nullptr), json::object()}) {
    auto body = screenshot(k_lobby_channel);
    body["start_time"] = time;
    bodies.push_back(body);
    body = screenshot(k_lobby_channel);
    body["end_time"] = time;
    bodies.push_back(body);
  }
  bodies.push_back(screenshot(k_lobby_channel, k_frame_s + 1, k_frame_s)); // start after end
  for (const auto& body : bodies) {
    auto response = admin.post_json(log_path(101), body);
    EXPECT_EQ(response.status, 400) << body.dump() << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << body.dump();
  }
  for (const std::string raw : {"{\"event\": ", "not json", "[1,2]", ""}) {
    auto response = admin.request("POST", log_path(101), raw, k_json);
    EXPECT_EQ(response.status, 400) << raw << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << raw;
  }
  auto unknown = admin.post_json(log_path(101), bodies[2]);
  EXPECT_EQ(unknown.json().at("errors").at(0), "event must be one of: screenshot_created");
  auto reversed = admin.post_json(log_path(101), screenshot(k_lobby_channel, k_frame_s + 1, k_frame_s));
  EXPECT_EQ(reversed.json().at("errors").at(0), "start_time must not be after end_time");
  EXPECT_EQ(events().size(), before);
}

TEST_F(EventLog, ChannelsAndNetworksTheCallerCannotSeeAre404AndStoreNothing) {
  auto admin = signed_in(server(), k_admin);
  auto viewer = signed_in(server(), k_viewer);
  auto before = events().size();
  struct Case {
    HttpClient* client;
    std::int64_t network_id;
    std::int64_t channel_id;
  };
  const std::vector<Case> cases = {
      {&admin, 101, k_contoso_channel},      // another organization's camera
      {&admin, 101, k_checkout_channel},     // a camera of another network
      {&admin, 101, 99999},                  // no such channel
      {&admin, 201, k_contoso_channel},      // another organization's network
      {&admin, 999999, k_lobby_channel},     // no such network
      {&viewer, 101, k_server_room_channel}, // a camera the viewer may not see
      {&viewer, 103, 51012},                 // a network the viewer does not see
  };
  for (const auto& [client, network_id, channel_id] : cases) {
    auto response = client->post_json(log_path(network_id), screenshot(channel_id));
    EXPECT_EQ(response.status, 404) << network_id << "/" << channel_id << ": " << response.body;
    EXPECT_TRUE(is_error_body(response));
  }
  auto missing = admin.post_json(log_path(101), screenshot(k_contoso_channel));
  auto foreign = admin.post_json(log_path(101), screenshot(99999));
  EXPECT_EQ(missing.body, foreign.body) << "another organization's channel answers like a missing one";

  auto monitor = signed_in(server(), k_monitor); // monitor-only on Downtown Store
  auto refused = monitor.post_json(log_path(102), screenshot(k_checkout_channel));
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_EQ(events().size(), before);
}

TEST_F(EventLog, NeedsCsrfTokenAndSession) {
  auto before = events().size();
  auto admin = signed_in(server(), k_admin);
  admin.set_default_header("X-CSRF-Token", "forged");
  auto forged = admin.post_json(log_path(101), screenshot(k_lobby_channel));
  EXPECT_EQ(forged.status, 403) << forged.body;
  EXPECT_EQ(forged.json(), (json{{"errors", {k_invalid_csrf}}}));

  auto anonymous = server().client();
  prime_csrf(anonymous);
  auto sessionless = anonymous.post_json(log_path(101), screenshot(k_lobby_channel));
  EXPECT_TRUE(is_login_mode(sessionless)) << sessionless.body;
  EXPECT_EQ(events().size(), before);
}

} // namespace
} // namespace argus::testing
