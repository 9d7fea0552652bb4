// The CSRF tokens on both engines (store_engine.hpp): the secret lives in the store, so it survives a restart, is the
// same on every shard of one store and differs between stores.
#include <gtest/gtest.h>

#include "services/csrf_service.hpp"
#include "store_engine.hpp"

namespace argus::testing {
namespace {

using services::CsrfService;

class CsrfStore : public StoreTest {};

TEST_P(CsrfStore, TokenMatchesOnlyItsCookie) {
  CsrfService csrf(*database);
  auto id = csrf.new_cookie_id();
  auto token = csrf.token_for(id, "");
  EXPECT_TRUE(csrf.is_valid(id, "", token));
  EXPECT_FALSE(csrf.is_valid(csrf.new_cookie_id(), "", token));
  EXPECT_FALSE(csrf.is_valid(std::nullopt, "", token));
  EXPECT_FALSE(csrf.is_valid(id, "", ""));
  EXPECT_FALSE(csrf.is_valid(id, "", "not-a-token"));
  EXPECT_FALSE(csrf.is_valid(id, "", token.substr(1)));
}

TEST_P(CsrfStore, TokenIsBoundToTheSessionCookie) {
  CsrfService csrf(*database);
  auto id = csrf.new_cookie_id();
  auto before_sign_in = csrf.token_for(id, "");
  auto signed_in = csrf.token_for(id, "session-token");
  EXPECT_NE(before_sign_in, signed_in);
  EXPECT_FALSE(csrf.is_valid(id, "session-token", before_sign_in)) << "a pre-sign-in token must not carry over";
  EXPECT_TRUE(csrf.is_valid(id, "session-token", signed_in));
  EXPECT_FALSE(csrf.is_valid(id, "other-session", signed_in));
  EXPECT_FALSE(csrf.is_valid(id, "", signed_in));
  // The cookie id and the session are not merely concatenated: moving characters between them changes the token.
  EXPECT_FALSE(csrf.is_valid(id + "s", "ession-token", signed_in));
}

TEST_P(CsrfStore, TheSecretSurvivesARestartIsSharedByTheShardsOfAStoreAndDiffersBetweenStores) {
  std::string id;
  std::string token;
  {
    CsrfService csrf(*database);
    id = csrf.new_cookie_id();
    token = csrf.token_for(id, "");
  }
  auto reopened = location->open(); // a restart, or another shard of the same store
  EXPECT_TRUE(CsrfService(*reopened).is_valid(id, "", token));
  StoreLocation other_location(GetParam());
  auto other = other_location.open();
  EXPECT_FALSE(CsrfService(*other).is_valid(id, "", token));
}

TEST(CsrfService, CookieIsHttpOnlyLaxAndSecureOverTls) {
  auto header = CsrfService::cookie_header("abc", false);
  EXPECT_EQ(header.rfind("argus_csrf=abc;", 0), 0u);
  EXPECT_NE(header.find("HttpOnly"), std::string::npos);
  EXPECT_NE(header.find("SameSite=Lax"), std::string::npos);
  EXPECT_NE(header.find("Path=/"), std::string::npos);
  EXPECT_EQ(header.find("Secure"), std::string::npos);
  EXPECT_NE(CsrfService::cookie_header("abc", true).find("; Secure"), std::string::npos);
}

ARGUS_ON_BOTH_STORE_ENGINES(CsrfStore);

} // namespace
} // namespace argus::testing
