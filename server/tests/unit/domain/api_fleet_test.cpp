#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace argus::testing {
namespace {

std::vector<std::int64_t> ids(const nlohmann::json& items) {
  std::vector<std::int64_t> out;
  for (const auto& item : items)
    out.push_back(item["id"]);
  return out;
}

TEST(ApiFleet, AdminSeesEveryCameraWithFullShape) {
  ApiHarness api;
  auto token = api.sign_in("admin@argus.demo");
  auto response = api.call(api.request("GET", "/n1/n/101/manage/vision/cameras"), token);
  ASSERT_EQ(response.status, 200) << response.body;
  auto cameras = body_of(response);
  EXPECT_EQ(cameras.size(), 10u); // Warehouse HQ: 1001-1009 and the wall-mounted fisheye 1013
  const auto& first = cameras[0];
  for (const char* field :
       {"id", "network_id", "organization_id", "mac", "serial", "model", "name", "notes", "tags", "status", "type",
        "product_short_description", "channel", "config", "position", "permissions"}) {
    EXPECT_TRUE(first.contains(field)) << field;
  }
  EXPECT_TRUE(first["channel"]["snapshot_url"].is_null());
  EXPECT_TRUE(first["permissions"]["live"]);
}

TEST(ApiFleet, FieldsSelectsTopLevelFieldsAndRejectsUnknown) {
  ApiHarness api;
  auto token = api.sign_in("admin@argus.demo");
  auto response = api.call(api.request("GET", "/n1/n/101/manage/vision/cameras?fields=status,id"), token);
  auto cameras = body_of(response);
  ASSERT_FALSE(cameras.empty());
  EXPECT_EQ(cameras[0].size(), 2u);
  EXPECT_TRUE(cameras[0].contains("status"));
  auto bad = api.call(api.request("GET", "/n1/n/101/manage/vision/cameras?fields=id,password"), token);
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(body_of(bad)["errors"][0], "Unknown camera field: password");
}

TEST(ApiFleet, ViewerSeesOnlyPermittedCamerasAndNetworks) {
  ApiHarness api;
  auto token = api.sign_in("viewer@argus.demo");
  auto cameras = body_of(api.call(api.request("GET", "/n1/n/101/manage/vision/cameras"), token));
  EXPECT_EQ(ids(cameras), (std::vector<std::int64_t>{1001, 1002, 1008, 1009}));
  for (const auto& camera : cameras) {
    EXPECT_TRUE(camera["permissions"]["live"]);
    EXPECT_FALSE(camera["permissions"]["export"]);
  }
  auto networks = body_of(api.call(api.request("GET", "/n1/vision/networks"), token));
  EXPECT_EQ(ids(networks), (std::vector<std::int64_t>{102, 101})); // sorted by name
  EXPECT_EQ(api.call(api.request("GET", "/n1/n/103/manage/vision/cameras"), token).status, 404);
  auto plans = body_of(api.call(api.request("GET", "/n1/node_groups/101/floorplans"), token));
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0]["node_ids"], nlohmann::json({1001, 1002, 1009}));
  auto context = body_of(api.call(api.request("GET", "/n1/vision/networks/101/context"), token));
  EXPECT_TRUE(context["permissions"]["live"]);
  EXPECT_FALSE(context["permissions"]["events"]);
}

TEST(ApiFleet, OtherOrganizationsIdsAre404LikeMissingOnes) {
  ApiHarness api;
  auto token = api.sign_in("writer@argus.demo");
  auto other = api.call(api.request("GET", "/n1/n/201/manage/vision/cameras"), token);
  auto missing = api.call(api.request("GET", "/n1/n/999/manage/vision/cameras"), token);
  EXPECT_EQ(other.status, 404);
  EXPECT_EQ(other.body, missing.body);
  EXPECT_EQ(api.call(api.request("GET", "/n1/vision/networks/201/context"), token).status, 404);
  EXPECT_EQ(api.call(api.request("GET", "/n1/vision/organizations/2/bundle"), token).status, 404);
  EXPECT_EQ(api.call(api.request("GET", "/n1/api/v1/organizations/2/admins/2/privileges"), token).status, 404);
  EXPECT_EQ(api.call(api.request("GET", "/n1/n/abc/manage/vision/cameras"), token).status, 400);
  EXPECT_EQ(api.call(api.request("GET", "/n1/vision/shard_for_network?id=1x"), token).status, 400);
}

