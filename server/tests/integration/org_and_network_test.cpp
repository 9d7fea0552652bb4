// Organization-level calls (env, flags, shard features, organizations, manifest, bundle, switching, privileges,
// integrations) and the network list and context, for the demo roles.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const Headers k_json = {{"Content-Type", "application/json"}};

void expect_organization(const json& org) {
  for (const char* field : {"id", "eid", "name", "shard_id"})
    EXPECT_TRUE(org.contains(field)) << field << " missing: " << org.dump();
  EXPECT_TRUE(org["id"].is_number_integer());
  EXPECT_TRUE(org["eid"].is_string());
  EXPECT_TRUE(org["name"].is_string());
  EXPECT_TRUE(org["shard_id"].is_number_integer());
}

void expect_network(const json& network) {
  for (const char* field :
       {"id", "eid", "name", "organization_id", "timezone", "tags", "locale_id", "local_lanname", "node_group_id"})
    EXPECT_TRUE(network.contains(field)) << field << " missing: " << network.dump();
  EXPECT_TRUE(network["tags"].is_array());
  EXPECT_FALSE(network["timezone"].get<std::string>().empty());
  EXPECT_EQ(network["node_group_id"], network["id"]) << "a network's node group id equals its network id";
}

void expect_network_permissions(const json& permissions) {
  for (const char* field :
       {"network_id", "read", "write", "export", "historical", "live", "events", "is_monitor_only_admin"})
    EXPECT_TRUE(permissions.contains(field)) << field << " missing: " << permissions.dump();
}

json rights(bool read, bool write, bool exp, bool historical, bool live, bool events, bool monitor_only) {
  return {{"read", read},
          {"write", write},
          {"export", exp},
          {"historical", historical},
          {"live", live},
          {"events", events},
          {"is_monitor_only_admin", monitor_only}};
}

// The permission flags of a NetworkPermissions object (without network_id).
json flags_of(json permissions) {
  permissions.erase("network_id");
  return permissions;
}

class OrgAndNetwork : public SharedArgusdTest {};

TEST_F(OrgAndNetwork, EnvHasTheContractFields) {
  auto client = signed_in(server(), k_admin);
  auto response = client.get(api("/vision/env"));
  ASSERT_EQ(response.status, 200) << response.body;
  auto env = response.json();
  for (const char* field :
       {"manage_url", "google_maps_api_key", "google_maps_client_id", "app_version", "shard_id", "organization"})
    EXPECT_TRUE(env.contains(field)) << field << " missing: " << response.body;
  EXPECT_EQ(env["shard_id"], 1);
  expect_organization(env["organization"]);
  EXPECT_EQ(env["organization"]["id"], 1);
  EXPECT_EQ(env["organization"]["name"], "Northwind Logistics");
}

TEST_F(OrgAndNetwork, NfosListFlagsIncludingCameraTetris) {
  auto client = signed_in(server(), k_admin);
  auto response = client.get(api("/vision/nfos"));
  ASSERT_EQ(response.status, 200) << response.body;
  auto nfos = response.json();
  ASSERT_TRUE(nfos.is_array());
  bool tetris = false;
  for (const auto& nfo : nfos) {
    for (const char* field : {"feature", "enabled", "org_wide", "network_ids"})
      EXPECT_TRUE(nfo.contains(field)) << field << " missing: " << nfo.dump();
    EXPECT_TRUE(nfo["enabled"].is_boolean());
    EXPECT_TRUE(nfo["network_ids"].is_array());
    tetris = tetris || nfo["feature"] == "has_camera_tetris";
  }
  EXPECT_TRUE(tetris) << response.body;

  // ?id= another organization of the user works; one the user is not in answers 404.
  EXPECT_EQ(client.get(api("/vision/nfos?id=2")).status, 200);
  auto viewer = signed_in(server(), k_viewer);
  auto foreign = viewer.get(api("/vision/nfos?id=2"));
  EXPECT_EQ(foreign.status, 404) << foreign.body;
  EXPECT_EQ(foreign.body, viewer.get(api("/vision/nfos?id=999999")).body);
}

TEST_F(OrgAndNetwork, NfosNetworkIdsOnlyNameListedNetworks) {
  auto viewer = signed_in(server(), k_viewer);
  std::set<std::int64_t> listed;
  for (auto id : ids_of(viewer.get(api("/vision/networks")).json()))
    listed.insert(id);
  for (const auto& nfo : viewer.get(api("/vision/nfos")).json()) {
    for (const auto& id : nfo["network_ids"])
      EXPECT_TRUE(listed.count(id.get<std::int64_t>())) << nfo.dump();
  }
}

