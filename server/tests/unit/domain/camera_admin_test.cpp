// Camera administration: validation (services/camera_admin), the store round trip, and the API handlers through the
// router (rights, 404 for other organizations, CSRF, 409s, the source only for write administrators).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/camera_admin_api.hpp"
#include "common/error.hpp"
#include "services/camera_admin.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

using services::CameraInput;

Error::Kind kind_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& error) {
    return error.kind();
  }
  ADD_FAILURE() << "no error";
  return Error::Kind::internal;
}

std::string message_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

// --- validation ----------------------------------------------------------------------------------------------------

TEST(CameraAdminValidation, UrlsNeedRtspSchemeAndHost) {
  EXPECT_EQ(services::validate_rtsp_url("main_rtsp_url", "rtsp://u:p@10.0.0.5:554/live"),
            "rtsp://u:p@10.0.0.5:554/live");
  EXPECT_NO_THROW(services::validate_rtsp_url("main_rtsp_url", "RTSPS://cam.example.com/x"));
  EXPECT_NO_THROW(services::validate_rtsp_url("main_rtsp_url", "rtsp://[::1]:8554/a"));
  for (const char* bad : {"", "http://cam/x", "rtsp://", "rtsp:///path", "rtsp://host:0/x", "rtsp://host:99999/",
                          "rtsp://ho st/x", "rtsp://host/x\n", "rtsp://host:/x", "rtsp://u@/x", "cam/x"}) {
    EXPECT_EQ(kind_of([&] { services::validate_rtsp_url("main_rtsp_url", bad); }), Error::Kind::invalid_input) << bad;
  }
  EXPECT_NE(message_of([] { services::validate_rtsp_url("sub_rtsp_url", "ftp://x"); }).find("sub_rtsp_url"),
            std::string::npos);
}

TEST(CameraAdminValidation, NamesTagsMacSerialRetention) {
  EXPECT_EQ(services::validate_text("name", "  Lobby  ", 120, 1), "Lobby");
  EXPECT_THROW(services::validate_text("name", "   ", 120, 1), Error);
  EXPECT_THROW(services::validate_text("name", std::string(121, 'a'), 120, 1), Error);
  EXPECT_NO_THROW(services::validate_text("name", std::string(120, 'a'), 120, 1));
  EXPECT_NO_THROW(services::validate_text("name", "Caméra 東", 120, 1));
  EXPECT_THROW(services::validate_text("name", "a\x01", 120, 1), Error);
  EXPECT_EQ(services::normalise_tags({" a ", "b", "a"}), (std::vector<std::string>{"a", "b"}));
  EXPECT_THROW(services::normalise_tags({""}), Error);
  EXPECT_THROW(services::normalise_tags({std::string(61, 't')}), Error);
  std::vector<std::string> many;
  for (int i = 0; i < 51; ++i)
    many.push_back("t" + std::to_string(i));
  EXPECT_THROW(services::normalise_tags(many), Error);
  EXPECT_EQ(services::normalise_mac("AA:BB:cc:01:02:03"), "aa:bb:cc:01:02:03");
  for (const char* bad : {"aa-bb-cc-dd-ee-ff", "aa:bb:cc:dd:ee", "gg:bb:cc:dd:ee:ff", "aabbccddeeff"})
    EXPECT_THROW(services::normalise_mac(bad), Error) << bad;
  EXPECT_THROW(services::validate_serial("Q2XX XXXX"), Error);
  EXPECT_THROW(services::validate_retention_days(0), Error);
  EXPECT_THROW(services::validate_retention_days(3651), Error);
  EXPECT_EQ(services::validate_retention_days(3650), 3650);
}

TEST(CameraAdminValidation, JsonTypesAreChecked) {
  EXPECT_THROW(api::camera_input_from_json({{"name", 5}}), Error);
  EXPECT_THROW(api::camera_input_from_json({{"tags", "a,b"}}), Error);
  EXPECT_THROW(api::camera_input_from_json({{"tags", {1}}}), Error);
  EXPECT_THROW(api::camera_input_from_json({{"retention_days", "30"}}), Error);
  EXPECT_THROW(api::camera_input_from_json({{"retention_days", 1.5}}), Error);
  EXPECT_THROW(api::camera_input_from_json({{"main_rtsp_url", nullptr}}), Error);
  auto input = api::camera_input_from_json({{"sub_rtsp_url", nullptr}, {"whatever", 1}});
  ASSERT_TRUE(input.sub_rtsp_url.has_value());
  EXPECT_FALSE(input.sub_rtsp_url->has_value());
}

