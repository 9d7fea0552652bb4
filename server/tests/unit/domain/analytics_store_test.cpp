// Motion analytics, motion search telemetry, doors and global search in the store on both engines
// (store_engine.hpp).
#include <gtest/gtest.h>

#include "store_engine.hpp"

namespace argus::testing {
namespace {

class AnalyticsStore : public StoreTest {};

TEST_P(AnalyticsStore, MotionSecondsAndSummariesAreReplacedReadAndDeleted) {
  insert_camera(7);
  database->append_motion({{7, 100, {1, 2}}, {7, 101, {3}}, {99, 100, {1}}}, {{7, 60, 60, 2, {3, 2}}});
  database->append_motion({{7, 101, {4, 5}}}, {{7, 60, 60, 3, {4, 5}}});
  std::vector<std::pair<std::int64_t, std::vector<std::uint8_t>>> seconds;
  database->visit_motion_seconds(7, 0, 1000, [&](std::int64_t second_s, std::span<const std::uint8_t> cells) {
    seconds.emplace_back(second_s, std::vector<std::uint8_t>(cells.begin(), cells.end()));
  });
  ASSERT_EQ(seconds.size(), 2u);
  EXPECT_EQ(seconds[1].second, (std::vector<std::uint8_t>{4, 5}));
  auto summary = database->find_motion_summary(7, 60, 60);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->seconds, 3);
  EXPECT_EQ(database->motion_summaries(7, 60, 0, 120).size(), 1u);
  EXPECT_FALSE(database->find_motion_summary(99, 60, 60)) << "a camera that does not exist stores nothing";

