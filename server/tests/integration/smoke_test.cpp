// Exercises the integration harness: a real argusd answers the first call the portal makes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/argusd_process.hpp"

namespace argus::testing {
namespace {

TEST(Smoke, CsrfTokenAnswers) {
  ArgusdProcess server;
  auto client = server.client();
  auto response = client.get("/n1/csrf/token");
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("content-type"), "application/json; charset=utf-8");
  EXPECT_EQ(response.header("cache-control"), "no-store");
  EXPECT_TRUE(response.json().contains("csrf_token")) << response.body;
  EXPECT_EQ(server.stop(), 0) << server.output();
}

} // namespace
} // namespace argus::testing
