// The store's account tables on both engines (store_engine.hpp): members, authenticator two-factor, sign-in codes,
// passwords and reset links, single sign-on, settings, and ids picked after rows inserted with explicit ids.
#include <gtest/gtest.h>

#include <optional>

#include "common/error.hpp"
#include "store_engine.hpp"

namespace argus::testing {
namespace {

class AccountStore : public ::testing::TestWithParam<StoreEngine> {
protected:
  void SetUp() override {
    ARGUS_SKIP_UNLESS_ENGINE_AVAILABLE(GetParam());
    location.emplace(GetParam());
    database = location->open();
    database->insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
    database->insert_organization({2, "org-2", "Other", 1, "", "", "", std::nullopt});
    database->insert_user({7, "Bea", "Bea@Example.test", "hash", 30, false, 1000});
    database->insert_user({8, "Al", "al@example.test", "hash", 30, false, 1000});
  }

  std::optional<StoreLocation> location;
  std::unique_ptr<store::Database> database;
};

TEST_P(AccountStore, UsersGetTheNextIdAfterExplicitOnesAndAreFoundByEmailInAnyCase) {
  auto id = database->insert_user({0, "New", "new@example.test", "hash", 30, false, 0});
  EXPECT_EQ(id, 9);
  EXPECT_EQ(database->find_user_by_email("NEW@example.TEST")->id, 9);
  EXPECT_EQ(database->find_user(7)->email, "Bea@Example.test");
  EXPECT_EQ(database->count_users(), 3);
  EXPECT_GT(database->find_user(9)->password_changed_ms, 0);
  EXPECT_TRUE(database->set_user_idle_timeout(7, 90));
  EXPECT_EQ(database->find_user(7)->min_idle_timeout_minutes, 90);
  EXPECT_FALSE(database->set_user_idle_timeout(404, 90));
}

TEST_P(AccountStore, MembersCarryTheirMembershipTwoFactorAndSignInCodeMethod) {
  database->upsert_membership({7, 1, true, false, false});
  database->upsert_membership({8, 1, false, false, false});
  database->upsert_membership({8, 1, false, true, true}); // replaces
  database->upsert_membership({8, 2, false, false, false});
  database->put_pending_authenticator({7, {1, 2, 3}, false, -1, 5});
  database->confirm_authenticator(7, 10, {});
  ASSERT_TRUE(database->put_sign_in_code_setting({8, "sms", "+15550100", std::nullopt}));
  auto members = database->members_of_organization(1);
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(members[0].name, "Al"); // by name
  EXPECT_TRUE(members[0].membership.is_org_write_admin);
  EXPECT_TRUE(members[0].membership.disabled);
  EXPECT_EQ(members[0].sign_in_code, "sms");
  EXPECT_FALSE(members[0].two_factor_enabled);
  EXPECT_TRUE(members[1].membership.is_admin);
  EXPECT_TRUE(members[1].two_factor_enabled);
  EXPECT_FALSE(members[1].sign_in_code);
  EXPECT_EQ(database->members_of_organization(1, 7).size(), 1u);
  EXPECT_EQ(database->memberships_of_user(8).size(), 2u);
  database->insert_network({11, "n-11", 1, "Net", "UTC", {}, "en", ""});
  database->add_monitor_only_network(8, 11);
  EXPECT_EQ(database->monitor_only_networks(8), (std::vector<std::int64_t>{11}));
  try {
    database->add_monitor_only_network(8, 404);
    FAIL() << "a missing network was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::conflict);
  }
}

TEST_P(AccountStore, AuthenticatorIsConfirmedOnceAdvancesAndRecoveryCodesAreUsedOnce) {
  std::vector<std::uint8_t> secret{0, 1, 2, 254, 255, 10, 13, 92};
  database->put_pending_authenticator({7, secret, false, -1, 5});
  auto pending = database->find_authenticator(7);
  ASSERT_TRUE(pending);
  EXPECT_EQ(pending->secret, secret);
  EXPECT_FALSE(pending->confirmed);
  EXPECT_FALSE(database->advance_authenticator_step(7, 3)); // unconfirmed
  EXPECT_TRUE(database->confirm_authenticator(7, 10, {"h1", "h2"}));
  EXPECT_FALSE(database->confirm_authenticator(7, 11, {"h3"}));
  EXPECT_EQ(database->count_recovery_codes(7), 2);
  EXPECT_FALSE(database->advance_authenticator_step(7, 10)); // replay
  EXPECT_TRUE(database->advance_authenticator_step(7, 11));
  EXPECT_EQ(database->find_authenticator(7)->last_step, 11);
  EXPECT_TRUE(database->use_recovery_code(7, "h1"));
  EXPECT_FALSE(database->use_recovery_code(7, "h1"));
  database->put_pending_authenticator({7, {9}, false, -1, 6}); // replaces, codes go
  EXPECT_EQ(database->count_recovery_codes(7), 0);
  EXPECT_FALSE(database->find_authenticator(7)->confirmed);
  database->delete_authenticator(7);
  EXPECT_FALSE(database->find_authenticator(7));
}

TEST_P(AccountStore, SignInCodeSettingNeedsAUserAndIsReplaced) {
  EXPECT_FALSE(database->put_sign_in_code_setting({404, "email", std::nullopt, std::nullopt}));
  EXPECT_TRUE(database->put_sign_in_code_setting({7, "email", std::nullopt, std::nullopt}));
  EXPECT_TRUE(database->put_sign_in_code_setting({7, "sms", "+15550100", "+15550101"}));
  auto setting = database->find_sign_in_code_setting(7);
  ASSERT_TRUE(setting);
  EXPECT_EQ(setting->method, "sms");
  EXPECT_EQ(setting->secondary_phone, "+15550101");
  EXPECT_THROW(database->put_sign_in_code_setting({8, "sms", std::nullopt, std::nullopt}), Error); // CHECK
  database->delete_sign_in_code_setting(7);
  EXPECT_FALSE(database->find_sign_in_code_setting(7));
}

TEST_P(AccountStore, PasswordsExpireAndResetTokensWorkOnce) {
  database->expire_user_password(7);
  EXPECT_TRUE(database->find_user(7)->password_expired);
  EXPECT_TRUE(database->set_user_password(7, "new-hash", 2000));
  auto user = database->find_user(7);
  EXPECT_FALSE(user->password_expired);
  EXPECT_EQ(user->password_hash, "new-hash");
  EXPECT_EQ(user->password_changed_ms, 2000);
  EXPECT_FALSE(database->set_user_password(404, "x", 1));
  EXPECT_TRUE(database->set_organization_password_expiry(1, 90));
  EXPECT_EQ(database->find_organization(1)->password_expiry_days, 90);
  EXPECT_TRUE(database->set_organization_password_expiry(1, std::nullopt));
  EXPECT_FALSE(database->find_organization(1)->password_expiry_days);
  EXPECT_TRUE(database->set_organization_require_two_factor(2, true));
  EXPECT_TRUE(database->find_organization(2)->require_two_factor);
  EXPECT_FALSE(database->set_organization_require_two_factor(404, true));

  database->put_password_reset_token(7, "first", 5000);
  database->put_password_reset_token(7, "second", 5000); // voids the first
  EXPECT_FALSE(database->find_password_reset_token("first", 1000));
  EXPECT_EQ(database->find_password_reset_token("second", 1000), 7);
  EXPECT_FALSE(database->find_password_reset_token("second", 5000)); // expired
  EXPECT_EQ(database->take_password_reset_token("second", 1000), 7);
  EXPECT_FALSE(database->take_password_reset_token("second", 1000));
  database->put_password_reset_token(8, "late", 5000);
  EXPECT_FALSE(database->take_password_reset_token("late", 6000));
  EXPECT_FALSE(database->find_password_reset_token("late", 1000)); // taken, though too late
}

TEST_P(AccountStore, SsoIdentifiersAreUniqueWithoutRegardToCase) {
  EXPECT_TRUE(database->put_organization_sso({1, "acme", "<metadata/>", 10}));
  EXPECT_FALSE(database->put_organization_sso({2, "ACME", "<other/>", 11}));
  EXPECT_EQ(database->find_sso_by_identifier("AcMe")->organization_id, 1);
  EXPECT_TRUE(database->put_organization_sso({1, "acme-corp", "<new/>", 12})); // replaces
  EXPECT_FALSE(database->find_sso_by_identifier("acme"));
  EXPECT_EQ(database->find_sso_of_organization(1)->idp_metadata, "<new/>");
  EXPECT_TRUE(database->remove_organization_sso(1));
  EXPECT_FALSE(database->remove_organization_sso(1));
}

TEST_P(AccountStore, SettingsKeepTheirFirstValue) {
  EXPECT_FALSE(database->find_setting("secret"));
  EXPECT_EQ(database->insert_setting_if_absent("secret", "one"), "one");
  EXPECT_EQ(database->insert_setting_if_absent("secret", "two"), "one");
  EXPECT_EQ(database->find_setting("secret"), "one");
}

TEST_P(AccountStore, ATransactionThatThrowsLeavesNothing) {
  EXPECT_THROW(database->in_transaction([&] {
    database->insert_user({0, "Gone", "gone@example.test", "hash", 30, false, 0});
    database->in_transaction([&] { database->upsert_membership({7, 1, true, false, false}); });
    throw Error(Error::Kind::invalid_input, "changed my mind");
  }),
               Error);
  EXPECT_FALSE(database->find_user_by_email("gone@example.test"));
  EXPECT_TRUE(database->memberships_of_user(7).empty());
  database->in_transaction([&] { database->upsert_membership({7, 1, true, false, false}); });
  EXPECT_EQ(database->memberships_of_user(7).size(), 1u);
}

ARGUS_ON_BOTH_STORE_ENGINES(AccountStore);

} // namespace
} // namespace argus::testing