  auto recap = database->insert_motion_recap({0, 7, 100'500, 12, "motion/7/a.jpg"});
  database->insert_motion_recap({0, 7, 300'000, 3, "motion/7/b.jpg"});
  EXPECT_EQ(database->motion_recaps_in_range(7, 0, 200'000).size(), 1u);
  EXPECT_EQ(database->find_motion_recap(7, recap)->score, 12);
  EXPECT_FALSE(database->find_motion_recap(8, recap));
  auto files = database->delete_motion_before(7, 200);
  EXPECT_EQ(files, (std::vector<std::string>{"motion/7/a.jpg"}));
  EXPECT_FALSE(database->find_motion_summary(7, 60, 60));
  seconds.clear();
  database->visit_motion_seconds(7, 0, 1000, [&](std::int64_t second_s, std::span<const std::uint8_t>) {
    seconds.emplace_back(second_s, std::vector<std::uint8_t>{});
  });
  EXPECT_TRUE(seconds.empty());
}

TEST_P(AnalyticsStore, MotionTelemetryIsStoredSampledAndPruned) {
  store::MotionTelemetryRecord event;
  event.user_id = 3;
  event.organization_id = 1;
  event.client_name = "portal";
  event.client_version = "1";
  event.search_duration = 12.5;
  event.with_people = true;
  for (std::int64_t at : {10, 20, 30}) {
    event.received_ms = at;
    database->insert_motion_telemetry({event});
  }
  EXPECT_EQ(database->count_motion_telemetry(), 3);
  auto samples = database->motion_telemetry_since(1, 20, 10);
  ASSERT_EQ(samples.size(), 2u);
  EXPECT_EQ(samples[0].search_duration, 12.5);
  EXPECT_FALSE(samples[0].result_count);
  EXPECT_EQ(database->delete_motion_telemetry_before(25), 2);
}

TEST_P(AnalyticsStore, DoorsAreSyncedMappedAndTheirEventsStoredOnceAndPaged) {
  insert_camera(7);
  store::IntegrationRecord integration;
  integration.id = 5;
  integration.organization_id = 1;
  integration.partner = "verkada";
  integration.name = "Doors";
  integration.enabled = true;
  database->insert_integration(integration);
  database->sync_doors(5, {{0, 5, "door-a", "A", "", "", "", false, {}}, {0, 5, "door-b", "B", "", "", "", false, {}}});
  database->sync_doors(5, {{0, 5, "door-b", "B renamed", "site", "", "", false, {}}});
  auto doors = database->doors_of_organization(1);
  ASSERT_EQ(doors.size(), 2u);
  EXPECT_EQ(doors[0].name, "A");
  EXPECT_TRUE(doors[0].gone);
  EXPECT_EQ(doors[1].name, "B renamed");
  EXPECT_FALSE(doors[1].gone);
  auto door = doors[1].id;
  EXPECT_TRUE(database->map_door_camera(door, 7));
  EXPECT_FALSE(database->map_door_camera(door, 7));
  EXPECT_EQ(database->doors_of_organization(1)[1].camera_ids, (std::vector<std::int64_t>{7}));
  EXPECT_EQ(database->door_retention_days(90).at(door), 30); // the camera's retention
  EXPECT_EQ(database->door_retention_days(90).at(doors[0].id), 90);

  auto event = [&](const std::string& id, std::int64_t time_ms) {
    store::AccessEventRecord out;
    out.integration_id = 5;
    out.door_id = door;
    out.partner_event_id = id;
    out.time_ms = time_ms;
    out.type = "access_granted";
    out.message = "Access granted";
    out.actor_json = "{}";
    return out;
  };
  EXPECT_TRUE(database->insert_access_event(event("e1", 100)));
  EXPECT_FALSE(database->insert_access_event(event("e1", 100)));
  EXPECT_TRUE(database->insert_access_event(event("e2", 200)));
  EXPECT_TRUE(database->insert_access_event(event("e3", 300)));
  store::AccessEventQuery query{{door}, 0, 1000, false, 0, 2};
  auto page = database->access_events(query);
  EXPECT_EQ(page.total, 3);
  ASSERT_EQ(page.items.size(), 2u);
  EXPECT_EQ(page.items[0].partner_event_id, "e3");
  query.ascending = true;
  query.offset = 2;
  EXPECT_EQ(database->access_events(query).items.at(0).partner_event_id, "e3");
  EXPECT_EQ(database->delete_door_access_events_before(door, 250), 2);
  EXPECT_TRUE(database->unmap_door_camera(door, 7));
  EXPECT_FALSE(database->unmap_door_camera(door, 7));
}

TEST_P(AnalyticsStore, SearchFindsNamesWordsAndSubstringsOfOneOrganizationAsPlainText) {
  insert_camera(7, "Front Door");
  insert_camera(8, "Loading dock");
  insert_camera(9, "Back office 100%");
  database->insert_organization({2, "org-2", "Other", 1, "", "", "", std::nullopt});
  database->insert_network({2, "net-2", 2, "Other", "UTC", {}, "en", ""});
  store::CameraRecord foreign;
  foreign.id = 20;
  foreign.network_id = 2;
  foreign.mac = "foreign";
  foreign.serial = "foreign";
  foreign.name = "Front gate";
  foreign.channel_id = 50020;
  database->insert_camera(foreign);
  auto ids = [&](std::string_view text, store::SearchTier tier) {
    std::vector<std::int64_t> out;
    for (const auto& candidate : database->search_candidates(1, "camera", text, tier, 10))
      out.push_back(candidate.item_id);
    return out;
  };
  using store::SearchTier;
  EXPECT_EQ(ids("fRoNt", SearchTier::name_prefix), (std::vector<std::int64_t>{7}));
  EXPECT_EQ(ids("door", SearchTier::name_prefix), (std::vector<std::int64_t>{}));
  EXPECT_EQ(ids("do", SearchTier::word_prefix), (std::vector<std::int64_t>{7, 8}));
  EXPECT_EQ(ids("q2mv", SearchTier::word_prefix), (std::vector<std::int64_t>{7, 8, 9})); // the serial
  EXPECT_EQ(ids("ffic", SearchTier::substring), (std::vector<std::int64_t>{9}));
  EXPECT_EQ(ids("100%", SearchTier::substring), (std::vector<std::int64_t>{9}));
  EXPECT_EQ(ids("%", SearchTier::name_prefix), (std::vector<std::int64_t>{}));
  EXPECT_TRUE(database->search_candidates(1, "camera", "", SearchTier::substring, 10).empty());
  EXPECT_TRUE(database->search_candidates(1, "nothing", "front", SearchTier::substring, 10).empty());
}

ARGUS_ON_BOTH_STORE_ENGINES(AnalyticsStore);

} // namespace
} // namespace argus::testing
