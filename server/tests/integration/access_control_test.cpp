// Door access control end to end (issue 13): real argusd (--demo, which runs tools/doorsim as the partner of
// Northwind's "HQ doors" and maps its doors to cameras) — door-camera mappings, badge events pushed by doorsim's
// signed webhook showing in accessEvents, quick grant reaching doorsim and its event coming back, and every refusal
// of the webhook (signature, replay, unknown door, bad event, size) and of quick grant (rights, lockdown, unknown
// door).
#include <csignal>
#include <ctime>
#include <fstream>
#include <regex>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/access_control/webhook_signature.hpp"
#include "support/api_helpers.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

using namespace std::chrono_literals;

constexpr const char* k_events = "/api/genea/v1/organizations/1/accessEvents";
constexpr const char* k_webhook = "/access_control/partners/1/events";

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

//! UTC ISO 8601 of a time, whole seconds ("2026-11-28T08:01:00Z"): events are dated relative to now, since the
//! webhook refuses those older than the door's retention.
std::string iso(std::int64_t ms) {
  auto seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

//! Whole UTC hour of a time, in ms.
std::int64_t hour_of(std::int64_t ms) {
  return ms / 3'600'000 * 3'600'000;
}

class AccessControlTest : public SharedArgusdTest {
protected:
  //! doorsim's port, from argusd's log line "door-controller simulator at http://127.0.0.1:PORT".
  std::uint16_t doorsim_port() {
    std::smatch match;
    auto output = server().output();
    static const std::regex k_line("door-controller simulator at http://127\\.0\\.0\\.1:([0-9]+)");
    if (!std::regex_search(output, match, k_line))
      throw std::runtime_error("argusd did not start doorsim:\n" + output);
    return static_cast<std::uint16_t>(std::stoi(match[1]));
  }
  HttpClient doorsim() { return HttpClient("127.0.0.1", doorsim_port()); }

  std::string secret() {
    std::ifstream in(server().data_dir() / "demo-doorsim" / "webhook-secret");
    std::string text;
    std::getline(in, text);
    return text;
  }

  //! POSTs a body to the webhook signed with the secret at the given time.
  HttpResponse post_signed(const std::string& body, const std::string& key, std::int64_t at_s) {
    auto timestamp = std::to_string(at_s);
    auto client = server().client();
    return client.request("POST", api(k_webhook), body,
                          {{"Content-Type", "application/json"},
                           {"X-Argus-Timestamp", timestamp},
                           {"X-Argus-Signature", services::webhook_signature(key, timestamp, body)}});
  }

  static nlohmann::json event(const std::string& id, const std::string& door_uuid) {
    return {{"id", id},
            {"time", iso(now_ms() - 3'600'000)},
            {"type", "access_granted"},
            {"message", "Access granted"},
            {"door", {{"uuid", door_uuid}, {"name", "Front entrance"}}},
            {"actor", {{"type", "USER"}, {"uuid", "u-test"}, {"name", "Tess Tester"}}},
            {"cardNumber", "123"}};
  }

  //! Events of the last 10 minutes of the door (startTs/endTs variant).
  nlohmann::json recent_events(HttpClient& client, const std::string& door_uuid) {
    auto response = client.get(api(std::string(k_events) + "?door_uuid=" + door_uuid + "&startTs=" +
                                   std::to_string(now_ms() - 600'000) + "&endTs=" + std::to_string(now_ms() + 60'000)));
    return response.status == 200 ? response.json()["data"] : nlohmann::json::array();
  }
};

TEST_F(AccessControlTest, DoorsAreMappedToTheCamerasThatWatchThemAndTheViewerSeesOnlyItsOwn) {
  auto admin = signed_in(server(), k_admin);
  auto integrations = admin.get(api("/api/v1/organizations/1/camera/accessControlPartnerIntegrations")).json();
  ASSERT_EQ(integrations.size(), 1u);
  EXPECT_EQ(integrations[0]["canIssueCommands"], true);
  auto all = admin.get(api("/api/genea/v1/organizations/1/doorCameraMappings")).json();
  ASSERT_EQ(all.size(), 4u) << all.dump();
  auto viewer = signed_in(server(), k_viewer);
  auto seen = viewer.get(api("/api/genea/v1/organizations/1/doorCameraMappings")).json();
  ASSERT_EQ(seen.size(), 1u) << seen.dump(); // the front door: Lobby Entrance and Reception Desk are public
  EXPECT_EQ(seen[0]["door"]["uuid"], "door-front");
  EXPECT_EQ(seen[0]["cameras"].size(), 2u);
  EXPECT_EQ(viewer.get(api(std::string(k_events) + "?door_uuid=door-server")).json()["data"].size(), 0u);
}

TEST_F(AccessControlTest, ABadgeAtTheDoorsimShowsInTheEventsWithItsActorWithin15Seconds) {
  auto sim = doorsim();
  auto badge = sim.post_json("/sim/badge", {{"door_uuid", "door-front"}, {"type", "access_granted"}});
  ASSERT_EQ(badge.status, 200) << badge.body;
  auto id = badge.json()["id"].get<std::string>();
  auto admin = signed_in(server(), k_admin);
  nlohmann::json found;
  ASSERT_TRUE(poll_until(15s, [&] {
    for (const auto& item : recent_events(admin, "door-front")) {
      if (item["uuid"] == id)
        found = item;
    }
    return !found.is_null();
  }));
  EXPECT_EQ(found["door"]["name"], "Front entrance");
  EXPECT_EQ(found["actor"]["type"], "USER");
  EXPECT_FALSE(found["actor"]["name"].get<std::string>().empty());
  EXPECT_EQ(found["cameras"].size(), 2u);
  EXPECT_EQ(found["type"], "access_granted");
}

TEST_F(AccessControlTest, QuickGrantUnlocksTheDoorAtDoorsimAndItsEventComesBack) {
  auto admin = signed_in(server(), k_admin);
  auto grant = admin.request("PUT", api("/api/genea/v1/organizations/1/doors/door-front/quickGrant"));
  ASSERT_EQ(grant.status, 200) << grant.body;
  auto command_id = grant.json()["commandId"].get<std::string>();
  auto sim = doorsim();
  auto status = sim.get("/sim/status").json();
  bool received = false;
  for (const auto& command : status["commands"])
    received = received || command["commandId"] == command_id;
  EXPECT_TRUE(received) << status.dump();
  ASSERT_TRUE(poll_until(15s, [&] {
    for (const auto& item : recent_events(admin, "door-front")) {
      if (item["type"] == "door_unlocked" && item["actor"]["name"] == "Alex Admin")
        return true;
    }
    return false;
  }));
}

TEST_F(AccessControlTest, QuickGrantIsRefusedWithoutTheRightForAnUnknownDoorAndWhenTheDoorRefuses) {
  auto viewer = signed_in(server(), k_viewer);
  EXPECT_EQ(viewer.request("PUT", api("/api/genea/v1/organizations/1/doors/door-front/quickGrant")).status, 403);
  EXPECT_EQ(viewer.request("PUT", api("/api/genea/v1/organizations/1/doors/door-server/quickGrant")).status, 404);
  auto admin = signed_in(server(), k_admin);
  EXPECT_EQ(admin.request("PUT", api("/api/genea/v1/organizations/1/doors/no-such-door/quickGrant")).status, 404);
  EXPECT_EQ(admin.request("PUT", api("/api/genea/v1/organizations/2/doors/door-front/quickGrant")).status, 404);
  auto sim = doorsim();
  ASSERT_EQ(sim.post_json("/sim/lockdown", {{"door_uuid", "door-stair-b"}, {"locked", true}}).status, 200);
  auto refused = admin.request("PUT", api("/api/genea/v1/organizations/1/doors/door-stair-b/quickGrant"));
  sim.post_json("/sim/lockdown", {{"door_uuid", "door-stair-b"}, {"locked", false}});
  EXPECT_EQ(refused.status, 502) << refused.body;
  EXPECT_EQ(refused.json()["errors"][0], "Access could not be granted");
}

TEST_F(AccessControlTest, TheWebhookRefusesBadSignaturesAndJudgesEachEvent) {
  auto key = secret();
  ASSERT_GE(key.size(), 32u);
  auto now_s = now_ms() / 1000;
  std::string unique = "ev-test-" + std::to_string(now_ms());
  auto bad_event = event(unique + "-bad", "door-front");
  bad_event["type"] = "teleported";
  nlohmann::json body = {{"events",
                          {event(unique, "door-front"), event(unique + "-unknown", "door-nowhere"), bad_event,
                           event(unique + "-old", "door-front")}}};
  body["events"][3]["time"] = "2020-01-01T00:00:00Z";
  auto text = body.dump();

  EXPECT_EQ(post_signed(text, "not the secret", now_s).status, 401);
  EXPECT_EQ(post_signed(text, key, now_s - 600).status, 401); // a captured request replayed later
  auto unsigned_post = server().client().request("POST", api(k_webhook), text, {{"Content-Type", "application/json"}});
  EXPECT_EQ(unsigned_post.status, 401);
  EXPECT_EQ(unsigned_post.json()["errors"][0], "Invalid signature");

  auto first = post_signed(text, key, now_s);
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.json()["accepted"], 1);
  nlohmann::json reasons;
  auto rejected = first.json()["rejected"];
  for (const auto& item : rejected)
    reasons[item["id"].get<std::string>()] = item["reason"];
  EXPECT_EQ(reasons[unique + "-unknown"], "unknown_door");
  EXPECT_EQ(reasons[unique + "-bad"], "invalid");
  EXPECT_EQ(reasons[unique + "-old"], "too_old");
  auto again = post_signed(text, key, now_s); // at-least-once delivery: nothing stored twice
  EXPECT_EQ(again.json()["accepted"], 0);
  EXPECT_EQ(again.json()["duplicates"], 1);

  EXPECT_EQ(post_signed("not json", key, now_s).status, 400);
  EXPECT_EQ(post_signed(R"({"events": 3})", key, now_s).status, 400);
  EXPECT_EQ(post_signed(std::string(300 * 1024, ' '), key, now_s).status, 413);
  EXPECT_EQ(server().client().get(api("/n/101/manage/vision/cameras")).status, 401); // still serving
}

