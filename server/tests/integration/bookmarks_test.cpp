// Clip bookmarks against a real argusd (issue 10): create, list with paging (endingBefore, perPage, remaining), delete,
// rights (historical right to read and make; creator or network administrator to delete; another organization's
// bookmark or camera is 404) and each bad input.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"

namespace argus::testing {
namespace {

constexpr std::int64_t k_camera = 1001;

class BookmarksTest : public SharedArgusdTest {
protected:
  void SetUp() override {
    SharedArgusdTest::SetUp();
    auto admin = signed_in(server(), k_admin);
    for (const auto& camera : admin.get(api("/n/101/manage/vision/cameras")).json()) {
      if (camera["id"] == k_camera)
        serial_ = camera["serial"].get<std::string>();
      else if (other_serial_.empty())
        other_serial_ = camera["serial"].get<std::string>();
    }
    ASSERT_FALSE(serial_.empty());
  }

  std::string create_path(const std::string& serial) const {
    return api("/api/v1/devices/" + serial + "/camera/video/bookmarks");
  }
  std::string list_path(const std::string& query) const {
    return api("/api/v1/organizations/1/camera/video/bookmarks?" + query);
  }
  static nlohmann::json body(const std::string& start, const std::string& end, const std::string& description) {
    return {{"startTs", start}, {"endTs", end}, {"description", description}};
  }

