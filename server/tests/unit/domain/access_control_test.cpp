// Door access control without a network (docs/design/access-control.md): the webhook signature (checked against
// `openssl dgst -sha256 -hmac`), each rule of a partner's event, and the AccessControl service over a real SQLite
// store with a partner of the test's own (door sync and gone doors, duplicates, unknown doors, retention, unlock).
#include <memory>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/partner_event_input.hpp"
#include "common/error.hpp"
#include "services/access_control/access_control.hpp"
#include "services/access_control/http_door_partner.hpp"
#include "services/access_control/webhook_signature.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store_engine.hpp"
#include "test_support.hpp"

namespace argus::services {
namespace {

constexpr std::int64_t k_now_ms = 1'764'422'400'000; // 2025-11-29T13:20:00Z

TEST(WebhookSignature, MatchesOpensslsHmacSha256AndRefusesAnythingElse) {
  const std::string body = R"({"events":[]})";
  // printf '%s' '1764422400.{"events":[]}' | openssl dgst -sha256 -hmac topsecret
  const std::string expected = "v1=71df66af7d9bfae7d9cd62efcebcbcb904b6fe8ab588a58bfa7eb24d2c47111c";
  EXPECT_EQ(webhook_signature("topsecret", "1764422400", body), expected);
  EXPECT_TRUE(webhook_signature_valid("topsecret", "1764422400", expected, body, k_now_ms));
  EXPECT_TRUE(webhook_signature_valid("topsecret", "1764422400", expected, body, k_now_ms + 300'000));
  EXPECT_FALSE(webhook_signature_valid("topsecret", "1764422400", expected, body, k_now_ms + 301'000)); // stale
  EXPECT_FALSE(webhook_signature_valid("topsecret", "1764422400", expected, body, k_now_ms - 301'000)); // future
  EXPECT_FALSE(webhook_signature_valid("other", "1764422400", expected, body, k_now_ms));
  EXPECT_FALSE(webhook_signature_valid("topsecret", "1764422400", expected, body + " ", k_now_ms));
  EXPECT_FALSE(webhook_signature_valid("topsecret", "1764422401", expected, body, k_now_ms));
  EXPECT_FALSE(webhook_signature_valid("", "1764422400", webhook_signature("", "1764422400", body), body, k_now_ms));
  EXPECT_FALSE(webhook_signature_valid("topsecret", "1764422400x", expected, body, k_now_ms));
  EXPECT_FALSE(webhook_signature_valid("topsecret", "-1", expected, body, k_now_ms));
  EXPECT_FALSE(webhook_signature_valid("topsecret", "", expected, body, k_now_ms));
  EXPECT_FALSE(webhook_signature_valid("topsecret", "1764422400", expected.substr(3), body, k_now_ms));
}

nlohmann::json good_event() {
  return {{"id", "ev-1"},
          {"time", "2025-11-29T13:19:00.250Z"},
          {"type", "access_denied"},
          {"message", "Access denied"},
          {"door", {{"uuid", "door-front"}, {"name", "Front entrance"}}},
          {"controller", {{"uuid", "ctl-1"}, {"name", "Controller 1"}}},
          {"actor",
           {{"type", "USER"},
            {"uuid", "u-1"},
            {"name", "Ada"},
            {"department", "Engineering"},
            {"employeeNumber", "E-1"},
            {"accessGroups", {"Staff"}},
            {"password", "must not be kept"}}},
          {"cardNumber", "400"},
          {"commandId", nullptr}};
}

TEST(PartnerEventInput, KeepsTheContractsFieldsAndOnlyThose) {
  auto event = api::parse_partner_event(good_event(), k_now_ms);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->door_uuid, "door-front");
  EXPECT_EQ(event->record.partner_event_id, "ev-1");
  EXPECT_EQ(event->record.time_ms, k_now_ms - 60'000 + 250);
  EXPECT_EQ(event->record.type, "access_denied");
  EXPECT_EQ(event->record.controller_name, "Controller 1");
  EXPECT_EQ(event->record.card_number, "400");
  EXPECT_FALSE(event->record.command_id);
  auto actor = nlohmann::json::parse(event->record.actor_json);
  EXPECT_EQ(actor["name"], "Ada");
  EXPECT_EQ(actor["accessGroups"], nlohmann::json::array({"Staff"}));
  EXPECT_FALSE(actor.contains("password"));
  auto system = good_event();
  system["actor"] = {{"type", "SYSTEM"}, {"name", "ignored"}};
  EXPECT_EQ(nlohmann::json::parse(api::parse_partner_event(system, k_now_ms)->record.actor_json),
            nlohmann::json({{"type", "SYSTEM"}}));
}

TEST(PartnerEventInput, RefusesEachBrokenRule) {
  auto broken = [](const std::function<void(nlohmann::json&)>& change) {
    auto event = good_event();
    change(event);
    return !api::parse_partner_event(event, k_now_ms).has_value();
  };
  EXPECT_TRUE(broken([](auto& e) { e.erase("id"); }));
  EXPECT_TRUE(broken([](auto& e) { e["id"] = "has space"; }));
  EXPECT_TRUE(broken([](auto& e) { e["id"] = std::string(65, 'a'); }));
  EXPECT_TRUE(broken([](auto& e) { e["time"] = "2025-11-29 13:19:00"; }));  // no zone
  EXPECT_TRUE(broken([](auto& e) { e["time"] = "2025-11-29T13:26:00Z"; })); // 6 minutes ahead
  EXPECT_TRUE(broken([](auto& e) { e["type"] = "teleported"; }));
  EXPECT_TRUE(broken([](auto& e) { e["message"] = ""; }));
  EXPECT_TRUE(broken([](auto& e) { e["message"] = std::string(201, 'm'); }));
  EXPECT_TRUE(broken([](auto& e) { e["message"] = "line\nbreak"; }));
  EXPECT_TRUE(broken([](auto& e) { e["door"] = "door-front"; }));
  EXPECT_TRUE(broken([](auto& e) { e["door"].erase("uuid"); }));
  EXPECT_TRUE(broken([](auto& e) { e["door"]["uuid"] = "../etc"; }));
  EXPECT_TRUE(broken([](auto& e) { e["actor"]["type"] = "ROBOT"; }));
  EXPECT_TRUE(broken([](auto& e) { e["actor"].erase("name"); }));
  EXPECT_TRUE(broken([](auto& e) { e["actor"]["avatarUrl"] = "javascript:alert(1)"; }));
  EXPECT_TRUE(broken([](auto& e) { e["actor"]["accessGroups"] = nlohmann::json::array({1}); }));
  EXPECT_TRUE(broken([](auto& e) { e["cardNumber"] = std::string(33, '1'); }));
  EXPECT_TRUE(broken([](auto& e) { e["cardNumber"] = 400; }));
  EXPECT_TRUE(broken([](auto& e) { e["controller"] = 7; }));
  EXPECT_FALSE(api::parse_partner_event(nlohmann::json::array(), k_now_ms));
  EXPECT_EQ(api::partner_event_id(nlohmann::json{{"id", "ok-1"}}), "ok-1");
  EXPECT_EQ(api::partner_event_id(nlohmann::json{{"id", 5}}), "");
}

//! A partner whose doors and answers the test sets.
struct ScriptedPartner : AccessControlPartner {
  std::vector<PartnerDoor> door_list;
  std::vector<std::pair<std::string, UnlockCommand>> unlocked;
  std::vector<PartnerDoor> doors() override { return door_list; }
  void unlock(const std::string& door_uuid, const UnlockCommand& command) override {
    unlocked.emplace_back(door_uuid, command);
  }
};

// The service on both engines (store_engine.hpp): doors, events and retention are store rows.
class AccessControlService : public ::testing::TestWithParam<testing::StoreEngine> {
protected:
  void SetUp() override {
    ARGUS_SKIP_UNLESS_ENGINE_AVAILABLE(GetParam());
    location.emplace(GetParam());
    owned = location->open();
    service_ = std::make_unique<AccessControl>(*owned, scripted_partner(), [this] { return now; });
    owned->insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
    integration = {7, 1, "doorsim", "HQ doors", true, {}, "http://127.0.0.1:1", "secret", "token", true};
    owned->insert_integration(integration);
    partner->door_list = {{"door-a", "A", "site", "ctl", "Controller"}, {"door-b", "B", "site", "ctl", "Controller"}};
    service_->sync_doors(integration);
  }

  IncomingAccessEvent incoming(const std::string& id, const std::string& door, std::int64_t time_ms) {
    IncomingAccessEvent event;
    event.door_uuid = door;
    event.record.partner_event_id = id;
    event.record.time_ms = time_ms;
    event.record.type = "access_granted";
    event.record.message = "Access granted";
    event.record.actor_json = R"({"type":"SYSTEM"})";
    return event;
  }

  AccessControl::PartnerFactory scripted_partner() {
    return [this](const store::IntegrationRecord&) {
      struct Shared : AccessControlPartner {
        std::shared_ptr<ScriptedPartner> inner;
        std::vector<PartnerDoor> doors() override { return inner->doors(); }
        void unlock(const std::string& uuid, const UnlockCommand& command) override { inner->unlock(uuid, command); }
      };
      auto shared = std::make_unique<Shared>();
      shared->inner = partner;
      return shared;
    };
  }

  std::optional<testing::StoreLocation> location;
  std::unique_ptr<store::Database> owned;
  std::int64_t now = k_now_ms;
  std::shared_ptr<ScriptedPartner> partner = std::make_shared<ScriptedPartner>();
  std::unique_ptr<AccessControl> service_;
  store::IntegrationRecord integration;
};

TEST_P(AccessControlService, SyncKeepsDoorsThatDisappearedAsGone) {
  partner->door_list = {{"door-b", "B renamed", "site", "ctl", "Controller"}};
  service_->sync_doors(integration);
  auto doors = owned->doors_of_organization(1);
  ASSERT_EQ(doors.size(), 2u);
  EXPECT_EQ(doors[0].name, "A");
  EXPECT_TRUE(doors[0].gone);
  EXPECT_EQ(doors[1].name, "B renamed");
  EXPECT_FALSE(doors[1].gone);
}

TEST_P(AccessControlService, StoresEachEventOnceAndRefusesUnknownDoorsAndOldEvents) {
  auto result = service_->ingest(
      integration, {incoming("e1", "door-a", now - 1000), incoming("e2", "door-x", now),
                    incoming("e3", "door-a", now - k_unmapped_door_retention_days * 24 * 3600 * 1000 - 1)});
  EXPECT_EQ(result.accepted, 1);
  ASSERT_EQ(result.rejected.size(), 2u);
  EXPECT_EQ(result.rejected[0].reason, "unknown_door");
  EXPECT_EQ(result.rejected[1].reason, "too_old");
  auto again = service_->ingest(integration, {incoming("e1", "door-a", now - 1000)});
  EXPECT_EQ(again.accepted, 0);
  EXPECT_EQ(again.duplicates, 1);

  auto door_a = owned->doors_of_organization(1)[0];
  store::AccessEventQuery query;
  query.door_ids = {door_a.id};
  query.from_ms = 0;
  query.to_ms = now + 1;
  EXPECT_EQ(owned->access_events(query).total, 1);
  now += k_unmapped_door_retention_days * 24 * 3600 * 1000;
  EXPECT_EQ(service_->sweep_retention(), 1);
  EXPECT_EQ(owned->access_events(query).total, 0);
}

TEST_P(AccessControlService, ADoorsEventsAreKeptAsLongAsTheRecordingsOfItsCameras) {
  constexpr std::int64_t k_day_ms = 24LL * 3600 * 1000;
  store::NetworkRecord network;
  network.id = 1;
  network.eid = "net-1";
  network.organization_id = 1;
  network.name = "Net";
  network.timezone = "UTC";
  owned->insert_network(network);
  // door-a shows on a camera that records 30 days and on one that records 90; door-b is on no camera.
  for (auto [id, retention_days] : {std::pair<std::int64_t, std::int64_t>{11, 30}, {12, 90}}) {
    store::CameraRecord camera;
    camera.id = id;
    camera.network_id = 1;
    camera.mac = "34:56:fe:a1:00:" + std::to_string(id);
    camera.serial = "Q2MV-00" + std::to_string(id);
    camera.name = "Camera " + std::to_string(id);
    camera.channel_id = 50000 + id;
    owned->insert_camera(camera);
    ASSERT_TRUE(owned->set_camera_source({id, std::nullopt, std::nullopt, retention_days, {}}));
  }
  auto doors = owned->doors_of_organization(1);
  ASSERT_TRUE(owned->map_door_camera(doors[0].id, 11));
  ASSERT_TRUE(owned->map_door_camera(doors[0].id, 12));

  auto result = service_->ingest(
      integration, {incoming("a-60", "door-a", now - 60 * k_day_ms), incoming("b-60", "door-b", now - 60 * k_day_ms),
                    incoming("a-1", "door-a", now - 1000), incoming("b-1", "door-b", now - 1000)});
  EXPECT_EQ(result.accepted, 3);
  ASSERT_EQ(result.rejected.size(), 1u);
  EXPECT_EQ(result.rejected[0].id, "b-60");
  EXPECT_EQ(result.rejected[0].reason, "too_old");

  auto events_of = [&](const store::DoorRecord& door) {
    store::AccessEventQuery query;
    query.door_ids = {door.id};
    query.from_ms = 0;
    query.to_ms = now + 1;
    return owned->access_events(query).total;
  };
  now += 31 * k_day_ms; // a-60 is 91 days old, a-1 and b-1 31 days
  EXPECT_EQ(service_->sweep_retention(), 2);
  EXPECT_EQ(events_of(doors[0]), 1);
  EXPECT_EQ(events_of(doors[1]), 0);
}

TEST_P(AccessControlService, UnlockSendsANewCommandIdAndIsRefusedWithoutTheRightToCommand) {
  auto door = owned->doors_of_organization(1)[0];
  UnlockCommand command;
  command.user_name = "Alex";
  auto first = service_->unlock(integration, door, command);
  auto second = service_->unlock(integration, door, command);
  EXPECT_EQ(first.size(), 36u);
  EXPECT_NE(first, second);
  ASSERT_EQ(partner->unlocked.size(), 2u);
  EXPECT_EQ(partner->unlocked[0].first, "door-a");
  EXPECT_EQ(partner->unlocked[0].second.command_id, first);
  integration.can_issue_commands = false;
  try {
    service_->unlock(integration, door, command);
    FAIL() << "unlocked without the right to command";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::conflict);
  }
  EXPECT_EQ(partner->unlocked.size(), 2u);
}

ARGUS_ON_BOTH_STORE_ENGINES(AccessControlService);

} // namespace
} // namespace argus::services

namespace argus::api {
namespace {

//! Quick grant through the API when the partner cannot be reached (nothing listens on its port): the spec's text,
//! logged, nothing else broken.
TEST(QuickGrantApi, APartnerThatCannotBeReachedAnswersAccessCouldNotBeGranted) {
  testing::ApiHarness harness;
  ASSERT_TRUE(harness.database.set_integration_partner(1, "http://127.0.0.1:9", "secret", "token", true));
  harness.database.sync_doors(1, {{0, 1, "door-front", "Front entrance", "site", "ctl", "Controller", false, {}}});
  auto door = harness.database.doors_of_organization(1).at(0);
  harness.database.map_door_camera(door.id, 1001);
  services::AccessControl access_control(
      harness.database,
      [](const store::IntegrationRecord& integration) {
        return std::make_unique<services::HttpDoorPartner>(integration.base_url, integration.command_token, 2000);
      },
      [&harness] { return harness.now_ms; });
  harness.context.access_control = &access_control;
  auto token = harness.sign_in("admin@argus.demo");
  auto answer =
      harness.call(harness.request("PUT", "/n1/api/genea/v1/organizations/1/doors/door-front/quickGrant"), token);
  EXPECT_EQ(answer.status, 502);
  EXPECT_EQ(testing::body_of(answer)["errors"][0], "Access could not be granted");
  auto events = harness.call(harness.request("GET", "/n1/api/genea/v1/organizations/1/accessEvents"), token);
  EXPECT_EQ(events.status, 200);
  store::AccessLogQuery query;
  query.organization_id = 1;
  auto log = harness.database.access_log_entries(query);
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(log.front().kind, "door_quick_grant");
}

} // namespace
} // namespace argus::api
