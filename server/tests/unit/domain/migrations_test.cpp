#include <gtest/gtest.h>

#include "common/error.hpp"
#include "store/migration_plan.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "test_support.hpp"

namespace argus::store {
namespace {

TEST(Migrations, FreshDatabaseGetsEveryMigrationAndRerunIsANoOp) {
  testing::TempDir dir;
  auto known = builtin_migrations();
  ASSERT_FALSE(known.empty());
  std::vector<std::int64_t> expected;
  for (const auto& migration : known)
    expected.push_back(migration.version);
  {
    SqliteDatabase database(dir.path / "argus.db");
    EXPECT_EQ(database.applied_migrations(), expected);
    database.insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
  }
  SqliteDatabase reopened(dir.path / "argus.db");
  EXPECT_EQ(reopened.applied_migrations(), expected);
  EXPECT_EQ(reopened.organizations().size(), 1u);
}

TEST(Migrations, NewerDatabaseIsRefused) {
  testing::TempDir dir;
  auto known = builtin_migrations();
  auto newer = known;
  newer.push_back({9999, "9999_future.sql", "CREATE TABLE future_things (id INTEGER PRIMARY KEY);"});
  { SqliteDatabase database(dir.path / "argus.db", newer); }
  try {
    SqliteDatabase database(dir.path / "argus.db", known);
    FAIL() << "opened a database from the future";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::unavailable);
    EXPECT_NE(std::string(error.what()).find("9999"), std::string::npos);
  }
}

TEST(Migrations, FailedMigrationRollsBack) {
  testing::TempDir dir;
  auto known = builtin_migrations();
  known.push_back({9000, "9000_broken.sql", "CREATE TABLE half (id INTEGER); THIS IS NOT SQL;"});
  EXPECT_THROW(SqliteDatabase(dir.path / "argus.db", known), Error);
  SqliteDatabase database(dir.path / "argus.db");
  auto applied = database.applied_migrations();
  EXPECT_EQ(std::count(applied.begin(), applied.end(), 9000), 0);
}

TEST(Migrations, FileNamesAreChecked) {
  EXPECT_THROW(parse_migrations({{"initial.sql", ""}}), Error);
  EXPECT_THROW(parse_migrations({{"0001_a.sql", ""}, {"0001_b.sql", ""}}), Error);
  auto parsed = parse_migrations({{"0002_b.sql", "B"}, {"0001_a.sql", "A"}});
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(parsed[0].version, 1);
  EXPECT_EQ(parsed[1].sql, "B");
}

TEST(Migrations, ConstraintViolationIsConflict) {
  testing::TempDir dir;
  SqliteDatabase database(dir.path / "argus.db");
  database.insert_user({0, "A", "a@example.test", "h", 30, false, 0});
  try {
    database.insert_user({0, "B", "A@EXAMPLE.test", "h", 30, false, 0});
    FAIL() << "duplicate e-mail accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), Error::Kind::conflict);
  }
  EXPECT_EQ(database.find_user_by_email("A@example.TEST")->name, "A");
}

} // namespace
} // namespace argus::store
