// Privilege administration against a real argusd (issue 12): the demo's org-write administrator grants the viewer one
// more camera over HTTP and the viewer's next call lists it; `argusd user privileges|grant|revoke` does the same on the
// command line, refusing bad input with exit code 2 and changing nothing.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

constexpr std::int64_t k_storage_aisle = 1004; // Warehouse HQ (101), not tagged public

bool lists_camera(HttpClient& client, std::int64_t camera_id) {
  auto cameras = client.get(api("/n/101/manage/vision/cameras"));
  if (cameras.status != 200)
    return false;
  auto list = cameras.json();
  for (const auto& camera : list) {
    if (camera.at("id") == camera_id)
      return true;
  }
  return false;
}

json camera_live(std::int64_t camera_id) {
  return {{"scope", "camera"},
          {"camera_id", camera_id},
          {"rights", {{"write", false}, {"export", false}, {"historical", false}, {"live", true}}}};
}

TEST(PrivilegeAdministration, AnAdministratorGrantsTheViewerOneMoreCameraOverHttp) {
  ArgusdProcess server;
  auto writer = signed_in(server, k_writer);
  auto viewer = signed_in(server, k_viewer);
  const std::string path = api("/api/v1/organizations/1/admins/4/privileges");
  auto before = writer.get(path);
  ASSERT_EQ(before.status, 200) << before.body;
  auto entries = before.json();
  ASSERT_FALSE(lists_camera(viewer, k_storage_aisle));

  for (auto& entry : entries)
    entry.erase("id");
  entries.push_back(camera_live(k_storage_aisle));
  auto granted =
      writer.request("PUT", path, json{{"privileges", entries}}.dump(), {{"Content-Type", "application/json"}});
  ASSERT_EQ(granted.status, 200) << granted.body;
  EXPECT_TRUE(lists_camera(viewer, k_storage_aisle)) << "the viewer's next call";

  auto raised =
      viewer.request("PUT", path, json{{"privileges", json::array()}}.dump(), {{"Content-Type", "application/json"}});
  EXPECT_EQ(raised.status, 403) << "the viewer cannot change their own privileges";
}

TEST(PrivilegeAdministration, TheCommandLineListsGrantsAndRevokesWithTheSameChecks) {
  ArgusdProcess server;
  { auto viewer = signed_in(server, k_viewer); }
  server.stop();
  const std::string data_dir = server.data_dir().string();
  auto cli = [&](std::vector<std::string> verb_and_options) {
    std::vector<std::string> args{"user"};
    args.insert(args.end(), verb_and_options.begin(), verb_and_options.end());
    return run_argusd_cli(args);
  };
  auto listed = cli({"privileges", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1"});
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_NE(listed.output.find("camera_tag tag 'public': live"), std::string::npos) << listed.output;

  std::vector<std::vector<std::string>> refused{
      {"grant", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--scope", "camera", "--camera-id",
       "2001", "--rights", "live"}, // another organization's camera
      {"grant", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--scope", "camera", "--camera-id",
       "1004", "--rights", "fly"},
      {"grant", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--scope", "planet", "--rights", "live"},
      {"grant", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--scope", "camera_tag", "--rights",
       "live"},
      {"grant", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--scope", "camera"},
      {"revoke", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--privilege-id", "x"},
  };
  for (const auto& args : refused) {
    auto result = cli(args);
    EXPECT_EQ(result.exit_code, 2) << result.output;
  }
  auto ghost = cli({"privileges", "--data-dir", data_dir, "--email", "ghost@argus.demo", "--org-id", "1"});
  EXPECT_EQ(ghost.exit_code, 1) << ghost.output;
  EXPECT_EQ(cli({"privileges", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1"}).output, listed.output)
      << "nothing changed";

  auto granted = cli({"grant", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--scope", "camera",
                      "--camera-id", "1004", "--rights", "live,historical"});
  ASSERT_EQ(granted.exit_code, 0) << granted.output;
  EXPECT_NE(granted.output.find("camera camera 1004: live,historical"), std::string::npos) << granted.output;
  server.start();
  auto viewer = signed_in(server, k_viewer);
  EXPECT_TRUE(lists_camera(viewer, k_storage_aisle));
  server.stop();

  auto id_end = granted.output.find(" camera camera 1004");
  auto id_start = granted.output.rfind('\n', id_end);
  auto privilege_id = granted.output.substr(id_start == std::string::npos ? 0 : id_start + 1,
                                            id_end - (id_start == std::string::npos ? 0 : id_start + 1));
  auto revoked =
      cli({"revoke", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--privilege-id", privilege_id});
  ASSERT_EQ(revoked.exit_code, 0) << revoked.output;
  EXPECT_EQ(revoked.output.find("1004"), std::string::npos) << revoked.output;
  auto again =
      cli({"revoke", "--data-dir", data_dir, "--email", k_viewer, "--org-id", "1", "--privilege-id", privilege_id});
  EXPECT_EQ(again.exit_code, 1) << "already revoked: " << again.output;
}

} // namespace
} // namespace argus::testing