TEST_F(OrgAndNetwork, ShardFeaturesFilterToTheEnabledOnesAsked) {
  auto client = signed_in(server(), k_admin);
  auto all = client.get(api("/vision/shard_features"));
  ASSERT_EQ(all.status, 200) << all.body;
  auto features = all.json();
  ASSERT_TRUE(features.is_array());
  for (const auto& feature : features)
    EXPECT_TRUE(feature.is_string());
  ASSERT_FALSE(features.empty()) << "the demo enables shard features";

  std::string first = features[0];
  auto some = client.get(api("/vision/shard_features?features=no_such_feature," + first));
  ASSERT_EQ(some.status, 200) << some.body;
  EXPECT_EQ(some.json(), json::array({first}));
  EXPECT_EQ(client.get(api("/vision/shard_features?features=no_such_feature")).json(), json::array());
}

TEST_F(OrgAndNetwork, ShardForNetwork) {
  auto client = signed_in(server(), k_admin);
  auto response = client.get(api("/vision/shard_for_network?id=101"));
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.json(), (json{{"shard_id", 1}}));

  auto missing = client.get(api("/vision/shard_for_network?id=999999"));
  EXPECT_EQ(missing.status, 404) << missing.body;
  EXPECT_TRUE(is_error_body(missing));
  auto foreign = client.get(api("/vision/shard_for_network?id=201"));
  EXPECT_EQ(foreign.status, 404) << foreign.body;
  EXPECT_EQ(foreign.body, missing.body);
}

TEST_F(OrgAndNetwork, OrganizationsMapIsKeyedById) {
  auto client = signed_in(server(), k_admin);
  auto response = client.get(api("/vision/organizations"));
  ASSERT_EQ(response.status, 200) << response.body;
  auto orgs = response.json();
  ASSERT_TRUE(orgs.is_object());
  ASSERT_EQ(orgs.size(), 2u) << response.body;
  for (const auto& [key, org] : orgs.items()) {
    expect_organization(org);
    EXPECT_EQ(key, std::to_string(org["id"].get<std::int64_t>()));
  }
  EXPECT_EQ(orgs.at("1").at("name"), "Northwind Logistics");
  EXPECT_EQ(orgs.at("2").at("name"), "Contoso Retail");

  auto viewer = signed_in(server(), k_viewer);
  auto mine = viewer.get(api("/vision/organizations")).json();
  EXPECT_EQ(mine.size(), 1u) << mine.dump();
  EXPECT_TRUE(mine.contains("1"));
}

TEST_F(OrgAndNetwork, Manifest) {
  auto client = signed_in(server(), k_admin);
  auto features = client.get(api("/vision/shard_features")).json();
  ASSERT_FALSE(features.empty());
  std::string first = features[0];
  auto response = client.get(api("/vision/organizations/1/manifest?shard_features=" + first + ",no_such_feature"));
  ASSERT_EQ(response.status, 200) << response.body;
  auto manifest = response.json();
  expect_organization(manifest.at("organization"));
  EXPECT_EQ(manifest["organization"]["id"], 1);
  EXPECT_EQ(manifest.at("shard_features"), json::array({first}));

  auto other = client.get(api("/vision/organizations/2/manifest"));
  ASSERT_EQ(other.status, 200) << other.body;
  EXPECT_EQ(other.json().at("organization").at("id"), 2);

  auto viewer = signed_in(server(), k_viewer);
  auto foreign = viewer.get(api("/vision/organizations/2/manifest"));
  EXPECT_EQ(foreign.status, 404) << foreign.body;
  EXPECT_EQ(foreign.body, viewer.get(api("/vision/organizations/999999/manifest")).body);
}

