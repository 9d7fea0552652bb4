// POST /manage/video/client_memory_telemetry against a real argusd: a valid report is stored with the session's user
// and organization (the client's claimed ids only as reported values) and answers 204; no session (401), no CSRF
// token (403), an oversize body (413), bad JSON or wrong types (400), a network the caller may not see (404/403) and a
// second report of a session within a minute (429 + Retry-After) store nothing. Rows are read back from the server's
// own SQLite file (the server stores them off the HTTP thread, so an accepted report is waited for).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "store/sqlite/sqlite_database.hpp"
#include "support/api_helpers.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

const Headers k_json = {{"Content-Type", "application/json"}};
constexpr std::int64_t k_northwind = 1;
const std::string k_path = api("/manage/video/client_memory_telemetry");

json report(json network_id = 101) {
  return {{"client", {{"os", "Linux"}, {"osVersion", "x86_64"}, {"browser", "Chrome"}, {"browserVersion", "126.0"}}},
          {"clientApp", {{"name", "argus-portal"}, {"appVersion", "0.9.0"}}},
          {"memoryStats",
           {{"totalJSHeapSize", 52'000'000},
            {"usedJSHeapSize", 41'000'000.5},
            {"jsHeapSizeLimit", 4'294'705'152},
            {"snapshotTime", 1735689600123},
            {"videoWallId", 7001},
            {"isRotating", true},
            {"isFullscreen", false},
            {"orgId", 2},
            {"networkId", network_id}}},
          {"user", {{"id", 3}}}};
}

class ClientMemoryTelemetry : public SharedArgusdTest {
protected:
  //! The newest reports of Northwind, read from argusd's database file (WAL: a second reader is fine).
  std::vector<store::ClientMemoryTelemetryRecord> reports() {
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    return database.recent_client_memory_telemetry(k_northwind, 1000);
  }
};

TEST_F(ClientMemoryTelemetry, ReportIsStoredWithTheSessionsUserAndOrganization) {
  auto viewer = signed_in(server(), k_viewer);
  auto before = reports().size();
  auto response = viewer.post_json(k_path, report());
  ASSERT_EQ(response.status, 204) << response.body;
  EXPECT_TRUE(response.body.empty());

  // Stored by argusd's telemetry writer, off the HTTP thread: shortly after the answer.
  std::vector<store::ClientMemoryTelemetryRecord> stored;
  ASSERT_TRUE(poll_until(5s, [&] { return (stored = reports()).size() == before + 1; }));
  const auto& row = stored.front();
  EXPECT_EQ(row.organization_id, k_northwind) << "the session's organization, not the claimed orgId";
  EXPECT_EQ(row.user_id, 4) << "the session's user, not the claimed user.id";
  EXPECT_EQ(row.reported_user_id, "3");
  EXPECT_EQ(row.reported_org_id, "2");
  EXPECT_EQ(row.network_id, 101);
  EXPECT_EQ(row.video_wall_id, 7001);
  EXPECT_EQ(row.client_os, "Linux");
  EXPECT_EQ(row.client_browser_version, "126.0");
  EXPECT_EQ(row.app_name, "argus-portal");
  EXPECT_EQ(row.app_version, "0.9.0");
  EXPECT_EQ(row.total_js_heap_bytes, 52'000'000);
  EXPECT_EQ(row.used_js_heap_bytes, 41'000'001);
  EXPECT_EQ(row.js_heap_limit_bytes, 4'294'705'152);
  EXPECT_EQ(row.snapshot_ms, 1735689600123);
  EXPECT_EQ(row.is_rotating, true);
  EXPECT_EQ(row.is_fullscreen, false);
  EXPECT_GT(row.received_ms, 1735689600000);

  // The same path under another shard's base path is the same call; the second report of the session is too early.
  auto again = viewer.post_json("/n7/manage/video/client_memory_telemetry", report());
  EXPECT_EQ(again.status, 429) << again.body;
  EXPECT_TRUE(is_error_body(again));
  auto retry_after = again.header("retry-after");
  ASSERT_FALSE(retry_after.empty());
  EXPECT_GE(std::stoi(retry_after), 1);
  EXPECT_LE(std::stoi(retry_after), 60);
  EXPECT_EQ(reports().size(), before + 1);

  // Another session has its own minute; optional fields may be absent or null.
  auto admin = signed_in(server(), k_admin);
  json minimal = {
      {"client", json::object()},
      {"clientApp", json::object()},
      {"memoryStats", {{"totalJSHeapSize", 0}, {"usedJSHeapSize", 0}, {"jsHeapSizeLimit", 0}, {"networkId", nullptr}}}};
  auto bare = admin.post_json(k_path, minimal);
  ASSERT_EQ(bare.status, 204) << bare.body;
  ASSERT_TRUE(poll_until(5s, [&] { return reports().size() == before + 2; }));
  EXPECT_EQ(reports().front().user_id, 1);
  EXPECT_EQ(reports().front().network_id, std::nullopt);
  EXPECT_EQ(reports().front().reported_user_id, std::nullopt);
}

TEST_F(ClientMemoryTelemetry, MalformedOrMistypedIs400AndStoresNothing) {
  auto admin = signed_in(server(), k_admin);
  auto before = reports().size();
  std::vector<json> bodies = {json::object()};
  for (const char* part : {"client", "clientApp", "memoryStats"}) {
    auto body = report();
    body.erase(part);
    bodies.push_back(body);
    body[part] = "text";
    bodies.push_back(body);
  }
  for (const char* field : {"totalJSHeapSize", "usedJSHeapSize", "jsHeapSizeLimit"}) {
    for (const json& value : {json(nullptr), json(-1), json("100"), json(true), json(1e300)}) {
      auto body = report();
      body["memoryStats"][field] = value;
      bodies.push_back(body);
    }
  }
  for (const json& value : {json(-5), json("soon"), json(false)}) {
    auto body = report();
    body["memoryStats"]["snapshotTime"] = value;
    bodies.push_back(body);
  }
  for (const char* field : {"isRotating", "isFullscreen"}) {
    auto body = report();
    body["memoryStats"][field] = "yes";
    bodies.push_back(body);
  }
  for (const json& value : {json(0), json(-101), json(101.5), json("abc"), json::array()}) {
    auto body = report(value);
    bodies.push_back(body);
    body = report();
    body["memoryStats"]["videoWallId"] = value;
    bodies.push_back(body);
  }
  for (const std::pair<const char*, const char*> field :
       {std::pair{"client", "os"}, {"client", "browserVersion"}, {"clientApp", "name"}, {"clientApp", "appVersion"}}) {
    auto body = report();
    body[field.first][field.second] = 7;
    bodies.push_back(body);
    body[field.first][field.second] = std::string(129, 'x');
    bodies.push_back(body);
  }
  auto body = report();
  body["user"] = "me";
  bodies.push_back(body);
  body = report();
  body["user"]["id"] = json::array({1});
  bodies.push_back(body);
  body = report();
  body["memoryStats"]["orgId"] = -2;
  bodies.push_back(body);

  for (const auto& bad : bodies) {
    auto response = admin.post_json(k_path, bad);
    EXPECT_EQ(response.status, 400) << bad.dump() << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << bad.dump();
  }
  for (const std::string raw : {"{\"client\": ", "not json", "[1,2]", "", "{\"memoryStats\": NaN}"}) {
    auto response = admin.request("POST", k_path, raw, k_json);
    EXPECT_EQ(response.status, 400) << raw << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << raw;
  }
  EXPECT_EQ(reports().size(), before);

  // Refusals do not use up the session's minute.
  auto accepted = admin.post_json(k_path, report());
  EXPECT_EQ(accepted.status, 204) << accepted.body;
}

TEST_F(ClientMemoryTelemetry, OversizeBodyIs413) {
  auto admin = signed_in(server(), k_admin);
  auto before = reports().size();
  auto body = report();
  body["padding"] = std::string(9 * 1024, 'x');
  auto response = admin.post_json(k_path, body);
  EXPECT_EQ(response.status, 413) << response.body;
  EXPECT_TRUE(is_error_body(response));
  EXPECT_EQ(reports().size(), before);
}

TEST_F(ClientMemoryTelemetry, NetworksTheCallerMayNotSeeAreRefused) {
  auto before = reports().size();
  auto admin = signed_in(server(), k_admin);
  for (std::int64_t network_id : {201, 999999}) { // another organization's network; no such network
    auto response = admin.post_json(k_path, report(network_id));
    EXPECT_EQ(response.status, 404) << network_id << ": " << response.body;
    EXPECT_TRUE(is_error_body(response));
  }
  auto viewer = signed_in(server(), k_viewer);
  auto hidden = viewer.post_json(k_path, report(103)); // a network the viewer does not see
  EXPECT_EQ(hidden.status, 404) << hidden.body;
  auto monitor = signed_in(server(), k_monitor); // monitor-only on Downtown Store
  auto refused = monitor.post_json(k_path, report(102));
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_EQ(reports().size(), before);
}

TEST_F(ClientMemoryTelemetry, NeedsCsrfTokenAndSession) {
  auto before = reports().size();
  auto admin = signed_in(server(), k_admin);
  admin.set_default_header("X-CSRF-Token", "forged");
  auto forged = admin.post_json(k_path, report());
  EXPECT_EQ(forged.status, 403) << forged.body;
  EXPECT_EQ(forged.json(), (json{{"errors", {k_invalid_csrf}}}));

  auto anonymous = server().client();
  prime_csrf(anonymous);
  auto sessionless = anonymous.post_json(k_path, report());
  EXPECT_TRUE(is_login_mode(sessionless)) << sessionless.body;
  EXPECT_EQ(reports().size(), before);
}

} // namespace
} // namespace argus::testing
