// docs/api/openapi.yaml is the single API contract: every route argusd's router serves is in it, with the same method
// and pattern, and every operation in it is served. The permission matrix (integration/permission_matrix_test.cpp)
// walks the contract, so a route missing from it would escape the matrix; this test is what makes that impossible.
#include <algorithm>
#include <regex>
#include <set>

#include <gtest/gtest.h>

#include "support/openapi_contract.hpp"
#include "test_support.hpp"

namespace argus::testing {
namespace {

class ApiContractTest : public ::testing::Test {
protected:
  ApiHarness api_;
  std::vector<ContractOperation> contract_ = read_openapi_contract(contract_file_path());
};

const ContractOperation* find(const std::vector<ContractOperation>& contract, const std::string& method,
                              const std::string& path) {
  auto found = std::find_if(contract.begin(), contract.end(), [&](const ContractOperation& operation) {
    return operation.method == method && operation.path == path;
  });
  return found == contract.end() ? nullptr : &*found;
}

TEST_F(ApiContractTest, TheReaderFindsEveryOperationWithItsParameters) {
  EXPECT_GE(contract_.size(), 100u);
  auto csrf = find(contract_, "GET", "/csrf/token");
  ASSERT_TRUE(csrf);
  EXPECT_TRUE(csrf->is_public);
  auto cameras = find(contract_, "GET", "/n/{networkId}/manage/vision/cameras");
  ASSERT_TRUE(cameras);
  EXPECT_FALSE(cameras->is_public);
  ASSERT_EQ(cameras->parameters.size(), 2u) << "the $ref NetworkId and the block-style query parameter fields";
  EXPECT_EQ(cameras->parameters[0].name, "networkId");
  EXPECT_EQ(cameras->parameters[0].in, "path");
  EXPECT_EQ(cameras->parameters[1].name, "fields");
  EXPECT_EQ(cameras->parameters[1].in, "query");
  EXPECT_FALSE(cameras->parameters[1].required);
  auto policy = find(contract_, "PUT", "/api/v1/organizations/{orgId}/sign_in_policy");
  ASSERT_TRUE(policy);
  ASSERT_EQ(policy->parameters.size(), 1u) << "declared once for the path";
  EXPECT_EQ(policy->parameters[0].name, "orgId");
  auto shard = find(contract_, "GET", "/vision/shard_for_network");
  ASSERT_TRUE(shard);
  ASSERT_EQ(shard->query_parameters().size(), 1u);
  EXPECT_TRUE(shard->query_parameters()[0].required);
}

TEST_F(ApiContractTest, EveryPathParameterIsDeclared) {
  static const std::regex placeholder("\\{([A-Za-z]+)\\}");
  for (const auto& operation : contract_) {
    for (std::sregex_iterator it(operation.path.begin(), operation.path.end(), placeholder), end; it != end; ++it) {
      auto name = (*it)[1].str();
      bool declared = std::any_of(operation.parameters.begin(), operation.parameters.end(),
                                  [&](const ContractParameter& p) { return p.name == name && p.in == "path"; });
      EXPECT_TRUE(declared) << operation.method << " " << operation.path << " does not declare {" << name << "}";
    }
  }
}

TEST_F(ApiContractTest, EveryRouteOfTheRouterIsInTheContract) {
  for (const auto& route : api_.router.routes()) {
    EXPECT_TRUE(find(contract_, route.method, route.pattern))
        << route.method << " " << route.pattern << " is served but missing from docs/api/openapi.yaml";
  }
}

TEST_F(ApiContractTest, EveryOperationOfTheContractIsServed) {
  auto routes = api_.router.routes();
  for (const auto& operation : contract_) {
    bool served = std::any_of(routes.begin(), routes.end(), [&](const http::Router::RouteName& route) {
      return route.method == operation.method && pattern_serves(route.pattern, operation.path);
    });
    EXPECT_TRUE(served) << operation.method << " " << operation.path << " is in the contract but no route serves it";
  }
}

TEST_F(ApiContractTest, NoOperationIsListedTwice) {
  std::set<std::string> seen;
  for (const auto& operation : contract_)
    EXPECT_TRUE(seen.insert(operation.method + " " + operation.path).second)
        << operation.method << " " << operation.path;
}

} // namespace
} // namespace argus::testing