TEST_F(OrgAndNetwork, ViewerBundle) {
  auto viewer = signed_in(server(), k_viewer);
  auto user = viewer.get(api("/vision/user")).json();
  auto response = viewer.get(api("/vision/organizations/" + user.at("org_id").dump() + "/bundle"));
  ASSERT_EQ(response.status, 200) << response.body;
  auto bundle = response.json();
  for (const char* field : {"env", "nfos", "networks", "shard_features", "user", "permissions"})
    ASSERT_TRUE(bundle.contains(field)) << field << " missing: " << response.body;
  EXPECT_EQ(bundle["env"], viewer.get(api("/vision/env")).json());
  EXPECT_EQ(bundle["nfos"], viewer.get(api("/vision/nfos")).json());
  EXPECT_EQ(bundle["networks"], viewer.get(api("/vision/networks")).json());
  EXPECT_EQ(bundle["shard_features"], viewer.get(api("/vision/shard_features")).json());
  EXPECT_EQ(bundle["user"], user);
  EXPECT_EQ(bundle["user"]["is_admin"], false);

  // Viewers see Warehouse HQ and Downtown Store (each has public cameras), not Distribution Center.
  auto ids = ids_of(bundle["networks"]);
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::vector<std::int64_t>{101, 102}));
  ASSERT_TRUE(bundle["permissions"].is_object());
  EXPECT_EQ(bundle["permissions"].size(), ids.size());
  for (auto id : ids) {
    auto key = std::to_string(id);
    ASSERT_TRUE(bundle["permissions"].contains(key)) << response.body;
    const auto& permissions = bundle["permissions"][key];
    expect_network_permissions(permissions);
    EXPECT_EQ(permissions["network_id"], id);
    EXPECT_EQ(flags_of(permissions), rights(true, false, false, false, true, false, false)) << permissions.dump();
  }

  auto foreign = viewer.get(api("/vision/organizations/2/bundle"));
  EXPECT_EQ(foreign.status, 404) << foreign.body;
}

TEST_F(OrgAndNetwork, AdministeredOrgs) {
  auto admin = signed_in(server(), k_admin);
  auto response = admin.get(api("/manage/organization/administered_orgs"));
  ASSERT_EQ(response.status, 200) << response.body;
  auto orgs = response.json();
  ASSERT_TRUE(orgs.is_array());
  EXPECT_EQ(orgs.size(), 2u) << response.body;
  for (const auto& org : orgs)
    expect_organization(org);

  auto viewer = signed_in(server(), k_viewer);
  auto none = viewer.get(api("/manage/organization/administered_orgs"));
  ASSERT_EQ(none.status, 200) << none.body;
  EXPECT_EQ(none.json(), json::array());
}

TEST_F(OrgAndNetwork, ChangeOrgSwitchesNetworksAndHidesTheOldOnes) {
  auto admin = signed_in(server(), k_admin);
  auto org1_networks = ids_of(admin.get(api("/vision/networks")).json());
  ASSERT_FALSE(org1_networks.empty());
  auto orgs = admin.get(api("/vision/organizations")).json();
  auto response =
      admin.request("PUT", api("/vision/change_org"), json{{"org_eid", orgs.at("2").at("eid")}}.dump(), k_json);
  ASSERT_EQ(response.status, 200) << response.body;
  auto body = response.json();
  EXPECT_EQ(body.at("success"), true);
  EXPECT_EQ(body.at("organization"), orgs.at("2"));

  auto user = admin.get(api("/vision/user")).json();
  EXPECT_EQ(user.at("org_id"), 2);
  EXPECT_EQ(user.at("admin_permissions_hash"), (json{{"201", {{"is_monitor_only_admin", false}}}})) << user.dump();
  EXPECT_EQ(admin.get(api("/vision/env")).json().at("organization").at("id"), 2);
  auto networks = admin.get(api("/vision/networks")).json();
  ASSERT_FALSE(networks.empty());
  for (const auto& network : networks)
    EXPECT_EQ(network.at("organization_id"), 2) << network.dump();
  EXPECT_EQ(ids_of(networks), (std::vector<std::int64_t>{201}));

  auto missing_context = admin.get(api("/vision/networks/999999/context"));
  for (auto id : org1_networks) {
    auto path = std::to_string(id);
    auto context = admin.get(api("/vision/networks/" + path + "/context"));
    EXPECT_EQ(context.status, 404) << path << ": " << context.body;
    EXPECT_EQ(context.body, missing_context.body);
    EXPECT_EQ(admin.get(api("/n/" + path + "/manage/vision/cameras")).status, 404) << path;
    EXPECT_EQ(admin.get(api("/vision/networks?id=" + path)).json(), json::array()) << path;
  }

  // Another browser's session of the same user stays in organization 1.
  auto other = signed_in(server(), k_admin);
  EXPECT_EQ(other.get(api("/vision/user")).json().at("org_id"), 1);

  // And back.
  auto back = admin.request("PUT", api("/vision/change_org"), json{{"org_eid", orgs.at("1").at("eid")}}.dump(), k_json);
  ASSERT_EQ(back.status, 200) << back.body;
  EXPECT_EQ(admin.get(api("/vision/user")).json().at("org_id"), 1);
}

