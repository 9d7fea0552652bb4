#include <gtest/gtest.h>

#include <optional>

#include "services/session_service.hpp"
#include "store_engine.hpp"

namespace argus::services {
namespace {

constexpr std::int64_t k_minute_ms = 60'000;

// On both engines (store_engine.hpp): the sessions are stored rows.
class SessionServiceTest : public ::testing::TestWithParam<testing::StoreEngine> {
protected:
  void SetUp() override {
    ARGUS_SKIP_UNLESS_ENGINE_AVAILABLE(GetParam());
    location.emplace(GetParam());
    database = location->open();
    database->insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
    database->insert_user({7, "User", "user@example.test", "hash", 30, false, 0});
  }
  SessionService make() {
    return SessionService(*database, [this] { return now_ms; });
  }

  std::optional<testing::StoreLocation> location;
  std::unique_ptr<store::Database> database;
  std::int64_t now_ms = 1'000'000'000'000;
};

TEST_P(SessionServiceTest, IdleTimeoutExpiresAndDeletes) {
  auto sessions = make();
  auto created = sessions.create(7, 1, 30, false);
  EXPECT_EQ(created.record.idle_timeout_ms, 30 * k_minute_ms);
  EXPECT_NE(created.record.token_hash, created.token);
  now_ms += 30 * k_minute_ms - 1;
  EXPECT_TRUE(sessions.find(created.token));
  now_ms += 1;
  EXPECT_FALSE(sessions.find(created.token));
  EXPECT_EQ(sessions.size(), 0u);
  EXPECT_TRUE(database->all_sessions().empty());
}

TEST_P(SessionServiceTest, RefreshExtendsTheIdleTimer) {
  auto sessions = make();
  auto created = sessions.create(7, 1, 1, false);
  now_ms += 50'000;
  auto refreshed = sessions.refresh(created.token);
  ASSERT_TRUE(refreshed);
  EXPECT_EQ(SessionService::idle_expires_at_ms(*refreshed), now_ms + k_minute_ms);
  now_ms += 50'000;
  EXPECT_TRUE(sessions.find(created.token));
  now_ms += 10'000;
  EXPECT_FALSE(sessions.find(created.token));
}

TEST_P(SessionServiceTest, LookupDoesNotRefresh) {
  auto sessions = make();
  auto created = sessions.create(7, 1, 1, false);
  now_ms += 59'000;
  EXPECT_TRUE(sessions.find(created.token));
  now_ms += 1'000;
  EXPECT_FALSE(sessions.find(created.token));
}

TEST_P(SessionServiceTest, AbsoluteLifetimeDependsOnRemember) {
  auto sessions = make();
  auto short_lived = sessions.create(7, 1, 14400, false);
  auto remembered = sessions.create(7, 1, 14400, true);
  EXPECT_EQ(short_lived.record.expires_ms - now_ms, SessionService::k_lifetime_ms);
  EXPECT_EQ(remembered.record.expires_ms - now_ms, SessionService::k_remember_lifetime_ms);
  now_ms += SessionService::k_lifetime_ms;
  sessions.refresh(remembered.token);
  EXPECT_FALSE(sessions.find(short_lived.token));
  EXPECT_TRUE(sessions.find(remembered.token));
  EXPECT_NE(SessionService::cookie_header("t", true, false).find("Max-Age=2592000"), std::string::npos);
  EXPECT_EQ(SessionService::cookie_header("t", false, false).find("Max-Age"), std::string::npos);
}

TEST(SessionServiceCookies, SecureOnlyOverTls) {
  EXPECT_EQ(SessionService::cookie_header("t", false, false).find("Secure"), std::string::npos);
  EXPECT_NE(SessionService::cookie_header("t", false, true).find("; Secure"), std::string::npos);
  EXPECT_NE(SessionService::cookie_header("t", true, true).find("; Secure"), std::string::npos);
  EXPECT_EQ(SessionService::clear_cookie_header(false).find("Secure"), std::string::npos);
  EXPECT_NE(SessionService::clear_cookie_header(true).find("; Secure"), std::string::npos);
}

TEST_P(SessionServiceTest, IdleTimeoutIsCapped) {
  EXPECT_EQ(SessionService::idle_timeout_ms_for(100'000'000), SessionService::k_idle_timeout_cap_ms);
  EXPECT_EQ(SessionService::idle_timeout_ms_for(14400), SessionService::k_idle_timeout_cap_ms);
  EXPECT_EQ(SessionService::idle_timeout_ms_for(1), k_minute_ms);
}

TEST_P(SessionServiceTest, SessionsSurviveRestartAndLogoutDeletes) {
  std::string token;
  {
    auto sessions = make();
    token = sessions.create(7, 1, 30, false).token;
    now_ms += 2 * k_minute_ms;
    sessions.refresh(token); // persisted: more than a minute since the last write
  }
  now_ms += 29 * k_minute_ms;
  auto restarted = make();
  ASSERT_TRUE(restarted.find(token));
  restarted.remove(token);
  EXPECT_FALSE(restarted.find(token));
  EXPECT_TRUE(database->all_sessions().empty());
}

TEST_P(SessionServiceTest, ASessionMadeByAnotherShardIsValidHere) {
  auto here = make(); // started before the session exists
  auto other_shard = make();
  auto created = other_shard.create(7, 1, 30, false);
  auto found = here.find(created.token);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->user_id, 7);
  EXPECT_EQ(here.size(), 1u); // known here from now on
  EXPECT_TRUE(here.refresh(created.token));
}

TEST_P(SessionServiceTest, ASignOutOnAnotherShardEndsTheSessionHereWithinTheCheckInterval) {
  auto here = make();
  auto other_shard = make();
  auto created = other_shard.create(7, 1, 30, false);
  ASSERT_TRUE(here.find(created.token));
  other_shard.remove(created.token);
  now_ms += SessionService::k_store_check_interval_ms - 1;
  EXPECT_TRUE(here.find(created.token)); // answered from memory until the next check
  now_ms += 1;
  EXPECT_FALSE(here.find(created.token));
  EXPECT_EQ(here.size(), 0u);
}

TEST_P(SessionServiceTest, AnOrganizationSwitchOnAnotherShardIsSeenHere) {
  database->insert_organization({2, "org-2", "Other", 1, "", "", "", std::nullopt});
  auto here = make();
  auto other_shard = make();
  auto created = other_shard.create(7, 1, 30, false);
  ASSERT_EQ(here.find(created.token)->organization_id, 1);
  other_shard.set_organization(created.token, 2);
  now_ms += SessionService::k_store_check_interval_ms;
  EXPECT_EQ(here.find(created.token)->organization_id, 2);
}

TEST_P(SessionServiceTest, ActivityOnAnotherShardKeepsTheSessionAliveHere) {
  auto here = make();
  auto other_shard = make();
  auto created = other_shard.create(7, 1, 1, false); // one minute idle timeout
  ASSERT_TRUE(here.find(created.token));
  for (int i = 0; i < 4; ++i) {
    now_ms += 50'000;
    ASSERT_TRUE(other_shard.refresh(created.token)); // persisted every minute at most
  }
  EXPECT_TRUE(here.find(created.token)) << "the store's last_seen_ms is newer than this shard's";
}

TEST_P(SessionServiceTest, EndingAUsersSessionsEndsThoseMadeThroughOtherShards) {
  auto here = make();
  auto other_shard = make();
  auto kept = here.create(7, 1, 30, false);
  auto elsewhere = other_shard.create(7, 1, 30, false);
  EXPECT_EQ(here.remove_user_sessions(7, kept.token), 1u);
  now_ms += SessionService::k_store_check_interval_ms;
  EXPECT_FALSE(other_shard.find(elsewhere.token));
  EXPECT_TRUE(here.find(kept.token));
}

TEST_P(SessionServiceTest, UnknownTokenIsNoSession) {
  auto sessions = make();
  EXPECT_FALSE(sessions.find(""));
  EXPECT_FALSE(sessions.find("forged"));
  EXPECT_FALSE(sessions.refresh("forged"));
}

ARGUS_ON_BOTH_STORE_ENGINES(SessionServiceTest);

} // namespace
} // namespace argus::services
