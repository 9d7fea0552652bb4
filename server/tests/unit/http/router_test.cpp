#include "http/router.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/error.hpp"

namespace argus::http {
namespace {

Request make_request(std::string method, std::string path, std::string body = {}) {
  Request request;
  request.method = std::move(method);
  request.path = std::move(path);
  request.target = request.path;
  request.body = std::move(body);
  return request;
}

nlohmann::json body_of(const Response& response) {
  return nlohmann::json::parse(response.body);
}

class RouterTest : public ::testing::Test {
protected:
  void SetUp() override {
    router.add("GET", "/csrf/token", [](Request& request) {
      return Response::json({{"csrf_token", "t"}, {"shard", request.shard_id}});
    });
    router.add("GET", "/n/{networkId}/manage/vision/cameras", [](Request& request) {
      return Response::json({{"network", request.param("networkId")}});
    });
    router.add("POST", "/echo", [](Request& request) {
      auto body = nlohmann::json::parse(request.body);
      return Response::json({{"name", body.at("name").get<std::string>()}});
    });
    router.add("DELETE", "/echo", [](Request&) { return Response::text("gone"); });
    router.add("GET", "/fail/{kind}", [](Request& request) -> Response {
      if (request.param("kind") == "not_found")
        throw Error(Error::Kind::not_found, "No such camera");
      if (request.param("kind") == "denied")
        throw Error(Error::Kind::permission_denied, "Not allowed");
      throw std::runtime_error("secret detail");
    });
  }
  Router router;
};

TEST_F(RouterTest, IsApiPathNeedsShardDigits) {
  EXPECT_TRUE(Router::is_api_path("/n1"));
  EXPECT_TRUE(Router::is_api_path("/n1/"));
  EXPECT_TRUE(Router::is_api_path("/n12/csrf/token"));
  EXPECT_TRUE(Router::is_api_path("/n1/n/2001/manage/vision/cameras"));
  EXPECT_FALSE(Router::is_api_path("/n/2001/cameras"));
  EXPECT_FALSE(Router::is_api_path("/n"));
  EXPECT_FALSE(Router::is_api_path("/n1x/csrf/token"));
  EXPECT_FALSE(Router::is_api_path("/"));
  EXPECT_FALSE(Router::is_api_path("/assets/index.js"));
}

TEST_F(RouterTest, StripsBasePathIntoShardId) {
  auto request = make_request("GET", "/n7/csrf/token");
  auto response = router.dispatch(request);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(request.shard_id, 7);
  EXPECT_EQ(body_of(response)["shard"], 7);
  EXPECT_EQ(response.content_type, "application/json; charset=utf-8");
}

TEST_F(RouterTest, CapturesPathParameters) {
  auto request = make_request("GET", "/n1/n/2001/manage/vision/cameras");
  auto response = router.dispatch(request);
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(body_of(response)["network"], "2001");
  EXPECT_EQ(request.param("networkId"), "2001");
}

TEST_F(RouterTest, TrailingSlashIsTheSamePath) {
  auto request = make_request("GET", "/n1/csrf/token/");
  EXPECT_EQ(router.dispatch(request).status, 200);
}

TEST_F(RouterTest, UnknownPathIs404) {
  for (const char* path : {"/n1/nope", "/n1/n//manage/vision/cameras", "/n1", "/n/2001/cameras", "/n1/csrf"}) {
    auto request = make_request("GET", path);
    auto response = router.dispatch(request);
    EXPECT_EQ(response.status, 404) << path;
    EXPECT_EQ(body_of(response)["errors"][0], "Not found");
  }
}

TEST_F(RouterTest, WrongMethodIs405WithAllow) {
  auto request = make_request("PUT", "/n1/echo");
  auto response = router.dispatch(request);
  EXPECT_EQ(response.status, 405);
  ASSERT_EQ(response.headers.size(), 1u);
  EXPECT_EQ(response.headers[0].first, "Allow");
  EXPECT_EQ(response.headers[0].second, "POST, DELETE");
}

TEST_F(RouterTest, HeadFallsBackToGet) {
  auto request = make_request("HEAD", "/n1/csrf/token");
  EXPECT_EQ(router.dispatch(request).status, 200);
}

TEST_F(RouterTest, LaterRegistrationReplaces) {
  router.add("DELETE", "/echo", [](Request&) { return Response::text("replaced", 202); });
  auto request = make_request("DELETE", "/n1/echo");
  EXPECT_EQ(router.dispatch(request).status, 202);
}

TEST_F(RouterTest, ErrorKindsMapToStatus) {
  auto request = make_request("GET", "/n1/fail/not_found");
  auto response = router.dispatch(request);
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(body_of(response)["errors"][0], "No such camera");

  request = make_request("GET", "/n1/fail/denied");
  EXPECT_EQ(router.dispatch(request).status, 403);
}

TEST_F(RouterTest, OtherExceptionsAre500WithoutDetail) {
  auto request = make_request("GET", "/n1/fail/boom");
  auto response = router.dispatch(request);
  EXPECT_EQ(response.status, 500);
  EXPECT_EQ(response.body.find("secret"), std::string::npos);
}

TEST_F(RouterTest, MalformedJsonIs400) {
  auto request = make_request("POST", "/n1/echo", "{\"name\": ");
  auto response = router.dispatch(request);
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(body_of(response)["errors"][0], "Malformed JSON body");
}

TEST_F(RouterTest, WrongJsonShapeIs400) {
  auto request = make_request("POST", "/n1/echo", "{\"name\": 5}");
  EXPECT_EQ(router.dispatch(request).status, 400);
  request = make_request("POST", "/n1/echo", "{}");
  EXPECT_EQ(router.dispatch(request).status, 400);
}

TEST_F(RouterTest, RejectsBadPatterns) {
  EXPECT_THROW(router.add("GET", "no-slash", {}), std::invalid_argument);
  EXPECT_THROW(router.add("GET", "/a/{}/b", {}), std::invalid_argument);
  EXPECT_THROW(router.add("GET", "/a/x{y}", {}), std::invalid_argument);
}

} // namespace
} // namespace argus::http
