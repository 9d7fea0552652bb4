#include <gtest/gtest.h>

#include "services/csrf_service.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "test_support.hpp"

namespace argus::services {
namespace {

TEST(CsrfService, TokenMatchesOnlyItsCookie) {
  testing::TempDir dir;
  store::SqliteDatabase database(dir.path / "argus.db");
  CsrfService csrf(database);
  auto id = csrf.new_cookie_id();
  auto token = csrf.token_for(id, "");
  EXPECT_TRUE(csrf.is_valid(id, "", token));
  EXPECT_FALSE(csrf.is_valid(csrf.new_cookie_id(), "", token));
  EXPECT_FALSE(csrf.is_valid(std::nullopt, "", token));
  EXPECT_FALSE(csrf.is_valid(id, "", ""));
  EXPECT_FALSE(csrf.is_valid(id, "", "not-a-token"));
  EXPECT_FALSE(csrf.is_valid(id, "", token.substr(1)));
}

TEST(CsrfService, TokenIsBoundToTheSessionCookie) {
  testing::TempDir dir;
  store::SqliteDatabase database(dir.path / "argus.db");
  CsrfService csrf(database);
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

TEST(CsrfService, SecretSurvivesRestartAndIsPerServer) {
  testing::TempDir dir;
  testing::TempDir other_dir;
  std::string id;
  std::string token;
  {
    store::SqliteDatabase database(dir.path / "argus.db");
    CsrfService csrf(database);
    id = csrf.new_cookie_id();
    token = csrf.token_for(id, "");
  }
  store::SqliteDatabase database(dir.path / "argus.db");
  EXPECT_TRUE(CsrfService(database).is_valid(id, "", token));
  store::SqliteDatabase other(other_dir.path / "argus.db");
  EXPECT_FALSE(CsrfService(other).is_valid(id, "", token));
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

} // namespace
} // namespace argus::services