TEST_F(OrgAndNetwork, ChangeOrgToAForeignOrUnknownOrgChangesNothing) {
  auto admin = signed_in(server(), k_admin);
  std::string org2_eid = admin.get(api("/vision/organizations")).json().at("2").at("eid");

  auto writer = signed_in(server(), k_writer); // member of organization 1 only
  for (const auto& eid : {org2_eid, std::string("no-such-org")}) {
    auto response = writer.request("PUT", api("/vision/change_org"), json{{"org_eid", eid}}.dump(), k_json);
    EXPECT_TRUE(response.status == 403 || response.status == 404) << eid << ": " << response.status << response.body;
    EXPECT_TRUE(is_error_body(response)) << eid;
    EXPECT_EQ(writer.get(api("/vision/user")).json().at("org_id"), 1) << eid;
  }
  auto bad = writer.request("PUT", api("/vision/change_org"), json{{"org_eid", 2}}.dump(), k_json);
  EXPECT_EQ(bad.status, 400) << bad.body;
  auto malformed = writer.request("PUT", api("/vision/change_org"), "{", k_json);
  EXPECT_EQ(malformed.status, 400) << malformed.body;
  EXPECT_EQ(writer.get(api("/vision/user")).json().at("org_id"), 1);
}

TEST_F(OrgAndNetwork, Privileges) {
  auto viewer = signed_in(server(), k_viewer);
  auto viewer_id = viewer.get(api("/vision/user")).json().at("id").get<std::int64_t>();
  auto admin = signed_in(server(), k_admin);
  auto admin_id = admin.get(api("/vision/user")).json().at("id").get<std::int64_t>();
  auto mine_path = "/api/v1/organizations/1/admins/" + std::to_string(viewer_id) + "/privileges";

  // Self: allowed; the viewer's single row grants live video on cameras tagged "public".
  auto own = viewer.get(api(mine_path));
  ASSERT_EQ(own.status, 200) << own.body;
  auto privileges = own.json();
  ASSERT_EQ(privileges.size(), 1u) << own.body;
  const auto& row = privileges[0];
  for (const char* field : {"id", "scope", "rights"})
    EXPECT_TRUE(row.contains(field)) << field << " missing: " << row.dump();
  EXPECT_EQ(row["scope"], "camera_tag");
  EXPECT_EQ(row["tag"], "public");
  EXPECT_EQ(row["rights"], (json{{"write", false}, {"export", false}, {"historical", false}, {"live", true}}));

  // Another user's: 403 for a non-org-write caller, allowed for the org-write administrator.
  auto others = viewer.get(api("/api/v1/organizations/1/admins/" + std::to_string(admin_id) + "/privileges"));
  EXPECT_EQ(others.status, 403) << others.body;
  EXPECT_TRUE(is_error_body(others));
  EXPECT_EQ(admin.get(api(mine_path)).status, 403) << "admin@ is not an org-write administrator";
  auto writer = signed_in(server(), k_writer);
  auto by_writer = writer.get(api(mine_path));
  ASSERT_EQ(by_writer.status, 200) << by_writer.body;
  EXPECT_EQ(by_writer.json(), privileges);
  EXPECT_EQ(writer.get(api("/api/v1/organizations/1/admins/999999/privileges")).status, 404);

  // An organization the caller is not in: 404, like one that does not exist.
  auto foreign = viewer.get(api("/api/v1/organizations/2/admins/" + std::to_string(viewer_id) + "/privileges"));
  EXPECT_EQ(foreign.status, 404) << foreign.body;
  EXPECT_EQ(foreign.body,
            viewer.get(api("/api/v1/organizations/999999/admins/" + std::to_string(viewer_id) + "/privileges")).body);
}

TEST_F(OrgAndNetwork, AccessControlIntegrations) {
  auto admin = signed_in(server(), k_admin);
  auto response = admin.get(api("/api/v1/organizations/1/camera/accessControlPartnerIntegrations"));
  ASSERT_EQ(response.status, 200) << response.body;
  auto integrations = response.json();
  ASSERT_TRUE(integrations.is_array());
  ASSERT_FALSE(integrations.empty()) << "the demo has a door integration";
  for (const auto& integration : integrations) {
    for (const char* field : {"id", "partner", "name", "enabled", "network_ids"})
      EXPECT_TRUE(integration.contains(field)) << field << " missing: " << integration.dump();
  }

  auto viewer = signed_in(server(), k_viewer);
  std::set<std::int64_t> listed;
  for (auto id : ids_of(viewer.get(api("/vision/networks")).json()))
    listed.insert(id);
  auto visible = viewer.get(api("/api/v1/organizations/1/camera/accessControlPartnerIntegrations"));
  ASSERT_EQ(visible.status, 200) << visible.body;
  for (const auto& integration : visible.json()) {
    for (const auto& id : integration.at("network_ids"))
      EXPECT_TRUE(listed.count(id.get<std::int64_t>())) << integration.dump();
  }
  auto foreign = viewer.get(api("/api/v1/organizations/2/camera/accessControlPartnerIntegrations"));
  EXPECT_EQ(foreign.status, 404) << foreign.body;
}

