// The player's object-detections channel (Bayeux long polling at /n1/cometd) against a real argusd: session and CSRF
// like every POST, both URL forms, refusals (cameras the caller may not see, malformed bodies, unknown or foreign
// clients), a held /meta/connect that shutdown releases, and, end to end with object detection on, the people
// walking on demo camera 1001 coming back as detections. The end-to-end test is skipped without camsim's footage.
#include <chrono>
#include <future>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/demo_media.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

const std::string k_channel_1001 = "/node/1001/ObjectDetections/p1a7er";

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// POSTs Bayeux messages to /n1/cometd (or /n1/cometd/{type}) and answers the array of messages it got back.
json bayeux(HttpClient& client, const json& messages, const std::string& type = "") {
  auto response = client.post_json(api(type.empty() ? "/cometd" : "/cometd/" + type), messages);
  EXPECT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("cache-control"), "no-store");
  return response.status == 200 ? response.json() : json::array();
}

std::string handshake(HttpClient& client) {
  auto answer = bayeux(client,
                       {{{"channel", "/meta/handshake"},
                         {"version", "1.0"},
                         {"id", "1"},
                         {"supportedConnectionTypes", {"long-polling"}}}},
                       "handshake");
  EXPECT_EQ(answer.at(0).at("successful"), true) << answer;
  return answer.at(0).at("clientId");
}

json subscribe(HttpClient& client, const std::string& client_id, const std::string& channel) {
  return bayeux(client, {{{"channel", "/meta/subscribe"}, {"clientId", client_id}, {"subscription", channel}}},
                "subscribe")
      .at(0);
}