TEST_F(AccessControlTest, EventsArePagedInTimeOrderWithPageCount) {
  auto key = secret();
  auto base = "ev-page-" + std::to_string(now_ms());
  nlohmann::json body = {{"events", nlohmann::json::array()}};
  // Yesterday at 08:01-08:03 UTC of the hour a day ago, sent out of order: the answer sorts by time.
  auto hour = hour_of(now_ms() - 24 * 3'600'000);
  for (int minute : {3, 1, 2}) {
    auto item = event(base + "-" + std::to_string(minute), "door-dock");
    item["time"] = iso(hour + minute * 60'000);
    body["events"].push_back(item);
  }
  ASSERT_EQ(post_signed(body.dump(), key, now_ms() / 1000).json()["accepted"], 3);
  auto admin = signed_in(server(), k_admin);
  auto range = "&start_date=" + iso(hour) + "&end_date=" + iso(hour + 3'600'000);
  auto page = admin.get(
      api(std::string(k_events) + "?door_uuid=door-dock" + range + "&order=asc&order_by=time&page_size=2&page=1"));
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_EQ(page.json()["meta"]["pagination"]["page_count"], 2);
  EXPECT_EQ(page.json()["meta"]["pagination"]["total"], 3);
  EXPECT_EQ(page.json()["data"][0]["uuid"], base + "-1");
  EXPECT_EQ(page.json()["data"][1]["uuid"], base + "-2");
  auto by_name = admin.get(api(std::string(k_events) + "?door_name=LOADING" + range));
  EXPECT_EQ(by_name.json()["data"].size(), 3u);
  EXPECT_EQ(admin.get(api(std::string(k_events) + "?page_size=101")).status, 400);
  EXPECT_EQ(admin.get(api(std::string(k_events) + "?start_date=yesterday")).status, 400);
  EXPECT_EQ(admin.get(api(std::string(k_events) + "?order=sideways")).status, 400);
}

//! Its own argusd: the door simulator is killed.
class AccessControlDoorsimDown : public ::testing::Test {
protected:
  //! The pid of the doorsim argusd started (the process whose command line names this data directory's secret file).
  pid_t doorsim_pid() {
    auto secret_file = (server.data_dir() / "demo-doorsim").string();
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
      std::ifstream in(entry.path() / "cmdline");
      std::string command_line((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (command_line.find("doorsim") != std::string::npos && command_line.find(secret_file) != std::string::npos)
        return static_cast<pid_t>(std::stoi(entry.path().filename().string()));
    }
    return -1;
  }

  ArgusdProcess server;
};

TEST_F(AccessControlDoorsimDown, QuickGrantFailsWithTheSpecsTextAndNothingElseBreaks) {
  auto pid = doorsim_pid();
  ASSERT_GT(pid, 0) << server.output();
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  auto admin = signed_in(server, k_admin);
  auto refused = admin.request("PUT", api("/api/genea/v1/organizations/1/doors/door-front/quickGrant"));
  EXPECT_EQ(refused.status, 502) << refused.body;
  EXPECT_EQ(refused.json()["errors"][0], "Access could not be granted");
  // Everything else still answers: cameras, the doors, their events, the integration.
  EXPECT_EQ(admin.get(api("/n/101/manage/vision/cameras")).status, 200);
  EXPECT_EQ(admin.get(api("/api/genea/v1/organizations/1/doorCameraMappings")).json().size(), 4u);
  EXPECT_EQ(admin.get(api(std::string(k_events) + "?door_uuid=door-front")).status, 200);
  EXPECT_EQ(admin.get(api("/api/v1/organizations/1/camera/accessControlPartnerIntegrations")).status, 200);
  EXPECT_TRUE(server.running());
}

} // namespace
} // namespace argus::testing
