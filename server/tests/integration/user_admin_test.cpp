// User administration against a real argusd (issue 12): the demo's org-write administrator disables a viewer, whose
// live session ends on its next call and whose sign-in is refused; enabled again, the viewer signs in. The viewer
// cannot administer users, and nobody changes their own access.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;

TEST(UserAdministration, ADisabledViewerIsSignedOutAndCannotSignInUntilEnabled) {
  ArgusdProcess server;
  auto writer = signed_in(server, k_writer);
  auto viewer = signed_in(server, k_viewer);
  auto users = writer.get(api("/api/v1/organizations/1/users"));
  ASSERT_EQ(users.status, 200) << users.body;
  std::int64_t viewer_id = 0;
  std::int64_t writer_id = 0;
  for (const auto& member : users.json()) {
    if (member.at("email") == k_viewer)
      viewer_id = member.at("id");
    if (member.at("email") == k_writer)
      writer_id = member.at("id");
  }
  ASSERT_GT(viewer_id, 0);
  EXPECT_EQ(viewer.get(api("/api/v1/organizations/1/users")).status, 403);

  auto path = api("/api/v1/organizations/1/users/" + std::to_string(viewer_id));
  auto disabled = writer.request("PUT", path, R"({"disabled":true})", {{"Content-Type", "application/json"}});
  ASSERT_EQ(disabled.status, 200) << disabled.body;
  EXPECT_EQ(viewer.get(api("/vision/user")).status, 401) << "the viewer's session ended";
  auto fresh = server.client();
  auto again = sign_in(fresh, k_viewer, demo_password(server, k_viewer));
  EXPECT_EQ(again.status, 403) << again.body;
  EXPECT_NE(again.body.find("Your account is disabled"), std::string::npos) << again.body;

  ASSERT_EQ(writer.request("PUT", path, R"({"disabled":false})", {{"Content-Type", "application/json"}}).status, 200);
  EXPECT_NO_THROW(signed_in(server, k_viewer));
  auto own = writer.request("PUT", api("/api/v1/organizations/1/users/" + std::to_string(writer_id)),
                            R"({"is_admin":false})", {{"Content-Type", "application/json"}});
  EXPECT_EQ(own.status, 403) << own.body;
}

} // namespace
} // namespace argus::testing
