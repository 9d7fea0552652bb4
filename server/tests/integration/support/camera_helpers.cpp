#include "support/camera_helpers.hpp"

#include <gtest/gtest.h>

#include "demo/camsim_launcher.hpp"
#include "support/api_helpers.hpp"
#include "support/demo_media.hpp"

namespace argus::testing {
namespace {

// The password in rtsp://user:password@host/..., or "".
std::string password_of(const std::string& url) {
  auto scheme_end = url.find("://");
  auto at = url.find('@');
  if (scheme_end == std::string::npos || at == std::string::npos)
    return "";
  auto colon = url.find(':', scheme_end + 3);
  return colon != std::string::npos && colon < at ? url.substr(colon + 1, at - colon - 1) : "";
}

} // namespace

std::int64_t add_camera(HttpClient& admin, const std::string& name, const std::string& main_url,
                        const std::string& sub_url) {
  nlohmann::json body{{"name", name}, {"main_rtsp_url", main_url}};
  if (!sub_url.empty())
    body["sub_rtsp_url"] = sub_url;
  auto created = admin.request("POST", api(k_test_network_cameras), body.dump(), {{"Content-Type", "application/json"}});
  EXPECT_EQ(created.status, 201) << created.body;
  for (const auto& url : {main_url, sub_url}) {
    auto password = password_of(url);
    EXPECT_TRUE(password.empty() || created.body.find(password) == std::string::npos) << created.body;
  }
  return created.status == 201 ? created.json().at("id").get<std::int64_t>() : -1;
}

nlohmann::json listed_camera(HttpClient& admin, std::int64_t id, const std::string& fields) {
  auto response = admin.get(api(k_test_network_cameras + (fields.empty() ? "" : "?fields=" + fields)));
  if (response.status != 200)
    return nullptr;
  for (const auto& camera : response.json()) {
    if (camera.at("id") == id)
      return camera;
  }
  return nullptr;
}

std::string status_of(HttpClient& admin, std::int64_t id) {
  auto camera = listed_camera(admin, id, "id,status");
  return camera.is_object() ? camera.value("status", "") : "";
}

nlohmann::json recorded_ranges(HttpClient& admin, std::int64_t id, std::int64_t t0_ms) {
  auto now_ms = now_utc_ms();
  if (t0_ms < 0)
    t0_ms = now_ms - 3'600'000;
  auto response = admin.get(api(k_test_network_cameras + "/" + std::to_string(id) + "/availability?t0=" +
                                std::to_string(t0_ms) + "&t1=" + std::to_string(now_ms + 60'000)));
  EXPECT_EQ(response.status, 200) << response.body;
  return response.status == 200 ? response.json().at("camera") : nlohmann::json();
}

HttpResponse camsim_control(const demo::CamsimLauncher& camsim, int index, const std::string& action) {
  const auto& url = camsim.control_url(); // http://127.0.0.1:PORT/n1
  auto port = static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1)));
  HttpClient client("127.0.0.1", port);
  return client.request("POST", "/n1/cameras/" + std::to_string(index) + "/" + action);
}

} // namespace argus::testing