  std::string serial_;
  std::string other_serial_;
};

TEST_F(BookmarksTest, ABookmarkIsStoredListedNewestFirstWithPagingAndDeleted) {
  auto admin = signed_in(server(), k_admin);
  auto first = admin.post_json(create_path(serial_), body("2026-01-02T10:00:00.000Z", "2026-01-02T10:10:00Z", "Van at gate"));
  ASSERT_EQ(first.status, 201) << first.body;
  EXPECT_EQ(first.json()["serial"], serial_);
  EXPECT_EQ(first.json()["description"], "Van at gate");
  EXPECT_EQ(first.json()["startTs"], "2026-01-02T10:00:00.000Z");
  EXPECT_EQ(first.json()["endTs"], "2026-01-02T10:10:00.000Z");
  EXPECT_EQ(first.json()["userName"], "Alex Admin");
  auto second = admin.post_json(create_path(serial_), body("2026-01-03T11:00:00+01:00", "2026-01-03T11:05:00+01:00", ""));
  ASSERT_EQ(second.status, 201) << second.body;
  EXPECT_EQ(second.json()["startTs"], "2026-01-03T10:00:00.000Z");

  auto page = admin.get(list_path("serials=" + serial_ + "&perPage=1"));
  ASSERT_EQ(page.status, 200) << page.body;
  ASSERT_EQ(page.json()["items"].size(), 1u);
  EXPECT_EQ(page.json()["items"][0]["id"], second.json()["id"]);
  auto remaining = page.json()["meta"]["counts"]["items"]["remaining"].get<std::int64_t>();
  EXPECT_GE(remaining, 1);
  auto next = admin.get(list_path("serials=" + serial_ + "&perPage=30&endingBefore=" +
                                  page.json()["items"][0]["startTs"].get<std::string>()));
  ASSERT_EQ(next.status, 200) << next.body;
  auto older = next.json()["items"];
  bool found = false;
  for (const auto& item : older)
    found = found || item["id"] == first.json()["id"];
  EXPECT_TRUE(found) << next.body;
  EXPECT_EQ(older.size(), static_cast<std::size_t>(remaining));

  auto id = std::to_string(first.json()["id"].get<std::int64_t>());
  EXPECT_EQ(admin.request("DELETE", create_path(other_serial_) + "/" + id).status, 404); // another camera's path
  EXPECT_EQ(admin.request("DELETE", create_path(serial_) + "/" + id).status, 204);
  EXPECT_EQ(admin.request("DELETE", create_path(serial_) + "/" + id).status, 404);
}

// A page can end in the middle of bookmarks that start at the same moment: endingBeforeId (the last item's id) makes
// the cursor exact, so the next page starts with the rest of them instead of skipping them.
TEST_F(BookmarksTest, PagingThroughBookmarksWithTheSameStartLosesNone) {
  auto admin = signed_in(server(), k_admin);
  const std::string start = "2024-03-03T03:03:03.000Z";
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 3; ++i) {
    auto created = admin.post_json(create_path(serial_), body(start, "2024-03-03T03:04:00Z", "same start"));
    ASSERT_EQ(created.status, 201) << created.body;
    ids.push_back(created.json()["id"].get<std::int64_t>());
  }
  auto first = admin.get(list_path("serials=" + serial_ + "&perPage=2&endingBefore=2024-03-03T03:03:04Z"));
  ASSERT_EQ(first.status, 200) << first.body;
  ASSERT_EQ(first.json()["items"].size(), 2u);
  EXPECT_EQ(first.json()["items"][0]["id"], ids[2]);
  EXPECT_EQ(first.json()["items"][1]["id"], ids[1]);
  auto next = admin.get(list_path("serials=" + serial_ + "&perPage=2&endingBefore=" + start +
                                  "&endingBeforeId=" + std::to_string(ids[1])));
  ASSERT_EQ(next.status, 200) << next.body;
  ASSERT_FALSE(next.json()["items"].empty()) << next.body;
  EXPECT_EQ(next.json()["items"][0]["id"], ids[0]) << next.body;
  EXPECT_EQ(admin.get(list_path("serials=" + serial_ + "&endingBefore=" + start + "&endingBeforeId=x")).status, 400);
  for (auto id : ids)
    EXPECT_EQ(admin.request("DELETE", create_path(serial_) + "/" + std::to_string(id)).status, 204);
}

TEST_F(BookmarksTest, BadInputIsRefusedAndStoresNothing) {
  auto admin = signed_in(server(), k_admin);
  auto before = admin.get(list_path("serials=" + serial_ + "&perPage=100")).json()["items"].size();
  auto refused = [&](const nlohmann::json& request, int status, const std::string& message) {
    auto response = admin.post_json(create_path(serial_), request);
    EXPECT_EQ(response.status, status) << request.dump() << " → " << response.body;
    EXPECT_NE(response.body.find(message), std::string::npos) << response.body;
  };
  refused(body("2026-01-02T10:00:00", "2026-01-02T10:10:00Z", ""), 400, "startTs must be an ISO 8601 time");
  refused(body("2026-02-30T10:00:00Z", "2026-03-01T10:10:00Z", ""), 400, "startTs must be an ISO 8601 time");
  refused({{"startTs", 5}, {"endTs", "2026-01-02T10:10:00Z"}}, 400, "startTs must be an ISO 8601 time");
  refused(body("2026-01-02T10:10:00Z", "2026-01-02T10:00:00Z", ""), 400, "The end time must be after the start time");
  refused(body("2026-01-02T10:00:00Z", "2099-01-02T10:00:00Z", ""), 400, "A bookmark may not end in the future");
  refused(body("2026-01-02T10:00:00Z", "2026-01-04T10:00:00Z", ""), 400, "A bookmark may span at most 24 hours");
  refused(body("2026-01-02T10:00:00Z", "2026-01-02T10:10:00Z", std::string(1001, 'x')), 400,
          "description must be at most 1000 characters");
  EXPECT_EQ(admin.post_json(create_path("no-such-serial"), body("2026-01-02T10:00:00Z", "2026-01-02T10:10:00Z", ""))
                .status,
            404);
  EXPECT_EQ(admin.get(list_path("serials=no-such-serial")).status, 404);
  EXPECT_EQ(admin.get(list_path("serials=" + serial_ + "&perPage=abc")).status, 400);
  EXPECT_EQ(admin.get(api("/api/v1/organizations/2/camera/video/bookmarks?serials=" + serial_)).status, 404);
  EXPECT_EQ(admin.get(list_path("serials=" + serial_ + "&perPage=100")).json()["items"].size(), before);
}

TEST_F(BookmarksTest, TheHistoricalRightIsNeededAndOnlyTheCreatorOrAnAdministratorDeletes) {
  auto admin = signed_in(server(), k_admin);
  auto made = admin.post_json(create_path(serial_), body("2026-01-05T10:00:00Z", "2026-01-05T10:01:00Z", "mine"));
  ASSERT_EQ(made.status, 201);
  auto viewer = signed_in(server(), k_viewer); // live only
  EXPECT_EQ(viewer.post_json(create_path(serial_), body("2026-01-05T10:00:00Z", "2026-01-05T10:01:00Z", "")).status,
            403);
  EXPECT_EQ(viewer.get(list_path("serials=" + serial_)).status, 403);
  auto id = std::to_string(made.json()["id"].get<std::int64_t>());
  EXPECT_EQ(viewer.request("DELETE", create_path(serial_) + "/" + id).status, 403);
  // Without serials: the cameras the caller may play back (none for the viewer).
  auto own = viewer.get(list_path("perPage=5"));
  ASSERT_EQ(own.status, 200) << own.body;
  EXPECT_TRUE(own.json()["items"].empty());
  EXPECT_EQ(admin.request("DELETE", create_path(serial_) + "/" + id).status, 204);
}

} // namespace
} // namespace argus::testing
