// The permission matrix: every operation of docs/api/openapi.yaml (read from the contract, so a new route is covered
// the day it is documented; api_contract_test.cpp fails for a route that is not) called against a real demo argusd as
//   - nobody (no session): every session call answers 401 login mode;
//   - Contoso's administrator (contoso@argus.demo) with Northwind's ids;
//   - Northwind's org-write administrator, its monitor-only administrator and its viewer with Contoso's ids, both as
//     they are and inside the caller's own organization and network (Contoso's camera 2001 asked for under /n/101);
//   - the viewer with a Northwind camera not tagged public (which they may not watch) and the things made on it;
//   - the administrator of both organizations (every read with real ids: no server error).
// For every call: no answer (status line, headers, body) names anything the caller may not see; a call that carries an
// id of such a thing does not succeed; no 5xx other than 503. Writes are made only with such ids, and afterwards each
// organization's inventory (as its own administrator sees it) is what it was.
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/permission_calls.hpp"
#include "support/permission_world.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

constexpr const char* k_contoso_admin = "contoso@argus.demo";

struct Caller {
  std::string role;                       // for messages
  std::string email;                      // empty: no session
  std::map<std::string, std::string> own; // the caller's own orgId, orgEid and networkId
  std::vector<std::string> markers;       // what no answer to this caller may contain
};

// The markers of `hidden` that do not also name something the caller may see.
std::vector<std::string> only_hidden(const std::vector<std::string>& hidden, const std::vector<std::string>& visible) {
  std::vector<std::string> out;
  for (const auto& marker : hidden) {
    bool shared = std::any_of(visible.begin(), visible.end(), [&](const std::string& seen) {
      return seen.find(marker) != std::string::npos || marker.find(seen) != std::string::npos;
    });
    if (!shared)
      out.push_back(marker);
  }
  return out;
}

std::set<std::string> names_of(const std::map<std::string, std::string>& values) {
  std::set<std::string> out;
  for (const auto& [name, value] : values)
    out.insert(name);
  return out;
}

class PermissionMatrix : public ::testing::Test {
public:
  static void SetUpTestSuite() {
    server_ = std::make_unique<ArgusdProcess>();
    auto writer = signed_in(*server_, k_writer);
    auto contoso_admin = signed_in(*server_, k_contoso_admin);
    // Northwind's things are made on a camera of Warehouse HQ that is not tagged public (the viewer may not watch it).
    std::int64_t northwind_camera = 0;
    poll_until(30s, [&] {
      for (const auto& camera : cameras_of(writer, 101)) {
        auto tags = camera["tags"];
        bool is_public = std::find(tags.begin(), tags.end(), "public") != tags.end();
        if (!is_public && camera["status"] == "active" && northwind_camera == 0)
          northwind_camera = camera["id"].get<std::int64_t>();
      }
      return northwind_camera != 0;
    });
    ASSERT_NE(northwind_camera, 0) << "Warehouse HQ has an active camera that is not tagged public";
    // The demo's Contoso cameras have no stream: Contoso's administrator adds one that records (camsim's stream of
    // that Northwind camera), so Contoso too has live and recorded media and an export.
    auto source = writer.get(api("/n/101/manage/vision/cameras/" + std::to_string(northwind_camera) + "/source"));
    ASSERT_EQ(source.status, 200) << source.body;
    json contoso_input{{"name", "Matrix Contoso Stockroom"},
                       {"main_rtsp_url", source.json()["main_rtsp_url"]},
                       {"sub_rtsp_url", source.json()["sub_rtsp_url"]}};
    auto added = contoso_admin.post_json(api("/n/201/manage/vision/cameras"), contoso_input);
    ASSERT_EQ(added.status, 201) << added.body;
    auto contoso_camera = added.json()["id"].get<std::int64_t>();
    ASSERT_TRUE(poll_until(30s, [&] {
      for (const auto& camera : cameras_of(contoso_admin, 201))
        if (camera["id"] == contoso_camera && camera["status"] == "active")
          return true;
      return false;
    })) << "Contoso's new camera streams";

    northwind_ = std::make_unique<OrganizationWorld>(OrganizationWorld::gather(
        writer, 1, "nw-8f2a1c", "Northwind Logistics", 101, northwind_camera, /*make_rotation=*/false));
    contoso_ = std::make_unique<OrganizationWorld>(OrganizationWorld::gather(
        contoso_admin, 2, "ct-41b7d9", "Contoso Retail", 201, contoso_camera, /*make_rotation=*/true));
    operations_ = read_openapi_contract(contract_file_path());
    for (const auto* world : {northwind_.get(), contoso_.get()}) {
      for (const char* name : {"serial", "wallId", "rotationId", "userId", "jobId", "bookmarkId"})
        ASSERT_NE(world->value(name), "0") << world->organization_name << " has a " << name;
      for (const char* name : {"file", "chunkFile", "initFile"})
        EXPECT_NE(world->value(name), k_no_file) << world->organization_name << "'s camera has a real " << name;
    }
  }
  static void TearDownTestSuite() {
    northwind_.reset();
    contoso_.reset();
    server_.reset();
  }

protected:
  static std::map<std::string, std::string> own_of(const OrganizationWorld& world) {
    return {
        {"orgId", world.value("orgId")}, {"orgEid", world.value("orgEid")}, {"networkId", world.value("networkId")}};
  }

