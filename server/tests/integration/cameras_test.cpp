// The camera list, floor plans and floor-plan images: contract fields, field subsets, per-role visibility, and ids of
// other organizations answering exactly like ids that do not exist.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

const char* const k_no_video = "You do not have the privileges to view video on this network.";
const Headers k_json = {{"Content-Type", "application/json"}};

json get_ok(HttpClient& client, const std::string& path) {
  auto response = client.get(api(path));
  EXPECT_EQ(response.status, 200) << path << ": " << response.body;
  return response.status == 200 ? response.json() : json::array();
}

bool has_tag(const json& camera, const std::string& tag) {
  const auto& tags = camera.at("tags");
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

// node_ids may be an array of ids or a comma-separated string (contract).
std::vector<std::int64_t> node_ids_of(const json& plan) {
  std::vector<std::int64_t> ids;
  const auto& node_ids = plan.at("node_ids");
  if (node_ids.is_array()) {
    for (const auto& id : node_ids)
      ids.push_back(id.get<std::int64_t>());
  } else {
    std::string text = node_ids.get<std::string>();
    for (std::size_t start = 0; start < text.size();) {
      auto comma = text.find(',', start);
      auto item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (!item.empty())
        ids.push_back(std::stoll(item));
      if (comma == std::string::npos)
        break;
      start = comma + 1;
    }
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

// Sorted ids of the cameras placed on a plan according to the camera list.
std::vector<std::int64_t> placed_on(const json& cameras, std::int64_t plan_id) {
  std::vector<std::int64_t> ids;
  for (const auto& camera : cameras) {
    if (camera.value("floorplan_id", json()) == plan_id && !camera.at("position").is_null())
      ids.push_back(camera.at("id").get<std::int64_t>());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

class Cameras : public SharedArgusdTest {};

TEST_F(Cameras, AdminListHasEveryContractField) {
  auto admin = signed_in(server(), k_admin);
  auto response = admin.get(api("/n/101/manage/vision/cameras"));
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("content-type").rfind("application/json", 0), 0u);
  auto cameras = response.json();
  ASSERT_TRUE(cameras.is_array());
  EXPECT_EQ(cameras.size(), 10u) << "Warehouse HQ has 10 cameras";
  std::set<std::int64_t> ids;
  for (const auto& camera : cameras) {
    SCOPED_TRACE(camera.dump());
    for (const char* field :
         {"id", "network_id", "organization_id", "mac", "serial", "model", "name", "notes", "tags", "status", "type",
          "product_short_description", "channel", "config", "position", "permissions"})
      EXPECT_TRUE(camera.contains(field)) << field << " missing";
    ids.insert(camera["id"].get<std::int64_t>());
    EXPECT_EQ(camera["network_id"], 101);
    EXPECT_EQ(camera["organization_id"], 1);
    EXPECT_TRUE(camera["tags"].is_array());
    std::set<std::string> statuses = {"active", "alerting", "offline", "dormant"};
    EXPECT_TRUE(statuses.count(camera["status"].get<std::string>()));

    const auto& channel = camera["channel"];
    ASSERT_TRUE(channel.is_object());
    EXPECT_TRUE(channel.contains("id") && channel["id"].is_number_integer());
    EXPECT_TRUE(channel.contains("snapshot_url"));
    if (channel.contains("motion_based_retention_rois")) {
      EXPECT_TRUE(channel["motion_based_retention_rois"].is_array());
    }

    const auto& config = camera["config"];
    ASSERT_TRUE(config.is_object());
    for (const char* field : {"fov_rotation", "rotation", "video_width", "video_height", "frame_rate"})
      EXPECT_TRUE(config.contains(field)) << "config." << field << " missing";

    const auto& position = camera["position"];
    if (!position.is_null()) {
      EXPECT_TRUE(position.contains("lat") && position["lat"].is_number());
      EXPECT_TRUE(position.contains("lng") && position["lng"].is_number());
    }
    EXPECT_EQ(camera["permissions"], (json{{"write", true}, {"export", true}, {"historical", true}, {"live", true}}));
  }
  EXPECT_EQ(ids.size(), cameras.size()) << "camera ids are unique";
}

// On Distribution Center: its demo cameras have no source, so nothing the recorder does changes their status between
// the two requests compared here (Warehouse HQ's cameras go from connecting to active while the suite runs).
TEST_F(Cameras, FieldsSubsetAnswersOnlyThoseFields) {
  auto admin = signed_in(server(), k_admin);
  auto full = get_ok(admin, "/n/103/manage/vision/cameras");
  ASSERT_FALSE(full.empty());
  const std::set<std::string> status_fields = {"offline_reason", "offline_since_ms", "recording_problem"};
  for (const std::string fields : {"id,status", "status,id", "id,status,channel", "id,%20status",
                                   "id,status,offline_reason,offline_since_ms,recording_problem"}) {
    auto subset = get_ok(admin, "/n/103/manage/vision/cameras?fields=" + fields);
    ASSERT_EQ(subset.size(), full.size()) << fields;
    for (std::size_t i = 0; i < subset.size(); ++i) {
      std::set<std::string> keys;
      for (const auto& [key, value] : subset[i].items()) {
        keys.insert(key);
        EXPECT_EQ(value, full[i].at(key)) << fields << " " << key;
      }
      std::set<std::string> expected = {"id", "status"};
      if (fields.find("channel") != std::string::npos)
        expected.insert("channel");
      if (fields.find("offline_reason") != std::string::npos)
        expected.insert(status_fields.begin(), status_fields.end());
      EXPECT_EQ(keys, expected) << fields << ": " << subset[i].dump();
    }
  }
}

TEST_F(Cameras, UnknownOrEmptyFieldIs400) {
  auto admin = signed_in(server(), k_admin);
  for (const char* query : {"?fields=id,nope", "?fields=password_hash", "?fields=", "?fields=,"}) {
    auto response = admin.get(api(std::string("/n/101/manage/vision/cameras") + query));
    EXPECT_EQ(response.status, 400) << query << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << query;
  }
}

TEST_F(Cameras, ViewerSeesOnlyPublicCamerasWithLiveRights) {
  auto admin = signed_in(server(), k_admin);
  auto viewer = signed_in(server(), k_viewer);
  std::size_t seen = 0;
  for (int network : {101, 102}) {
    auto path = "/n/" + std::to_string(network) + "/manage/vision/cameras";
    auto all = get_ok(admin, path);
    json expected = json::array();
    for (const auto& camera : all) {
      if (has_tag(camera, "public"))
        expected.push_back(camera);
    }
    auto mine = get_ok(viewer, path);
    EXPECT_EQ(ids_of(mine), ids_of(expected)) << network;
    for (std::size_t i = 0; i < mine.size() && i < expected.size(); ++i) {
      EXPECT_EQ(mine[i]["permissions"],
                (json{{"write", false}, {"export", false}, {"historical", false}, {"live", true}}));
      auto without_rights = mine[i];
      without_rights.erase("permissions");
      expected[i].erase("permissions");
      EXPECT_EQ(without_rights, expected[i]) << "the same camera document apart from the rights";
    }
    seen += mine.size();
  }
  EXPECT_EQ(seen, 5u) << "demo: four public cameras in Warehouse HQ, one in Downtown Store";

  auto hidden = viewer.get(api("/n/103/manage/vision/cameras"));
  EXPECT_EQ(hidden.status, 404) << hidden.body;
  EXPECT_EQ(hidden.body, viewer.get(api("/n/999999/manage/vision/cameras")).body);
}

TEST_F(Cameras, MonitorOnlyAdministratorGets403OnItsNetworkOnly) {
  auto admin = signed_in(server(), k_admin);
  auto plans_102 = get_ok(admin, "/node_groups/102/floorplans");
  auto monitor = signed_in(server(), k_monitor);
  std::vector<std::string> forbidden = {"/n/102/manage/vision/cameras", "/n/102/manage/vision/cameras?fields=id,status",
                                        "/node_groups/102/floorplans"};
  for (const auto& plan : plans_102)
    forbidden.push_back(plan.at("image_url").get<std::string>().substr(3)); // without "/n1"
  for (const auto& path : forbidden) {
    auto response = monitor.get(api(path));
    EXPECT_EQ(response.status, 403) << path << ": " << response.body;
    EXPECT_EQ(response.json(), (json{{"errors", {k_no_video}}})) << path;
  }
  auto warehouse = monitor.get(api("/n/101/manage/vision/cameras"));
  EXPECT_EQ(warehouse.status, 200) << warehouse.body;
  EXPECT_EQ(monitor.get(api("/node_groups/101/floorplans")).status, 200);
}

TEST_F(Cameras, FloorPlansListOnlyVisibleCameras) {
  auto admin = signed_in(server(), k_admin);
  auto viewer = signed_in(server(), k_viewer);
  auto admin_cameras = get_ok(admin, "/n/101/manage/vision/cameras");
  auto viewer_cameras = get_ok(viewer, "/n/101/manage/vision/cameras");
  auto admin_plans = get_ok(admin, "/node_groups/101/floorplans");
  auto viewer_plans = get_ok(viewer, "/node_groups/101/floorplans");
  ASSERT_EQ(admin_plans.size(), 1u) << admin_plans.dump();
  ASSERT_EQ(ids_of(viewer_plans), ids_of(admin_plans));

  const auto& plan = admin_plans[0];
  for (const char* field : {"id", "name", "image_url", "image_extension", "image_md5", "node_ids", "node_group_ids",
                            "locale_id", "is_geoaligned", "ne_lat", "ne_lng", "sw_lat", "sw_lng", "rotation_angle"})
    EXPECT_TRUE(plan.contains(field)) << field << " missing: " << plan.dump();
  EXPECT_EQ(plan["image_url"], "/n1/floorplans/" + plan["id"].dump() + "/image");
  EXPECT_EQ(plan["node_group_ids"], json::array({101}));

  auto plan_id = plan["id"].get<std::int64_t>();
  auto admin_nodes = node_ids_of(plan);
  auto viewer_nodes = node_ids_of(viewer_plans[0]);
  EXPECT_EQ(admin_nodes, placed_on(admin_cameras, plan_id));
  EXPECT_EQ(viewer_nodes, placed_on(viewer_cameras, plan_id));
  EXPECT_FALSE(viewer_nodes.empty());
  EXPECT_LT(viewer_nodes.size(), admin_nodes.size());
  EXPECT_TRUE(std::includes(admin_nodes.begin(), admin_nodes.end(), viewer_nodes.begin(), viewer_nodes.end()));

  // Distribution Center has no floor plan.
  EXPECT_EQ(get_ok(admin, "/node_groups/103/floorplans"), json::array());
}

TEST_F(Cameras, FloorPlanImageIsServedWithCacheHeaders) {
  auto admin = signed_in(server(), k_admin);
  auto plans = get_ok(admin, "/node_groups/101/floorplans");
  ASSERT_FALSE(plans.empty());
  std::string url = plans[0].at("image_url");
  auto response = admin.get(url);
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(plans[0].at("image_extension"), "svg");
  EXPECT_EQ(response.header("content-type"), "image/svg+xml");
  auto cache = response.header("cache-control");
  EXPECT_NE(cache.find("max-age="), std::string::npos) << cache;
  EXPECT_NE(cache.find("private"), std::string::npos) << "the image is behind a session: " << cache;
  EXPECT_NE(response.body.find("<svg"), std::string::npos);

  // The viewer may see Warehouse HQ's plan too.
  auto viewer = signed_in(server(), k_viewer);
  EXPECT_EQ(viewer.get(url).status, 200);

  auto missing = admin.get(api("/floorplans/999999/image"));
  EXPECT_EQ(missing.status, 404) << missing.body;
  EXPECT_TRUE(is_error_body(missing));
}

TEST_F(Cameras, AnotherOrganizationsIdsAnswerLikeNonexistentOnes) {
  auto admin = signed_in(server(), k_admin); // in organization 1
  for (const std::string pattern :
       {"/n/{}/manage/vision/cameras", "/n/{}/manage/vision/cameras?fields=id,status", "/node_groups/{}/floorplans",
        "/vision/networks/{}/context", "/vision/shard_for_network?id={}"}) {
    auto with = [&](const char* id) {
      auto path = pattern;
      path.replace(path.find("{}"), 2, id);
      return admin.get(api(path));
    };
    auto foreign = with("201");
    auto missing = with("999999");
    EXPECT_EQ(foreign.status, 404) << pattern << ": " << foreign.body;
    EXPECT_EQ(missing.status, 404) << pattern << ": " << missing.body;
    EXPECT_EQ(foreign.body, missing.body) << pattern;
    EXPECT_TRUE(is_error_body(foreign)) << pattern;
  }

  // Organization 2 has no floor plan of its own; from organization 2, organization 1's plan image is unknown.
  auto plans = get_ok(admin, "/node_groups/101/floorplans");
  ASSERT_FALSE(plans.empty());
  std::string org1_image = plans[0].at("image_url");
  auto switcher = signed_in(server(), k_admin);
  auto orgs = switcher.get(api("/vision/organizations")).json();
  ASSERT_EQ(switcher.request("PUT", api("/vision/change_org"), json{{"org_eid", orgs.at("2").at("eid")}}.dump(), k_json)
                .status,
            200);
  auto foreign_image = switcher.get(org1_image);
  auto missing_image = switcher.get(api("/floorplans/999999/image"));
  EXPECT_EQ(foreign_image.status, 404) << foreign_image.body;
  EXPECT_EQ(foreign_image.body, missing_image.body);
  EXPECT_EQ(foreign_image.header("content-type"), missing_image.header("content-type"));
  EXPECT_TRUE(switcher.get(api("/node_groups/201/floorplans")).json().is_array());
  auto org2_cameras = switcher.get(api("/n/201/manage/vision/cameras"));
  ASSERT_EQ(org2_cameras.status, 200) << org2_cameras.body;
  for (const auto& camera : org2_cameras.json())
    EXPECT_EQ(camera.at("organization_id"), 2);

  // A user who is not in organization 2 at all.
  auto viewer = signed_in(server(), k_viewer);
  auto viewer_foreign = viewer.get(api("/n/201/manage/vision/cameras"));
  EXPECT_EQ(viewer_foreign.status, 404);
  EXPECT_EQ(viewer_foreign.body, viewer.get(api("/n/999999/manage/vision/cameras")).body);
}

} // namespace
} // namespace argus::testing