// --- service and store ---------------------------------------------------------------------------------------------

TEST(CameraAdminService, CreateUpdateRemoveRoundTrip) {
  ApiHarness api;
  services::CameraAdmin admin(api.database, [] { return 1'700'000'000'000; });
  CameraInput input;
  input.name = "Dock door";
  input.main_rtsp_url = "rtsp://user:secret@127.0.0.1:1/x";
  input.tags = std::vector<std::string>{"dock", " outdoor "};
  auto created = admin.create(101, input);
  EXPECT_GT(created.camera.id, 0);
  EXPECT_EQ(created.camera.status, "offline");
  EXPECT_EQ(created.camera.organization_id, 1);
  EXPECT_EQ(created.camera.tags, (std::vector<std::string>{"dock", "outdoor"}));
  EXPECT_TRUE(created.source_changed);
  // Generated MAC: locally administered unicast; generated serial: Q2XX-XXXX-XXXX.
  ASSERT_EQ(created.camera.mac.size(), 17u);
  EXPECT_EQ(std::stoi(created.camera.mac.substr(0, 2), nullptr, 16) & 0x03, 0x02);
  EXPECT_EQ(created.camera.serial.size(), 14u);
  EXPECT_EQ(created.camera.serial.substr(0, 2), "Q2");
  EXPECT_GT(created.camera.channel_id, 0);
  EXPECT_TRUE(nlohmann::json::parse(created.camera.config_json).contains("video_width"));
  auto source = api.database.find_camera_source(created.camera.id);
  ASSERT_TRUE(source);
  EXPECT_EQ(source->main_rtsp_url, input.main_rtsp_url);
  EXPECT_FALSE(source->sub_rtsp_url);
  EXPECT_EQ(source->retention_days, 30);

  CameraInput rename;
  rename.name = "Dock door 2";
  auto renamed = admin.update(created.camera.id, rename);
  EXPECT_EQ(renamed.camera.name, "Dock door 2");
  EXPECT_FALSE(renamed.source_changed);
  CameraInput resource;
  resource.sub_rtsp_url = std::optional<std::string>("rtsp://127.0.0.1:1/sub");
  EXPECT_TRUE(admin.update(created.camera.id, resource).source_changed);

  // Another camera cannot take the same MAC or serial.
  CameraInput twin = input;
  twin.mac = created.camera.mac;
  EXPECT_EQ(message_of([&] { admin.create(101, twin); }), "mac is already used by another camera");
  twin.mac.reset();
  twin.serial = created.camera.serial;
  EXPECT_EQ(kind_of([&] { admin.create(101, twin); }), Error::Kind::conflict);

  // Scope: the camera is not in network 102 nor in organization 2.
  EXPECT_EQ(kind_of([&] { admin.find(created.camera.id, services::CameraScope{1, 102}); }), Error::Kind::not_found);
  EXPECT_EQ(kind_of([&] { admin.find(created.camera.id, services::CameraScope{2, 101}); }), Error::Kind::not_found);
  EXPECT_EQ(kind_of([&] { admin.create(999, input); }), Error::Kind::not_found);

  // Removal drops the camera and its recording index.
  store::InitSegmentRecord init{0,    created.camera.id,       "main", "avc1.64001f", 640, 360,
                                true, "recordings/x/init.mp4", 1};
  auto init_id = api.database.insert_init_segment(init);
  store::ChunkRecord chunk{0, created.camera.id, "main", 1, "recordings/x/c1.m4s", init_id, 1000, 3000, 100};
  auto chunk_id = api.database.insert_chunk(chunk);
  api.database.append_recording_index({{0, chunk_id, created.camera.id, "main", 1000, 2000, 0, 100, true}}, {});
  auto files = admin.remove(created.camera.id);
  EXPECT_EQ(files.size(), 2u);
  EXPECT_FALSE(api.database.find_camera(created.camera.id));
  EXPECT_TRUE(api.database.fragments_in_range(created.camera.id, "main", 0, 10'000).empty());
  EXPECT_FALSE(api.database.find_chunk(chunk_id));
  EXPECT_EQ(kind_of([&] { admin.remove(created.camera.id); }), Error::Kind::not_found);
}

TEST(CameraAdminService, NothingChangesOnError) {
  ApiHarness api;
  services::CameraAdmin admin(api.database, [] { return 0; });
  auto before = api.database.cameras_of_organization(1).size();
  CameraInput input;
  input.name = "x";
  input.main_rtsp_url = "rtsp://h/x";
  input.mac = "34:56:fe:a1:03:e9"; // demo camera 1001's
  EXPECT_EQ(kind_of([&] { admin.create(101, input); }), Error::Kind::conflict);
  EXPECT_EQ(api.database.cameras_of_organization(1).size(), before);
  // An update whose source is valid but whose serial collides leaves name and source untouched.
  CameraInput update;
  update.name = "Renamed";
  update.main_rtsp_url = "rtsp://h/y";
  update.serial = api.database.find_camera(1002)->serial;
  auto old_source = api.database.find_camera_source(1001);
  EXPECT_EQ(kind_of([&] { admin.update(1001, update); }), Error::Kind::conflict);
  EXPECT_NE(api.database.find_camera(1001)->name, "Renamed");
  EXPECT_EQ(api.database.find_camera_source(1001)->main_rtsp_url, old_source->main_rtsp_url);
}

// --- API -----------------------------------------------------------------------------------------------------------

struct AdminApi : ::testing::Test {
  ApiHarness api;
  std::vector<std::pair<std::int64_t, std::optional<store::CameraSourceRecord>>> notified;
  std::string admin;

  void SetUp() override {
    api.context.on_camera_source_changed = [this](std::int64_t id, const std::optional<store::CameraSourceRecord>& s) {
      notified.emplace_back(id, s);
    };
    admin = api.sign_in("admin@argus.demo");
  }
  http::Response post(const nlohmann::json& body, const std::string& token, std::int64_t network = 101,
                      bool csrf = true) {
    return api.call(
        api.request("POST", "/n1/n/" + std::to_string(network) + "/manage/vision/cameras", body.dump(), csrf), token);
  }
  static nlohmann::json valid() {
    return {{"name", "Gate"}, {"main_rtsp_url", "rtsp://admin:hunter2@127.0.0.1:1/x"}, {"tags", {"public"}}};
  }
  nlohmann::json list(std::int64_t network = 101) {
    return body_of(api.call(api.request("GET", "/n1/n/" + std::to_string(network) + "/manage/vision/cameras"), admin));
  }
};

TEST_F(AdminApi, AddEditRemove) {
  auto created = post(valid(), admin);
  ASSERT_EQ(created.status, 201) << created.body;
  auto camera = body_of(created);
  auto id = camera["id"].get<std::int64_t>();
  EXPECT_EQ(camera["name"], "Gate");
  EXPECT_EQ(camera["status"], "offline");
  EXPECT_EQ(created.body.find("hunter2"), std::string::npos);
  ASSERT_EQ(notified.size(), 1u);
  EXPECT_EQ(notified[0].first, id);
  ASSERT_TRUE(notified[0].second);
  EXPECT_EQ(notified[0].second->main_rtsp_url, "rtsp://admin:hunter2@127.0.0.1:1/x");

  auto listed = list();
  bool found = false;
  for (const auto& item : listed)
    found = found || item["id"] == id;
  EXPECT_TRUE(found);
  EXPECT_EQ(listed.dump().find("hunter2"), std::string::npos);
  EXPECT_EQ(listed.dump().find("rtsp://"), std::string::npos);

  auto path = "/n1/n/101/manage/vision/cameras/" + std::to_string(id);
  auto edited = api.call(api.request("PUT", path, R"({"name":"Gate 2","retention_days":7})"), admin);
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(body_of(edited)["name"], "Gate 2");
  EXPECT_EQ(notified.size(), 1u); // no source change
  auto source = api.call(api.request("GET", path + "/source"), admin);
  ASSERT_EQ(source.status, 200);
  EXPECT_EQ(body_of(source)["main_rtsp_url"], "rtsp://admin:hunter2@127.0.0.1:1/x");
  EXPECT_TRUE(body_of(source)["sub_rtsp_url"].is_null());
  EXPECT_EQ(body_of(source)["retention_days"], 7);
  auto resourced = api.call(api.request("PUT", path, R"({"main_rtsp_url":"rtsp://127.0.0.1:2/y"})"), admin);
  ASSERT_EQ(resourced.status, 200);
  ASSERT_EQ(notified.size(), 2u);

  auto removed = api.call(api.request("DELETE", path), admin);
  EXPECT_EQ(removed.status, 204) << removed.body;
  ASSERT_EQ(notified.size(), 3u);
  EXPECT_FALSE(notified[2].second); // stopped before removal
  EXPECT_EQ(api.call(api.request("PUT", path, R"({"name":"x"})"), admin).status, 404);
  EXPECT_EQ(api.call(api.request("GET", path + "/source"), admin).status, 404);
}

TEST_F(AdminApi, ValidationErrorsName400AndConflicts409) {
  struct Case {
    nlohmann::json patch;
    std::string field;
  };
  std::vector<Case> cases = {{{{"name", ""}}, "name"},
                             {{{"name", std::string(121, 'n')}}, "name"},
                             {{{"name", 3}}, "name"},
                             {{{"main_rtsp_url", "http://x/y"}}, "main_rtsp_url"},
                             {{{"main_rtsp_url", "rtsp://a b/"}}, "main_rtsp_url"},
                             {{{"sub_rtsp_url", "rtsp://"}}, "sub_rtsp_url"},
                             {{{"tags", {std::string(61, 't')}}}, "tags"},
                             {{{"retention_days", 0}}, "retention_days"},
                             {{{"retention_days", "5"}}, "retention_days"},
                             {{{"mac", "zz:00:00:00:00:00"}}, "mac"}};
  auto count = list().size();
  for (const auto& c : cases) {
    auto body = valid();
    body.update(c.patch);
    auto response = post(body, admin);
    EXPECT_EQ(response.status, 400) << c.patch.dump();
    EXPECT_NE(response.body.find(c.field), std::string::npos) << response.body;
  }
  auto missing = valid();
  missing.erase("main_rtsp_url");
  EXPECT_EQ(post(missing, admin).status, 400);
  EXPECT_EQ(api.call(api.request("POST", "/n1/n/101/manage/vision/cameras", "[1]"), admin).status, 400);

  auto body = valid();
  body["mac"] = "34:56:FE:A1:03:E9"; // camera 1001's, other case
  auto conflict = post(body, admin);
  EXPECT_EQ(conflict.status, 409);
  EXPECT_NE(conflict.body.find("mac"), std::string::npos);
  body.erase("mac");
  body["serial"] = api.database.find_camera(1001)->serial;
  EXPECT_EQ(post(body, admin).status, 409);
  EXPECT_EQ(list().size(), count);
  EXPECT_TRUE(notified.empty());
}

TEST_F(AdminApi, RightsAndOrganizationBoundary) {
  auto viewer = api.sign_in("viewer@argus.demo");
  auto denied = post(valid(), viewer);
  EXPECT_EQ(denied.status, 403);
  EXPECT_EQ(body_of(denied)["errors"][0], "Unable to complete action, please check your permission");
  EXPECT_EQ(api.call(api.request("GET", "/n1/n/101/manage/vision/cameras/1001/source"), viewer).status, 403);
  EXPECT_EQ(api.call(api.request("DELETE", "/n1/n/101/manage/vision/cameras/1001"), viewer).status, 403);
  // The viewer cannot see camera 1003 (not tagged public): 404, not 403.
  EXPECT_EQ(api.call(api.request("DELETE", "/n1/n/101/manage/vision/cameras/1003"), viewer).status, 404);

  auto monitor = api.sign_in("monitor@argus.demo");
  EXPECT_EQ(post(valid(), monitor, 102).status, 403);

  // Another organization's network and camera look missing; a camera id with the wrong network too.
  auto writer = api.sign_in("writer@argus.demo");
  EXPECT_EQ(post(valid(), writer, 201).status, 404);
  auto other_camera = api.database.cameras_of_organization(2).front();
  EXPECT_EQ(
      api.call(api.request("GET", "/n1/n/101/manage/vision/cameras/" + std::to_string(other_camera.id) + "/source"),
               admin)
          .status,
      404);
  EXPECT_EQ(api.call(api.request("PUT", "/n1/n/102/manage/vision/cameras/1001", R"({"name":"x"})"), admin).status, 404);
  EXPECT_TRUE(notified.empty());
}

TEST_F(AdminApi, CsrfMissingIs403AndChangesNothing) {
  auto count = list().size();
  EXPECT_EQ(post(valid(), admin, 101, false).status, 403);
  EXPECT_EQ(api.call(api.request("DELETE", "/n1/n/101/manage/vision/cameras/1001", "", false), admin).status, 403);
  EXPECT_EQ(list().size(), count);
  EXPECT_TRUE(api.database.find_camera(1001));
  EXPECT_EQ(api.call(api.request("POST", "/n1/n/101/manage/vision/cameras", valid().dump())).status, 401);
}

} // namespace
} // namespace argus::testing
