// Multi-imager cameras through camera administration (issue 9): imager_count on add, each imager's URLs on add and
// edit (services/camera_admin and the API's JSON), and the refusals: an imager the camera does not have, an imager
// listed twice, bad URLs, a changed imager_count — each a 400 naming the field, with nothing stored.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/camera_admin_api.hpp"
#include "common/error.hpp"
#include "services/camera_admin.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

using nlohmann::json;
using services::CameraInput;
using services::ImagerSourceInput;

std::string message_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::invalid_input) << error.what();
    return error.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

CameraInput four_imager_camera() {
  CameraInput input;
  input.name = "Pole 7";
  input.main_rtsp_url = "rtsp://127.0.0.1:1/imager0/main";
  input.imager_count = 4;
  input.imagers =
      std::vector<ImagerSourceInput>{{2, "rtsp://127.0.0.1:1/imager2/main", "rtsp://127.0.0.1:1/imager2/sub"},
                                     {1, "rtsp://127.0.0.1:1/imager1/main", std::nullopt}};
  return input;
}

TEST(CameraImagerAdmin, AddingAMultiImagerCameraStoresItsImagersInOrder) {
  ApiHarness api;
  services::CameraAdmin admin(api.database, [] { return 0; });
  auto created = admin.create(101, four_imager_camera());
  EXPECT_EQ(created.camera.imager_count, 4);
  EXPECT_EQ(created.camera.type, "multi_imager");
  auto source = api.database.find_camera_source(created.camera.id);
  ASSERT_TRUE(source);
  ASSERT_EQ(source->imagers.size(), 2u);
  EXPECT_EQ(source->imagers[0], (store::ImagerSourceRecord{1, "rtsp://127.0.0.1:1/imager1/main", std::nullopt}));
  EXPECT_EQ(source->imagers[1].imager_id, 2);
  EXPECT_EQ(source->imagers[1].sub_rtsp_url, "rtsp://127.0.0.1:1/imager2/sub");
  EXPECT_EQ(created.source.imagers, source->imagers);

  CameraInput plain;
  plain.name = "Plain";
  plain.main_rtsp_url = "rtsp://127.0.0.1:1/x";
  auto single = admin.create(101, plain);
  EXPECT_EQ(single.camera.imager_count, 1);
  EXPECT_EQ(single.camera.type, "standard");
}

TEST(CameraImagerAdmin, AnEditReplacesTheListedImagersKeepsTheOthersAndRemovesOnesWithoutUrls) {
  ApiHarness api;
  services::CameraAdmin admin(api.database, [] { return 0; });
  auto id = admin.create(101, four_imager_camera()).camera.id;

  CameraInput notes;
  notes.notes = "no source change";
  EXPECT_FALSE(admin.update(id, notes).source_changed);

  CameraInput edit;
  edit.imagers = std::vector<ImagerSourceInput>{{3, "rtsp://127.0.0.1:1/imager3/main", std::nullopt},
                                                {2, std::nullopt, std::nullopt}};
  auto change = admin.update(id, edit);
  EXPECT_TRUE(change.source_changed);
  auto imagers = api.database.find_camera_source(id)->imagers;
  ASSERT_EQ(imagers.size(), 2u);
  EXPECT_EQ(imagers[0].imager_id, 1); // kept
  EXPECT_EQ(imagers[0].main_rtsp_url, "rtsp://127.0.0.1:1/imager1/main");
  EXPECT_EQ(imagers[1].imager_id, 3); // added; 2 removed
  EXPECT_EQ(change.source.imagers, imagers);

  // The same URLs again are no source change; an empty string is no URL.
  EXPECT_FALSE(admin.update(id, edit).source_changed);
  CameraInput blank;
  blank.imagers = std::vector<ImagerSourceInput>{{1, "", ""}};
  EXPECT_TRUE(admin.update(id, blank).source_changed);
  EXPECT_EQ(api.database.find_camera_source(id)->imagers.size(), 1u);
}

TEST(CameraImagerAdmin, RefusalsNameTheProblemAndChangeNothing) {
  ApiHarness api;
  services::CameraAdmin admin(api.database, [] { return 0; });
  auto id = admin.create(101, four_imager_camera()).camera.id;
  auto before = api.database.find_camera_source(id)->imagers;
  auto edit_with = [&](std::vector<ImagerSourceInput> imagers) {
    CameraInput edit;
    edit.name = "Renamed";
    edit.imagers = std::move(imagers);
    return message_of([&] { admin.update(id, edit); });
  };
  EXPECT_NE(edit_with({{4, "rtsp://h/x", std::nullopt}}).find("imager 4 is not an imager of this camera (it has 4"),
            std::string::npos);
  EXPECT_NE(edit_with({{0, "rtsp://h/x", std::nullopt}}).find("imagers[0].imager_id must be from 1 to 15"),
            std::string::npos);
  EXPECT_NE(edit_with({{16, "rtsp://h/x", std::nullopt}}).find("imager_id"), std::string::npos);
  EXPECT_NE(edit_with({{1, "rtsp://h/x", std::nullopt}, {1, std::nullopt, std::nullopt}}).find("more than once"),
            std::string::npos);
  EXPECT_NE(edit_with({{1, "http://h/x", std::nullopt}}).find("imagers[0].main_rtsp_url"), std::string::npos);
  EXPECT_NE(edit_with({{2, std::nullopt, "rtsp://bad host/"}}).find("imagers[0].sub_rtsp_url"), std::string::npos);
  CameraInput recount;
  recount.imager_count = 2;
  EXPECT_NE(message_of([&] { admin.update(id, recount); }).find("imager_count is set when the camera is added"),
            std::string::npos);
  CameraInput same_count;
  same_count.imager_count = 4;
  EXPECT_NO_THROW(admin.update(id, same_count));
  EXPECT_EQ(api.database.find_camera_source(id)->imagers, before);
  EXPECT_EQ(api.database.find_camera(id)->name, "Pole 7");

  // A one-imager camera has no imagers to list; imager_count is 1 to 16.
  CameraInput plain;
  plain.name = "Plain";
  plain.main_rtsp_url = "rtsp://127.0.0.1:1/x";
  plain.imagers = std::vector<ImagerSourceInput>{{1, "rtsp://h/x", std::nullopt}};
  EXPECT_NE(message_of([&] { admin.create(101, plain); }).find("this camera has one imager"), std::string::npos);
  plain.imagers.reset();
  for (std::int64_t count : {0, 17}) {
    plain.imager_count = count;
    EXPECT_NE(message_of([&] { admin.create(101, plain); }).find("imager_count must be from 1 to 16"),
              std::string::npos);
  }
}

