#pragma once
// Cameras through the API for the integration tests that add their own (faults, status, storage): add one, read it
// back from the network's list, and drive camsim's control API.
//
//   auto id = add_camera(admin, "Unplugged", camsim.rtsp_url(0, "main"));
//   camsim_control(camsim, 0, "hang");
//   listed_camera(admin, id, "id,status,offline_reason")["offline_reason"];
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "support/http_client.hpp"

namespace argus::demo {
class CamsimLauncher;
}

namespace argus::testing {

//! The camera list of the demo network the tests add cameras to (Warehouse HQ).
inline const std::string k_test_network_cameras = "/n/101/manage/vision/cameras";

//! POST a camera to Warehouse HQ; its id, or -1 after a test failure. Also checks that the answer does not show the
//! password of the URLs.
std::int64_t add_camera(HttpClient& admin, const std::string& name, const std::string& main_url,
                        const std::string& sub_url = {});

//! The camera as the list shows it (all fields, or only `fields`, e.g. "id,status"); null when it is not listed or
//! the list failed.
nlohmann::json listed_camera(HttpClient& admin, std::int64_t id, const std::string& fields = {});

//! The camera's status in the list, or "" when it is not listed.
std::string status_of(HttpClient& admin, std::int64_t id);

//! The camera's recorded ranges [[start_ms, end_ms], ...] of the main stream between t0_ms and a minute from now (by
//! default: the last hour); null after a test failure.
nlohmann::json recorded_ranges(HttpClient& admin, std::int64_t id, std::int64_t t0_ms = -1);

//! POST {camsim control URL}/cameras/{index}/{action}: "drop", "hang" or "restore".
HttpResponse camsim_control(const demo::CamsimLauncher& camsim, int index, const std::string& action);

} // namespace argus::testing