  //! Every Northwind camera the viewer may not watch (not tagged public), with the things made on one of them.
  static std::vector<std::string> viewer_hidden_markers() {
    auto writer = signed_in(*server_, k_writer);
    std::vector<std::string> hidden, visible;
    for (std::int64_t network : {101, 102, 103}) {
      for (const auto& camera : cameras_of(writer, network)) {
        auto tags = camera["tags"];
        bool is_public = std::find(tags.begin(), tags.end(), "public") != tags.end();
        for (auto& marker : camera_markers(camera))
          (is_public ? visible : hidden).push_back(marker);
      }
    }
    // The floor plans the viewer may see are drawings with room labels ('Server Room'), which cameras are named after.
    auto viewer = signed_in(*server_, k_viewer);
    for (std::int64_t network : {101, 102, 103}) {
      auto plans = viewer.get(api("/node_groups/" + std::to_string(network) + "/floorplans"));
      for (const auto& plan : plans.status == 200 ? plans.json() : json::array())
        visible.push_back(viewer.get(api("/floorplans/" + plan["id"].dump() + "/image")).body);
    }
    hidden.push_back("Matrix export of Northwind Logistics");
    hidden.push_back("Matrix bookmark of Northwind Logistics");
    return only_hidden(hidden, visible);
  }

  //! Calls every operation with `target`; records what went wrong in `problems`. Writes only when the call carries a
  //! hidden id (or nobody is signed in), so nothing the caller may change is changed.
  void call_every_operation(HttpClient& client, const Caller& caller, const MatrixTarget& target,
                            std::vector<std::string>& problems) {
    for (const auto& operation : operations_) {
      MatrixCall call;
      try {
        call = build_call(operation, target);
      } catch (const std::invalid_argument& error) {
        problems.push_back(error.what());
        continue;
      }
      bool anonymous = caller.email.empty();
      if (operation.method != "GET" && call.hidden_used.empty() && !anonymous)
        continue;
      if (operation.path == "/login/logout" && !anonymous)
        continue; // would end the caller's session; it carries no id
      Headers headers;
      if (!call.body.empty())
        headers.emplace_back("Content-Type", "application/json");
      auto response = client.request(call.method, call.target, call.body, headers);
      ++calls_made_;
      ++statuses_[response.status];
      judge(caller, target, operation, call, response, problems);
      if (call.hidden_used.empty() && !call.hidden_in_filters.empty())
        expect_like_nothing(client, caller, operation, target, call, response, problems);
    }
  }

  static void judge(const Caller& caller, const MatrixTarget& target, const ContractOperation& operation,
                    const MatrixCall& call, const HttpResponse& response, std::vector<std::string>& problems) {
    auto where = caller.role + " " + call.method + " " + call.target + " (" + target.label + ") answered " +
                 std::to_string(response.status) + ": ";
    std::string everything = response.body;
    for (const auto& [name, value] : response.headers)
      everything += "\n" + name + ": " + value;
    for (const auto& marker : caller.markers) {
      if (everything.find(marker) != std::string::npos)
        problems.push_back(where + "names '" + marker + "' — " + response.body.substr(0, 300));
    }
    if (response.status >= 500 && response.status != 503)
      problems.push_back(where + "a server error — " + response.body.substr(0, 300));
    if (caller.email.empty() && !operation.is_public && !is_login_mode(response))
      problems.push_back(where + "not the login mode answer — " + response.body.substr(0, 300));
    if (!call.hidden_used.empty() && response.status < 400) {
      std::string used;
      for (const auto& name : call.hidden_used)
        used += (used.empty() ? "" : ", ") + name;
      problems.push_back(where + "succeeded with " + used + " of what the caller may not see — " +
                         response.body.substr(0, 300));
    }
  }

  //! A list filtered by an id the caller may not see answers exactly as when filtered by an id nothing has (the same
  //! status and body): it does not even tell that the thing exists.
  void expect_like_nothing(HttpClient& client, const Caller& caller, const ContractOperation& operation,
                           const MatrixTarget& target, const MatrixCall& call, const HttpResponse& response,
                           std::vector<std::string>& problems) {
    auto nothing = build_call(operation, with_ids_of_nothing(target, call.hidden_in_filters));
    auto reference = client.request(nothing.method, nothing.target);
    ++calls_made_;
    if (reference.status != response.status || reference.body != response.body) {
      problems.push_back(caller.role + " " + call.method + " " + call.target + " answered " +
                         std::to_string(response.status) + " " + response.body.substr(0, 200) + " but " +
                         nothing.target + " answered " + std::to_string(reference.status) + " " +
                         reference.body.substr(0, 200));
    }
  }

  void expect_nothing_changed() {
    auto writer = signed_in(*server_, k_writer);
    auto contoso_admin = signed_in(*server_, k_contoso_admin);
    EXPECT_EQ(northwind_->inventory(writer), northwind_->inventory_before) << "Northwind changed";
    EXPECT_EQ(contoso_->inventory(contoso_admin), contoso_->inventory_before) << "Contoso changed";
  }

