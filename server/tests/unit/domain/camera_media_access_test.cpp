#include <gtest/gtest.h>

#include "api/camera_media_access.hpp"
#include "api/network_access.hpp"
#include "api/route_registrar.hpp"
#include "common/error.hpp"
#include "services/session_service.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

struct Caller {
  ApiHarness api;
  api::SessionContext session(const std::string& email) {
    auto token = api.sign_in(email);
    auto request = api.request("GET", "/n1/cameras/1001/file_record");
    request.headers["cookie"] = std::string(services::SessionService::k_cookie_name) + "=" + token;
    auto caller = api::resolve_session(api.context, request);
    EXPECT_TRUE(caller.has_value());
    return *caller;
  }
};

// The kind and message of the Error a check throws (nullopt when it passes).
std::optional<std::pair<Error::Kind, std::string>> failure(const api::SessionContext& caller, std::string_view id,
                                                           api::MediaRight right) {
  try {
    api::require_camera_media(caller, id, right);
    return std::nullopt;
  } catch (const Error& error) {
    return std::make_pair(error.kind(), std::string(error.what()));
  }
}

TEST(CameraMediaAccess, AdminGetsCameraNetworkAndRights) {
  Caller fixture;
  auto admin = fixture.session("admin@argus.demo");
  auto access = api::require_camera_media(admin, "1001", api::MediaRight::historical);
  EXPECT_EQ(access.camera->id, 1001);
  EXPECT_EQ(access.network->id, access.camera->network_id);
  EXPECT_TRUE(access.rights.live);
  EXPECT_TRUE(access.rights.historical);
}

TEST(CameraMediaAccess, MalformedIdsAre400) {
  Caller fixture;
  auto admin = fixture.session("admin@argus.demo");
  for (const char* bad : {"", "abc", "10a", "-1", "0", "1.5", "99999999999999999999"}) {
    auto result = failure(admin, bad, api::MediaRight::live);
    ASSERT_TRUE(result) << bad;
    EXPECT_EQ(result->first, Error::Kind::invalid_input) << bad;
  }
}

TEST(CameraMediaAccess, MissingAndOtherOrganizationsCamerasAreTheSame404) {
  Caller fixture;
  auto writer = fixture.session("writer@argus.demo"); // Northwind only
  auto missing = failure(writer, "999999", api::MediaRight::live);
  auto foreign = failure(writer, "2001", api::MediaRight::live);
  ASSERT_TRUE(missing && foreign);
  EXPECT_EQ(missing->first, Error::Kind::not_found);
  EXPECT_EQ(*missing, *foreign);
  EXPECT_EQ(missing->second, api::k_camera_not_found);
  // An admin of both organizations still only sees the current one's cameras.
  auto admin = fixture.session("admin@argus.demo");
  EXPECT_EQ(failure(admin, "2001", api::MediaRight::live), missing);
}

TEST(CameraMediaAccess, MonitorOnlyAdminGetsTheSpec403) {
  Caller fixture;
  auto monitor = fixture.session("monitor@argus.demo");
  auto result = failure(monitor, "1011", api::MediaRight::live); // Downtown Store
  ASSERT_TRUE(result);
  EXPECT_EQ(result->first, Error::Kind::permission_denied);
  EXPECT_EQ(result->second, api::k_no_video_privileges);
  EXPECT_FALSE(failure(monitor, "1001", api::MediaRight::historical)); // a network where they are a full admin
}

TEST(CameraMediaAccess, ViewerNeedsTheRight) {
  Caller fixture;
  auto viewer = fixture.session("viewer@argus.demo"); // live on cameras tagged public
  EXPECT_FALSE(failure(viewer, "1001", api::MediaRight::live));
  auto historical = failure(viewer, "1001", api::MediaRight::historical);
  ASSERT_TRUE(historical);
  EXPECT_EQ(historical->first, Error::Kind::permission_denied);
  EXPECT_EQ(historical->second, api::k_media_permission_denied);
  // A camera without any right is invisible to them: 404 like a missing one.
  auto hidden = failure(viewer, "1011", api::MediaRight::live);
  ASSERT_TRUE(hidden);
  EXPECT_EQ(hidden->first, Error::Kind::not_found);
}

TEST(CameraMediaAccess, ReadsTheCameraIdPathParameter) {
  Caller fixture;
  auto admin = fixture.session("admin@argus.demo");
  http::Request request;
  request.path_params["cameraId"] = "1002";
  EXPECT_EQ(api::require_camera_media(admin, request, api::MediaRight::live).camera->id, 1002);
}

} // namespace
} // namespace argus::testing