TEST_F(OrgAndNetwork, NetworksAreSortedByNameAndFilteredByRole) {
  auto expect_sorted = [](const json& networks) {
    for (std::size_t i = 1; i < networks.size(); ++i)
      EXPECT_LE(networks[i - 1].at("name").get<std::string>(), networks[i].at("name").get<std::string>())
          << networks.dump();
  };
  auto admin = signed_in(server(), k_admin);
  auto networks = admin.get(api("/vision/networks")).json();
  for (const auto& network : networks) {
    expect_network(network);
    EXPECT_EQ(network["organization_id"], 1);
  }
  expect_sorted(networks);
  auto ids = ids_of(networks);
  EXPECT_EQ(std::set<std::int64_t>(ids.begin(), ids.end()), (std::set<std::int64_t>{101, 102, 103}));

  auto one = admin.get(api("/vision/networks?id=102")).json();
  ASSERT_EQ(one.size(), 1u) << one.dump();
  EXPECT_EQ(one[0]["name"], "Downtown Store");

  auto viewer = signed_in(server(), k_viewer);
  auto viewer_networks = viewer.get(api("/vision/networks")).json();
  expect_sorted(viewer_networks);
  auto viewer_ids = ids_of(viewer_networks);
  EXPECT_EQ(std::set<std::int64_t>(viewer_ids.begin(), viewer_ids.end()), (std::set<std::int64_t>{101, 102}));
  EXPECT_EQ(viewer.get(api("/vision/networks?id=103")).json(), json::array());

  // A monitor-only administrator still gets the network listed.
  auto monitor = signed_in(server(), k_monitor);
  auto monitor_ids = ids_of(monitor.get(api("/vision/networks")).json());
  EXPECT_NE(std::find(monitor_ids.begin(), monitor_ids.end(), 102), monitor_ids.end());
}

TEST_F(OrgAndNetwork, NetworkContextPermissionsPerRole) {
  auto context_of = [](HttpClient& client, int id) {
    auto response = client.get(api("/vision/networks/" + std::to_string(id) + "/context"));
    EXPECT_EQ(response.status, 200) << id << ": " << response.body;
    auto body = nlohmann::json::parse(response.body, nullptr, false);
    if (response.status == 200) {
      EXPECT_EQ(body.at("shard_id"), 1);
      expect_network(body.at("network"));
      EXPECT_EQ(body["network"]["id"], id);
      expect_network_permissions(body.at("permissions"));
      EXPECT_EQ(body["permissions"]["network_id"], id);
    }
    return body;
  };
  auto admin = signed_in(server(), k_admin);
  for (int id : {101, 102, 103}) {
    EXPECT_EQ(flags_of(context_of(admin, id)["permissions"]), rights(true, true, true, true, true, true, false)) << id;
  }

  auto viewer = signed_in(server(), k_viewer);
  for (int id : {101, 102}) {
    EXPECT_EQ(flags_of(context_of(viewer, id)["permissions"]), rights(true, false, false, false, true, false, false))
        << id;
  }
  auto hidden = viewer.get(api("/vision/networks/103/context"));
  EXPECT_EQ(hidden.status, 404) << hidden.body;
  EXPECT_EQ(hidden.body, viewer.get(api("/vision/networks/999999/context")).body);

  auto monitor = signed_in(server(), k_monitor);
  EXPECT_EQ(flags_of(context_of(monitor, 102)["permissions"]), rights(false, false, false, false, false, false, true));
  auto warehouse = flags_of(context_of(monitor, 101)["permissions"]);
  EXPECT_EQ(warehouse["is_monitor_only_admin"], false);
  EXPECT_EQ(warehouse["read"], true);
  EXPECT_EQ(warehouse["live"], true);
}

} // namespace
} // namespace argus::testing