  static void expect_no_problems(const std::vector<std::string>& problems) {
    std::ostringstream list;
    for (const auto& problem : problems)
      list << "\n  - " << problem;
    EXPECT_TRUE(problems.empty()) << problems.size() << " problems:" << list.str();
  }

  HttpClient client_for(const Caller& caller) {
    if (caller.email.empty()) {
      auto client = server_->client();
      prime_csrf(client);
      return client;
    }
    return signed_in(*server_, caller.email);
  }

  MatrixTarget northwind_target() const {
    return {"Northwind's things", northwind_->values, names_of(northwind_->values)};
  }
  MatrixTarget contoso_target() const { return {"Contoso's things", contoso_->values, names_of(contoso_->values)}; }

  static std::unique_ptr<ArgusdProcess> server_;
  static std::unique_ptr<OrganizationWorld> northwind_;
  static std::unique_ptr<OrganizationWorld> contoso_;
  static std::vector<ContractOperation> operations_;
  void TearDown() override {
    std::ostringstream figures;
    figures << calls_made_ << " calls;";
    for (const auto& [status, count] : statuses_)
      figures << " " << status << ": " << count;
    std::cout << "[ matrix   ] " << figures.str() << "\n";
  }

  int calls_made_ = 0;
  std::map<int, int> statuses_;
};

std::unique_ptr<ArgusdProcess> PermissionMatrix::server_;
std::unique_ptr<OrganizationWorld> PermissionMatrix::northwind_;
std::unique_ptr<OrganizationWorld> PermissionMatrix::contoso_;
std::vector<ContractOperation> PermissionMatrix::operations_;

TEST_F(PermissionMatrix, WithoutASessionOnlyPublicCallsAnswerAndNothingLeaks) {
  std::vector<std::string> markers = northwind_->markers;
  markers.insert(markers.end(), contoso_->markers.begin(), contoso_->markers.end());
  Caller nobody{"nobody", "", {}, markers};
  auto client = client_for(nobody);
  std::vector<std::string> problems;
  call_every_operation(client, nobody, northwind_target(), problems);
  call_every_operation(client, nobody, contoso_target(), problems);
  expect_no_problems(problems);
  expect_nothing_changed();
  EXPECT_GE(calls_made_, 2 * static_cast<int>(operations_.size()));
}

TEST_F(PermissionMatrix, AnotherOrganizationsAdministratorNeverReachesNorthwind) {
  Caller contoso_admin{"Contoso's administrator", k_contoso_admin, own_of(*contoso_),
                       only_hidden(northwind_->markers, contoso_->markers)};
  auto client = client_for(contoso_admin);
  std::vector<std::string> problems;
  call_every_operation(client, contoso_admin, northwind_target(), problems);
  call_every_operation(client, contoso_admin, inside_own_containers(northwind_target(), contoso_admin.own), problems);
  expect_no_problems(problems);
  expect_nothing_changed();
}

TEST_F(PermissionMatrix, NorthwindsRolesNeverReachContoso) {
  auto contoso_only = only_hidden(contoso_->markers, northwind_->markers);
  for (const auto& [role, email] :
       std::vector<std::pair<std::string, std::string>>{{"Northwind's org-write administrator", k_writer},
                                                        {"Northwind's monitor-only administrator", k_monitor},
                                                        {"Northwind's viewer", k_viewer}}) {
    Caller caller{role, email, own_of(*northwind_), contoso_only};
    auto client = client_for(caller);
    std::vector<std::string> problems;
    call_every_operation(client, caller, contoso_target(), problems);
    call_every_operation(client, caller, inside_own_containers(contoso_target(), caller.own), problems);
    expect_no_problems(problems);
  }
  expect_nothing_changed();
}

TEST_F(PermissionMatrix, TheViewerNeverReachesACameraTheyMayNotWatch) {
  Caller viewer{"Northwind's viewer", k_viewer, own_of(*northwind_), viewer_hidden_markers()};
  // Their own organization and network; the camera (by id and serial), its media and what was made on it are hidden.
  MatrixTarget camera{"a Northwind camera not tagged public",
                      northwind_->values,
                      {"cameraId", "channelId", "serial", "jobId", "bookmarkId", "file", "chunkFile", "initFile"}};
  auto client = client_for(viewer);
  std::vector<std::string> problems;
  call_every_operation(client, viewer, camera, problems);
  expect_no_problems(problems);
  expect_nothing_changed();
}

TEST_F(PermissionMatrix, AnAdministratorOfBothOrganizationsReadsEverythingWithoutServerErrors) {
  Caller admin{"the administrator of both organizations", k_admin, own_of(*northwind_), {}};
  MatrixTarget own{"Northwind's things", northwind_->values, {}};
  auto client = client_for(admin);
  std::vector<std::string> problems;
  call_every_operation(client, admin, own, problems);
  expect_no_problems(problems);
  // No inventory check: this caller may change things, and GET .../share makes the export's share link.
}

} // namespace
} // namespace argus::testing