json request_message(const std::string& client_id, std::int64_t event_ms) {
  return {{"channel", "/requests"},
          {"clientId", client_id},
          {"id", "3"},
          {"data",
           {{"broker", "argus"},
            {"start_ts", event_ms - 5'000},
            {"end_ts", event_ms + 30'000},
            {"node_id", "1001"},
            {"type", "object_detection"},
            {"pid", "player-1"},
            {"no_keep_alive", false}}}};
}

class ObjectDetectionsChannelTest : public SharedArgusdTest {};

TEST_F(ObjectDetectionsChannelTest, NeedsASessionAndTheCsrfHeaderLikeEveryPost) {
  auto anonymous = server().client();
  prime_csrf(anonymous);
  EXPECT_TRUE(is_login_mode(anonymous.post_json(api("/cometd"), {{"channel", "/meta/handshake"}})));
  auto admin = signed_in(server(), k_admin);
  admin.set_default_header("X-CSRF-Token", "forged");
  auto no_csrf = admin.post_json(api("/cometd"), {{"channel", "/meta/handshake"}});
  EXPECT_EQ(no_csrf.status, 403);
  EXPECT_EQ(no_csrf.json().at("errors").at(0), k_invalid_csrf);
  prime_csrf(admin);
  EXPECT_EQ(admin.get(api("/cometd")).status, 405);
  EXPECT_EQ(admin.post_json(api("/cometd/publish"), {{"channel", "/meta/handshake"}}).status, 404);
  EXPECT_FALSE(handshake(admin).empty());
  auto plain = bayeux(admin, {{"channel", "/meta/handshake"}}); // one object, no type in the URL
  EXPECT_EQ(plain.at(0).at("supportedConnectionTypes"), json({"long-polling"}));
}

TEST_F(ObjectDetectionsChannelTest, CamerasTheCallerMayNotSeeAreRefusedAlike) {
  auto viewer = signed_in(server(), k_viewer); // live only on public cameras: no history of 1001
  auto viewer_id = handshake(viewer);
  auto refused = subscribe(viewer, viewer_id, k_channel_1001);
  EXPECT_EQ(refused.at("successful"), false);
  EXPECT_EQ(refused.at("error"), "403::Forbidden");
  auto admin = signed_in(server(), k_admin);
  auto admin_id = handshake(admin);
  auto foreign = subscribe(admin, admin_id, "/node/2001/ObjectDetections/x"); // another organization's camera
  auto missing = subscribe(admin, admin_id, "/node/999999/ObjectDetections/x");
  EXPECT_EQ(foreign.at("error"), "403::Forbidden");
  EXPECT_EQ(missing.at("error"), foreign.at("error"));
  EXPECT_EQ(subscribe(admin, admin_id, "/node/1001/Motion/x").at("error"), "403::Unknown channel");
  auto publish = bayeux(admin, {request_message(admin_id, now_ms())});
  EXPECT_EQ(publish.at(0).at("error"), "403::Not subscribed to /node/1001/ObjectDetections");
}

TEST_F(ObjectDetectionsChannelTest, MalformedBodiesAreRefusedAndTheServerKeepsServing) {
  auto admin = signed_in(server(), k_admin);
  for (const std::string body : {"", "not json", "{\"channel\":", "42", "[]", "null"}) {
    auto response = admin.request("POST", api("/cometd"), body, {{"Content-Type", "application/json"}});
    EXPECT_EQ(response.status, 400) << body;
    EXPECT_TRUE(is_error_body(response)) << body;
  }
  auto oversize = admin.request("POST", api("/cometd"), "[" + std::string(70'000, ' ') + "]",
                                {{"Content-Type", "application/json"}});
  EXPECT_EQ(oversize.status, 413);
  auto answer = bayeux(admin, {7, {{"id", "x"}}, {{"channel", "/meta/connect"}, {"clientId", "bogus"}}});
  ASSERT_EQ(answer.size(), 3u) << answer;
  EXPECT_EQ(answer[0].at("error"), "400::Message must be a JSON object");
  EXPECT_EQ(answer[1].at("error"), "400::Message has no channel");
  EXPECT_EQ(answer[2].at("error"), "402::Unknown client");
  EXPECT_EQ(answer[2].at("advice").at("reconnect"), "handshake");
  auto client_id = handshake(admin);
  auto bad_request = request_message(client_id, now_ms() / 1000); // seconds, not milliseconds
  subscribe(admin, client_id, k_channel_1001);
  EXPECT_EQ(bayeux(admin, {bad_request}).at(0).at("error"), "400::start_ts must be a Unix time in milliseconds");
  EXPECT_FALSE(handshake(admin).empty()) << "still serving";
}

TEST_F(ObjectDetectionsChannelTest, AClientIdIsUnknownToAnotherSession) {
  auto admin = signed_in(server(), k_admin);
  auto client_id = handshake(admin);
  auto other = signed_in(server(), k_admin); // the same user, another session
  auto answer = bayeux(
      other, {{{"channel", "/meta/connect"}, {"clientId", client_id}, {"connectionType", "long-polling"}}}, "connect");
  EXPECT_EQ(answer.at(0).at("error"), "402::Unknown client");
  EXPECT_EQ(subscribe(other, client_id, k_channel_1001).at("error"), "402::Unknown client");
  auto own = bayeux(admin, {{{"channel", "/meta/connect"}, {"clientId", client_id}, {"advice", {{"timeout", 0}}}}});
  EXPECT_EQ(own.at(0).at("successful"), true) << "the owner's client is untouched";
}

TEST_F(ObjectDetectionsChannelTest, AConnectWaitsForTheAdvisedTimeout) {
  auto admin = signed_in(server(), k_admin);
  auto client_id = handshake(admin);
  auto started = std::chrono::steady_clock::now();
  auto answer = bayeux(
      admin, {{{"channel", "/meta/connect"}, {"clientId", client_id}, {"connectionType", "long-polling"}}}, "connect");
  auto waited = std::chrono::steady_clock::now() - started;
  ASSERT_EQ(answer.size(), 1u) << answer;
  auto timeout_ms = answer[0].at("advice").at("timeout").get<std::int64_t>();
  EXPECT_EQ(answer[0].at("successful"), true);
  EXPECT_GE(waited, std::chrono::milliseconds(timeout_ms - 200));
  EXPECT_LT(waited, std::chrono::milliseconds(timeout_ms + 3'000));
}

TEST(ObjectDetectionsChannelShutdown, AHeldConnectIsReleasedWhenTheServerStops) {
  ArgusdProcess server;
  auto admin = signed_in(server, k_admin);
  auto client_id = handshake(admin);
  auto held = std::async(std::launch::async, [&] {
    return admin.post_json(
        api("/cometd/connect"),
        {{{"channel", "/meta/connect"}, {"clientId", client_id}, {"connectionType", "long-polling"}}});
  });
  std::this_thread::sleep_for(500ms);
  auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(server.stop(), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s) << "the held connect does not delay the stop";
  EXPECT_EQ(held.wait_for(5s), std::future_status::ready);
}

TEST(ObjectDetectionsChannelEndToEnd, PeopleWalkingOnCamera1001ComeBackAsDetections) {
  if (!media_available())
    GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
  ArgusdOptions options;
  options.object_detection = true;
  ArgusdProcess server(options);
  auto admin = signed_in(server, k_admin);
  auto client_id = handshake(admin);
  ASSERT_EQ(subscribe(admin, client_id, k_channel_1001).at("successful"), true);
  json message;
  std::int64_t event_ms = 0;
  // The player asks for event time − 5 s to + 30 s; an event 25 s ago covers what the detector saw since.
  ASSERT_TRUE(poll_until(
      60s,
      [&] {
        event_ms = now_ms() - 25'000;
        auto answer = bayeux(admin, {request_message(client_id, event_ms)});
        if (answer.size() != 2 || answer[1].at("successful") != true)
          return false;
        message = answer[0];
        return !message.at("data").at("detections").empty();
      },
      2s))
      << message << server.output();
  EXPECT_EQ(message.at("channel"), k_channel_1001);
  const auto& params = message.at("data").at("params");
  EXPECT_EQ(params.at("start_ts"), event_ms - 5'000);
  EXPECT_EQ(params.at("end_ts"), event_ms + 30'000);
  EXPECT_EQ(params.at("pid"), "player-1");
  bool person = false;
  for (const auto& detection : message.at("data").at("detections")) {
    auto ts = detection.at("ts").get<std::int64_t>();
    EXPECT_GE(ts, event_ms - 5'000);
    EXPECT_LT(ts, event_ms + 30'000);
    const auto& box = detection.at("box");
    EXPECT_LE(box.at("x0").get<int>(), box.at("x1").get<int>()) << detection;
    EXPECT_LE(box.at("y0").get<int>(), box.at("y1").get<int>()) << detection;
    EXPECT_LE(box.at("x1").get<int>(), 255);
    EXPECT_LE(box.at("y1").get<int>(), 255);
    auto confidence = detection.at("confidence").get<double>();
    EXPECT_GT(confidence, 0.0);
    EXPECT_LE(confidence, 1.0);
    EXPECT_EQ(detection.at("byCustomCV"), false);
    EXPECT_TRUE(detection.at("attributes").is_object());
    EXPECT_GT(detection.at("track_id").get<std::int64_t>(), 0);
    person = person || detection.at("object_class") == 0;
  }
  EXPECT_TRUE(person) << "the vtest clip shows people walking";
}

} // namespace
} // namespace argus::testing