TEST(ApiFleet, MonitorOnlyAdminIsRefusedContentButSeesTheNetwork) {
  ApiHarness api;
  auto token = api.sign_in("monitor@argus.demo");
  auto cameras = api.call(api.request("GET", "/n1/n/102/manage/vision/cameras"), token);
  EXPECT_EQ(cameras.status, 403);
  EXPECT_EQ(body_of(cameras)["errors"][0], "You do not have the privileges to view video on this network.");
  EXPECT_EQ(api.call(api.request("GET", "/n1/node_groups/102/floorplans"), token).status, 403);
  EXPECT_EQ(api.call(api.request("GET", "/n1/floorplans/3002/image"), token).status, 403);
  auto networks = body_of(api.call(api.request("GET", "/n1/vision/networks?id=102"), token));
  ASSERT_EQ(networks.size(), 1u);
  auto user = body_of(api.call(api.request("GET", "/n1/vision/user"), token));
  EXPECT_TRUE(user["admin_permissions_hash"]["102"]["is_monitor_only_admin"]);
  EXPECT_FALSE(user["admin_permissions_hash"]["101"]["is_monitor_only_admin"]);
  EXPECT_EQ(api.call(api.request("GET", "/n1/n/101/manage/vision/cameras"), token).status, 200);
}

TEST(ApiFleet, FloorPlanImageIsServedFromTheDataDirectory) {
  ApiHarness api;
  auto token = api.sign_in("admin@argus.demo");
  auto plans = body_of(api.call(api.request("GET", "/n1/node_groups/101/floorplans"), token));
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0]["image_url"], "/n1/floorplans/3001/image");
  EXPECT_FALSE(plans[0]["is_geoaligned"]);
  auto image = api.call(api.request("GET", "/n1/floorplans/3001/image"), token);
  ASSERT_EQ(image.status, 200);
  EXPECT_EQ(image.content_type, "image/svg+xml");
  ASSERT_TRUE(image.file);
  EXPECT_TRUE(std::filesystem::exists(image.file->path));
  EXPECT_EQ(api.call(api.request("GET", "/n1/floorplans/9999/image"), token).status, 404);
}

TEST(ApiFleet, PrivilegesAreSelfOrOrgWriteAdminOnly) {
  ApiHarness api;
  auto viewer = api.sign_in("viewer@argus.demo");
  auto own = body_of(api.call(api.request("GET", "/n1/api/v1/organizations/1/admins/4/privileges"), viewer));
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(own[0]["scope"], "camera_tag");
  EXPECT_EQ(own[0]["tag"], "public");
  EXPECT_EQ(api.call(api.request("GET", "/n1/api/v1/organizations/1/admins/1/privileges"), viewer).status, 403);
  auto writer = api.sign_in("writer@argus.demo");
  EXPECT_EQ(api.call(api.request("GET", "/n1/api/v1/organizations/1/admins/4/privileges"), writer).status, 200);
}

TEST(ApiFleet, BundleEnvNfosAndShardFeatures) {
  ApiHarness api;
  auto token = api.sign_in("viewer@argus.demo");
  auto bundle = body_of(api.call(api.request("GET", "/n1/vision/organizations/1/bundle"), token));
  for (const char* key : {"env", "nfos", "networks", "shard_features", "user", "permissions"}) {
    EXPECT_TRUE(bundle.contains(key)) << key;
  }
  EXPECT_EQ(bundle["env"]["manage_url"], "/overview");
  EXPECT_TRUE(bundle["permissions"].contains("101"));
  EXPECT_FALSE(bundle["permissions"].contains("103"));
  auto features = body_of(api.call(api.request("GET", "/n1/vision/shard_features?features=motion_search,nope"), token));
  EXPECT_EQ(features, nlohmann::json({"motion_search"}));
  auto administered = body_of(api.call(api.request("GET", "/n1/manage/organization/administered_orgs"), token));
  EXPECT_TRUE(administered.empty());
}

} // namespace
} // namespace argus::testing

namespace argus::testing {
namespace {

// config.features says what object detection really runs, whatever the stored config holds.
TEST(ApiFleet, CameraFeaturesSayWhatObjectDetectionRuns) {
  ApiHarness api;
  auto token = api.sign_in("admin@argus.demo");
  auto features = [&] {
    auto cameras = body_of(api.call(api.request("GET", "/n1/n/101/manage/vision/cameras"), token));
    return cameras[0]["config"]["features"];
  };
  api.catalog.set_detection_features({true, false, true, true}); // the HOG fallback: people only
  auto hog = features();
  EXPECT_TRUE(hog["hasPeopleDetection"]);
  EXPECT_FALSE(hog["hasVehicleDetection"]);
  EXPECT_TRUE(hog["hasAttributeDetection"]);
  EXPECT_TRUE(hog["hasSimilarityDetection"]);
  api.catalog.set_detection_features({}); // --detect-fps 0
  auto none = features();
  for (const char* feature :
       {"hasPeopleDetection", "hasVehicleDetection", "hasAttributeDetection", "hasSimilarityDetection"})
    EXPECT_FALSE(none[feature]) << feature;
}

} // namespace
} // namespace argus::testing
