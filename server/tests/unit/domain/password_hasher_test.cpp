#include <gtest/gtest.h>

#include "services/password_hasher.hpp"

namespace argus::services {
namespace {

TEST(PasswordHasher, HashIsArgon2idAndVerifies) {
  PasswordHasher hasher(PasswordHasher::Strength::minimal);
  auto hash = hasher.hash("correct horse");
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u);
  EXPECT_TRUE(hasher.verify(hash, "correct horse"));
  EXPECT_FALSE(hasher.verify(hash, "Correct horse"));
  EXPECT_NE(hasher.hash("correct horse"), hash); // salted
}

TEST(PasswordHasher, UnknownAccountNeverVerifies) {
  PasswordHasher hasher(PasswordHasher::Strength::minimal);
  EXPECT_FALSE(hasher.verify_or_dummy(std::nullopt, ""));
  EXPECT_FALSE(hasher.verify_or_dummy(std::nullopt, "anything"));
  EXPECT_TRUE(hasher.verify_or_dummy(hasher.hash("pw"), "pw"));
}

TEST(PasswordHasher, InteractiveStrengthIsTheDefault) {
  PasswordHasher hasher;
  auto hash = hasher.hash("pw");
  EXPECT_NE(hash.find("m=65536"), std::string::npos) << hash;
}

} // namespace
} // namespace argus::services
