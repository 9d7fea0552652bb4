// The similarity search request's checks (api/similarity_requests): found by fuzz/fuzz_json_inputs, a `results` beyond
// int was cast before its range check (undefined behaviour); every out-of-range count is a 400 with the rule.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/similarity_requests.hpp"
#include "common/error.hpp"

namespace argus::api {
namespace {

nlohmann::json request_with_results(const nlohmann::json& results) {
  return {{"trackId", "4"}, {"t0", 1795000000000}, {"t1", 1795003600000}, {"results", results}};
}

TEST(SimilarityRequests, ResultsMustBeAWholeNumberFrom1To100) {
  EXPECT_EQ(parse_similarity_request(request_with_results(10)).results, 10);
  for (const auto& results : {nlohmann::json(2999999999), nlohmann::json(1e300), nlohmann::json(-1e300),
                              nlohmann::json(0), nlohmann::json(101), nlohmann::json(2.5)}) {
    try {
      parse_similarity_request(request_with_results(results));
      ADD_FAILURE() << "accepted results " << results.dump();
    } catch (const Error& error) {
      EXPECT_EQ(error.kind(), Error::Kind::invalid_input) << results.dump();
      EXPECT_STREQ(error.what(), "results must be a whole number from 1 to 100") << results.dump();
    }
  }
}

} // namespace
} // namespace argus::api
