#include <gtest/gtest.h>

#include "services/permission_service.hpp"

namespace argus::services {
namespace {

store::NetworkRecord network(std::int64_t id, std::vector<std::string> tags = {}) {
  store::NetworkRecord n;
  n.id = id;
  n.tags = std::move(tags);
  return n;
}

store::CameraRecord camera(std::int64_t id, std::int64_t network_id, std::vector<std::string> tags = {}) {
  store::CameraRecord c;
  c.id = id;
  c.network_id = network_id;
  c.tags = std::move(tags);
  return c;
}

store::PrivilegeRecord privilege(std::string scope, Rights rights, std::optional<std::int64_t> network_id = {},
                                 std::optional<std::int64_t> camera_id = {}, std::optional<std::string> tag = {}) {
  return {0, 1, 1, std::move(scope), network_id, camera_id, std::move(tag), rights};
}

bool same(const Rights& a, const Rights& b) {
  return a.write == b.write && a.export_video == b.export_video && a.historical == b.historical && a.live == b.live;
}

const Rights k_none{};
const Rights k_all{true, true, true, true};
const std::vector<Rights> k_each_right = {
    {true, false, false, false}, {false, true, false, false}, {false, false, true, false}, {false, false, false, true}};

TEST(PermissionService, NoPrivilegeDataGrantsEverything) {
  PermissionService permissions({}, {});
  auto n = network(1);
  auto c = camera(10, 1);
  EXPECT_TRUE(same(permissions.camera_rights(n, c), k_all));
  auto p = permissions.network_permissions(n, {&c});
  EXPECT_TRUE(p.read && p.write && p.export_video && p.historical && p.live && p.events);
  EXPECT_FALSE(p.is_monitor_only_admin);
  EXPECT_TRUE(permissions.is_network_listed(network(2), {}));
}

// Every scope grants exactly the right it carries, to the cameras it covers and no others.
TEST(PermissionService, EveryScopeTimesEveryRight) {
  auto n1 = network(1, {"east"});
  auto n2 = network(2, {"west"});
  auto in_scope = camera(10, 1, {"lobby"});
  auto other_network = camera(20, 2, {"dock"});
  for (const auto& rights : k_each_right) {
    std::vector<store::PrivilegeRecord> cases = {
        privilege("network", rights, 1), privilege("network_tag", rights, {}, {}, "east"),
        privilege("camera", rights, {}, 10), privilege("camera_tag", rights, {}, {}, "lobby")};
    for (const auto& row : cases) {
      PermissionService permissions({row}, {});
      SCOPED_TRACE(row.scope);
      EXPECT_TRUE(same(permissions.camera_rights(n1, in_scope), rights));
      EXPECT_TRUE(same(permissions.camera_rights(n2, other_network), k_none));
      auto p = permissions.network_permissions(n1, {&in_scope});
      EXPECT_TRUE(p.read);
      EXPECT_EQ(p.write, rights.write);
      EXPECT_EQ(p.export_video, rights.export_video);
      EXPECT_EQ(p.historical, rights.historical);
      EXPECT_EQ(p.events, rights.historical);
      EXPECT_EQ(p.live, rights.live);
      EXPECT_FALSE(permissions.is_network_listed(n2, {&other_network}));
    }
    PermissionService org_wide({privilege("organization", rights)}, {});
    EXPECT_TRUE(same(org_wide.camera_rights(n2, other_network), rights));
    EXPECT_TRUE(org_wide.is_network_listed(n2, {}));
  }
}

TEST(PermissionService, CameraRightsAreTheUnionOfMatchingPrivileges) {
  auto n = network(1);
  auto c = camera(10, 1, {"public"});
  PermissionService permissions({privilege("camera_tag", {false, false, false, true}, {}, {}, "public"),
                                 privilege("camera", {false, true, false, false}, {}, 10)},
                                {});
  EXPECT_TRUE(same(permissions.camera_rights(n, c), Rights{false, true, false, true}));
}

TEST(PermissionService, TagScopesCanBeRestrictedToANetwork) {
  auto n1 = network(1, {"retail"});
  auto n2 = network(2, {"retail"});
  auto c1 = camera(10, 1, {"public"});
  auto c2 = camera(20, 2, {"public"});
  PermissionService cameras({privilege("camera_tag", {false, false, false, true}, 1, {}, "public")}, {});
  EXPECT_TRUE(cameras.camera_rights(n1, c1).live);
  EXPECT_FALSE(cameras.camera_rights(n2, c2).live);
  PermissionService networks({privilege("network_tag", {false, false, true, false}, 2, {}, "retail")}, {});
  EXPECT_FALSE(networks.camera_rights(n1, c1).historical);
  EXPECT_TRUE(networks.camera_rights(n2, c2).historical);
}

TEST(PermissionService, ExportAndHistoricalRollUpFromAnyCamera) {
  auto n = network(1);
  auto exporting = camera(10, 1);
  auto plain = camera(11, 1);
  PermissionService permissions({privilege("camera", {false, true, true, false}, {}, 10),
                                 privilege("camera", {false, false, false, true}, {}, 11)},
                                {});
  auto p = permissions.network_permissions(n, {&exporting, &plain});
  EXPECT_TRUE(p.export_video);
  EXPECT_TRUE(p.historical);
  EXPECT_TRUE(p.events);
  EXPECT_FALSE(permissions.network_level_rights(n).export_video);
}

TEST(PermissionService, CameraWithoutRightsIsInvisibleAndNetworkUnlisted) {
  auto n = network(1);
  auto c = camera(10, 1, {"secure"});
  PermissionService permissions({privilege("camera_tag", {false, false, false, true}, {}, {}, "public")}, {});
  EXPECT_FALSE(any_right(permissions.camera_rights(n, c)));
  EXPECT_FALSE(permissions.network_permissions(n, {&c}).read);
  EXPECT_FALSE(permissions.is_network_listed(n, {&c}));
}

TEST(PermissionService, MonitorOnlyAdminIsListedButHasNoContentRights) {
  auto n = network(1);
  auto c = camera(10, 1);
  PermissionService permissions({}, {1});
  EXPECT_TRUE(permissions.is_monitor_only(1));
  EXPECT_TRUE(permissions.is_network_listed(n, {&c}));
  auto p = permissions.network_permissions(n, {&c});
  EXPECT_TRUE(p.is_monitor_only_admin);
  EXPECT_FALSE(p.read || p.write || p.export_video || p.historical || p.live || p.events);
  EXPECT_FALSE(permissions.is_monitor_only(2));
}

} // namespace
} // namespace argus::services
