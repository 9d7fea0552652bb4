// Migrations on both engines (store_engine.hpp): a fresh store gets every migration once, a newer store is refused, a
// failed migration rolls back, and a constraint violation is a conflict. The PostgreSQL dialect mirrors the SQLite
// migrations version for version.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/error.hpp"
#include "store/migration_plan.hpp"
#include "store/postgres/postgres_database.hpp"
#include "store_engine.hpp"

namespace argus::store {
namespace {

using testing::StoreEngine;
using testing::StoreLocation;

class Migrations : public ::testing::TestWithParam<StoreEngine> {
protected:
  void SetUp() override { ARGUS_SKIP_UNLESS_ENGINE_AVAILABLE(GetParam()); }
};

TEST_P(Migrations, FreshDatabaseGetsEveryMigrationAndRerunIsANoOp) {
  StoreLocation location(GetParam());
  auto known = location.builtin_migrations();
  ASSERT_FALSE(known.empty());
  std::vector<std::int64_t> expected;
  for (const auto& migration : known)
    expected.push_back(migration.version);
  {
    auto database = location.open();
    EXPECT_EQ(database->applied_migrations(), expected);
    database->insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
  }
  auto reopened = location.open();
  EXPECT_EQ(reopened->applied_migrations(), expected);
  EXPECT_EQ(reopened->organizations().size(), 1u);
}

TEST_P(Migrations, NewerDatabaseIsRefused) {
  StoreLocation location(GetParam());
  auto known = location.builtin_migrations();
  auto newer = known;
  newer.push_back({9999, "9999_future.sql", "CREATE TABLE future_things (id INTEGER PRIMARY KEY);"});
  location.open(newer);
  try {
    location.open(known);
    FAIL() << "opened a database from the future";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::unavailable);
    EXPECT_NE(std::string(error.what()).find("9999"), std::string::npos);
  }
}

TEST_P(Migrations, FailedMigrationRollsBack) {
  StoreLocation location(GetParam());
  auto known = location.builtin_migrations();
  known.push_back({9000, "9000_broken.sql", "CREATE TABLE half (id INTEGER); THIS IS NOT SQL;"});
  EXPECT_THROW(location.open(known), Error);
  auto database = location.open();
  auto applied = database->applied_migrations();
  EXPECT_EQ(std::count(applied.begin(), applied.end(), 9000), 0);
  // The failed migration's table went with it: applying it fixed works.
  known.back().sql = "CREATE TABLE half (id INTEGER);";
  EXPECT_NO_THROW(location.open(known));
}

TEST_P(Migrations, ConstraintViolationIsConflict) {
  StoreLocation location(GetParam());
  auto database = location.open();
  database->insert_user({0, "A", "a@example.test", "h", 30, false, 0});
  try {
    database->insert_user({0, "B", "A@EXAMPLE.test", "h", 30, false, 0});
    FAIL() << "duplicate e-mail accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::conflict);
  }
  EXPECT_EQ(database->find_user_by_email("A@example.TEST")->name, "A");
}

ARGUS_ON_BOTH_STORE_ENGINES(Migrations);

TEST(Migrations, FileNamesAreChecked) {
  EXPECT_THROW(parse_migrations({{"initial.sql", ""}}), Error);
  EXPECT_THROW(parse_migrations({{"0001_a.sql", ""}, {"0001_b.sql", ""}}), Error);
  auto parsed = parse_migrations({{"0002_b.sql", "B"}, {"0001_a.sql", "A"}});
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(parsed[0].version, 1);
  EXPECT_EQ(parsed[1].sql, "B");
}

TEST(Migrations, ThePostgresqlDialectHasEverySqliteMigrationWithItsName) {
  std::vector<std::string> sqlite_names;
  for (const auto& migration : builtin_migrations())
    sqlite_names.push_back(migration.name);
  std::vector<std::string> postgresql_names;
  for (const auto& migration : builtin_postgres_migrations())
    postgresql_names.push_back(migration.name);
  EXPECT_EQ(postgresql_names, sqlite_names);
}

} // namespace
} // namespace argus::store