TEST(CameraImagerAdmin, JsonTypesOfImagersAreChecked) {
  auto input = api::camera_input_from_json(
      {{"imager_count", 4},
       {"imagers",
        {{{"imager_id", 1}, {"main_rtsp_url", "rtsp://h/1"}, {"sub_rtsp_url", nullptr}}, {{"imager_id", 2}}}}});
  EXPECT_EQ(input.imager_count, 4);
  ASSERT_TRUE(input.imagers);
  ASSERT_EQ(input.imagers->size(), 2u);
  EXPECT_EQ((*input.imagers)[0].main_rtsp_url, "rtsp://h/1");
  EXPECT_FALSE((*input.imagers)[0].sub_rtsp_url);
  EXPECT_FALSE((*input.imagers)[1].main_rtsp_url);
  for (const auto& bad :
       {json{{"imager_count", "4"}}, json{{"imager_count", 1.5}}, json{{"imagers", "rtsp://h/x"}},
        json{{"imagers", {1}}}, json{{"imagers", {{{"main_rtsp_url", "rtsp://h/x"}}}}},
        json{{"imagers", {{{"imager_id", "1"}}}}}, json{{"imagers", {{{"imager_id", 1}, {"main_rtsp_url", 5}}}}},
        json{{"imagers", json::array({json{{"imager_id", 1}}, json{{"imager_id", 2}}, json{{"imager_id", 3}},
                                      json{{"imager_id", 4}}, json{{"imager_id", 5}}, json{{"imager_id", 6}},
                                      json{{"imager_id", 7}}, json{{"imager_id", 8}}, json{{"imager_id", 9}},
                                      json{{"imager_id", 10}}, json{{"imager_id", 11}}, json{{"imager_id", 12}},
                                      json{{"imager_id", 13}}, json{{"imager_id", 14}}, json{{"imager_id", 15}},
                                      json{{"imager_id", 16}}})}}}) {
    EXPECT_THROW(api::camera_input_from_json(bad), Error) << bad.dump();
  }
}

TEST(CameraImagerAdmin, TheApiSetsAnImagersUrlsAndTellsTheRecorder) {
  ApiHarness api;
  std::vector<store::CameraSourceRecord> notified;
  api.context.on_camera_source_changed = [&](std::int64_t, const std::optional<store::CameraSourceRecord>& source) {
    if (source)
      notified.push_back(*source);
  };
  auto admin = api.sign_in("admin@argus.demo");
  json body = {{"name", "Pole 8"}, {"main_rtsp_url", "rtsp://127.0.0.1:1/m"}, {"imager_count", 4}};
  auto created = api.call(api.request("POST", "/n1/n/101/manage/vision/cameras", body.dump()), admin);
  ASSERT_EQ(created.status, 201) << created.body;
  EXPECT_EQ(body_of(created)["imager_count"], 4);
  auto path = "/n1/n/101/manage/vision/cameras/" + std::to_string(body_of(created)["id"].get<std::int64_t>());

  json edit = {{"imagers", {{{"imager_id", 3}, {"main_rtsp_url", "rtsp://u:secret@127.0.0.1:1/i3"}}}}};
  auto edited = api.call(api.request("PUT", path, edit.dump()), admin);
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(edited.body.find("secret"), std::string::npos);
  ASSERT_EQ(notified.size(), 2u);
  ASSERT_EQ(notified[1].imagers.size(), 1u);
  EXPECT_EQ(notified[1].imagers[0].imager_id, 3);
  auto source = body_of(api.call(api.request("GET", path + "/source"), admin));
  EXPECT_EQ(source["imagers"],
            json::parse(R"([{"imager_id":3,"main_rtsp_url":"rtsp://u:secret@127.0.0.1:1/i3","sub_rtsp_url":null}])"));

  json wrong = {{"name", "Renamed"}, {"imagers", {{{"imager_id", 4}, {"main_rtsp_url", "rtsp://127.0.0.1:1/i4"}}}}};
  auto refused = api.call(api.request("PUT", path, wrong.dump()), admin);
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body.find("imager 4 is not an imager of this camera"), std::string::npos) << refused.body;
  EXPECT_EQ(body_of(api.call(api.request("GET", path + "/source"), admin)), source);
  EXPECT_EQ(notified.size(), 2u);
}

} // namespace
} // namespace argus::testing
