#include "http/request.hpp"

#include <gtest/gtest.h>

#include "common/error.hpp"
#include "http/listen_address.hpp"
#include "http/response.hpp"
#include "http/url.hpp"

namespace argus::http {
namespace {

TEST(Request, HeaderLookupByLowerCaseName) {
  Request request;
  request.headers["x-csrf-token"] = "abc";
  EXPECT_EQ(request.header("x-csrf-token"), "abc");
  EXPECT_EQ(request.header("missing"), "");
}

TEST(Request, CookiesParsed) {
  Request request;
  request.headers["cookie"] = "a=1; session_id=\"xyz\";  theme = dark ;empty=";
  EXPECT_EQ(request.cookie("a"), "1");
  EXPECT_EQ(request.cookie("session_id"), "xyz");
  EXPECT_EQ(request.cookie("theme"), "dark");
  EXPECT_EQ(request.cookie("empty"), "");
  EXPECT_EQ(request.cookie("sess"), std::nullopt);
  EXPECT_EQ(Request{}.cookie("a"), std::nullopt);
}

TEST(Request, MissingParamIsInvalidInput) {
  Request request;
  request.path_params["id"] = "7";
  EXPECT_EQ(request.param("id"), "7");
  try {
    request.param("other");
    FAIL() << "expected an Error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::invalid_input);
  }
}

TEST(Url, PercentDecode) {
  EXPECT_EQ(percent_decode("a%20b%2Fc"), "a b/c");
  EXPECT_EQ(percent_decode("a+b"), "a+b");
  EXPECT_EQ(percent_decode("a+b", true), "a b");
  EXPECT_EQ(percent_decode("%e2%82%AC"), "\xe2\x82\xac");
  EXPECT_EQ(percent_decode("bad%2"), std::nullopt);
  EXPECT_EQ(percent_decode("bad%zz"), std::nullopt);
  EXPECT_EQ(percent_decode("nul%00"), std::nullopt);
}

TEST(Url, ParseTargetSplitsAndDecodes) {
  std::string path;
  std::map<std::string, std::string> query;
  ASSERT_TRUE(parse_target("/n1/search%20me?q=a+b%26c&empty&x=1&x=2&orgEid=%2", path, query));
  EXPECT_EQ(path, "/n1/search me");
  EXPECT_EQ(query["q"], "a b&c");
  EXPECT_EQ(query["empty"], "");
  EXPECT_EQ(query["x"], "2");
  EXPECT_EQ(query["orgEid"], "%2");
  EXPECT_FALSE(parse_target("n1/no-slash", path, query));
  EXPECT_FALSE(parse_target("/bad%zzpath", path, query));
}

TEST(Request, QueryParam) {
  Request request;
  request.query["orgEid"] = "42";
  EXPECT_EQ(request.query_param("orgEid"), "42");
  EXPECT_EQ(request.query_param("nope"), std::nullopt);
}

TEST(Response, ErrorShape) {
  auto response = Response::error(409, "Name taken");
  EXPECT_EQ(response.status, 409);
  EXPECT_EQ(response.body, R"({"errors":["Name taken"]})");
  EXPECT_EQ(response.content_type, "application/json; charset=utf-8");
  EXPECT_EQ(Response::text("hi").content_type, "text/plain; charset=utf-8");
}

TEST(ListenAddress, Parses) {
  EXPECT_EQ(parse_listen_address("127.0.0.1:8080")->port, 8080);
  EXPECT_EQ(parse_listen_address("0.0.0.0:0")->host, "0.0.0.0");
  EXPECT_EQ(parse_listen_address("[::1]:9000")->host, "::1");
  EXPECT_EQ(parse_listen_address("localhost:80")->host, "127.0.0.1");
  for (const char* bad : {"", "8080", "127.0.0.1", "127.0.0.1:", "127.0.0.1:99999", "127.0.0.1:8o", "::1:80",
                          "example.com:80", "1.2.3:80"}) {
    EXPECT_EQ(parse_listen_address(bad), std::nullopt) << bad;
  }
}

} // namespace
} // namespace argus::http
