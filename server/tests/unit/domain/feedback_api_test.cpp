// Feedback (issue 13): a member sends it on a network they see, an org-write administrator reads it newest first with
// paging; each bad input is refused with nothing stored, and a flood is cut at 10 per hour.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace argus::api {
namespace {

class FeedbackApi : public ::testing::Test {
protected:
  http::Response send(const nlohmann::json& body, const std::string& email = "viewer@argus.demo",
                      const std::string& network = "101") {
    auto request = harness.request("POST", "/n1/n/" + network + "/manage/support/wish", body.dump());
    request.headers["user-agent"] = "FeedbackTest/1.0";
    return harness.call(std::move(request), harness.sign_in(email));
  }
  nlohmann::json list(const std::string& query = "", const std::string& email = "writer@argus.demo", int status = 200) {
    auto response =
        harness.call(harness.request("GET", "/n1/api/v1/organizations/1/feedback" + query), harness.sign_in(email));
    EXPECT_EQ(response.status, status) << response.body;
    return testing::body_of(response);
  }

  testing::ApiHarness harness;
};

TEST_F(FeedbackApi, AMembersFeedbackReachesTheAdministratorsNewestFirst) {
  auto first = send({{"wish", "  The timeline is great  "}, {"wish_hash", "abc"}, {"sessionRecordingURL", nullptr}});
  ASSERT_EQ(first.status, 201) << first.body;
  harness.now_ms += 1000;
  ASSERT_EQ(send({{"wish", "Please add dark mode"}}).status, 201);
  auto page = list("?limit=1");
  ASSERT_EQ(page["items"].size(), 1u);
  EXPECT_TRUE(page["has_more"]);
  EXPECT_EQ(page["items"][0]["wish"], "Please add dark mode");
  auto older = list("?limit=1&before_id=" + std::to_string(page["items"][0]["id"].get<int>()));
  EXPECT_EQ(older["items"][0]["wish"], "The timeline is great");
  EXPECT_EQ(older["items"][0]["user_email"], "viewer@argus.demo");
  EXPECT_EQ(older["items"][0]["network_name"], "Warehouse HQ");
  EXPECT_EQ(older["items"][0]["user_agent"], "FeedbackTest/1.0");
  EXPECT_FALSE(older["has_more"]);
  list("", "viewer@argus.demo", 403);
}

TEST_F(FeedbackApi, BadInputIsRefusedAndNothingIsStored) {
  EXPECT_EQ(send({{"wish", "   "}}).status, 400);
  EXPECT_EQ(send({{"wish", 5}}).status, 400);
  EXPECT_EQ(send(nlohmann::json::object()).status, 400);
  EXPECT_EQ(send({{"wish", std::string(5001, 'x')}}).status, 400);
  EXPECT_EQ(send({{"wish", "ok"}, {"wish_hash", std::string(129, 'a')}}).status, 400);
  EXPECT_EQ(send({{"wish", "ok"}, {"sessionRecordingURL", "javascript:alert(1)"}}).status, 400);
  EXPECT_EQ(send({{"wish", "ok"}}, "viewer@argus.demo", "999").status, 404);
  EXPECT_EQ(list()["items"].size(), 0u);
}

TEST_F(FeedbackApi, AFloodIsCutAtTenAnHour) {
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(send({{"wish", "note " + std::to_string(i)}}).status, 201);
  EXPECT_EQ(send({{"wish", "one more"}}).status, 429);
  harness.now_ms += 3'600'001;
  EXPECT_EQ(send({{"wish", "an hour later"}}).status, 201);
}

} // namespace
} // namespace argus::api
