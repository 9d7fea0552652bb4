// What only PostgresDatabase has: a connection pool shared by threads, transactions pinned to their thread, recovery
// when PostgreSQL restarts under an open database.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "common/error.hpp"
#include "support/postgres_cluster.hpp"
#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::testing {
namespace {

using store::PostgresDatabase;

class PostgresDatabaseTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string why_not;
    cluster = PostgresCluster::instance(&why_not);
    if (!cluster)
      GTEST_SKIP() << why_not;
  }
  std::unique_ptr<PostgresDatabase> open(PostgresDatabase::Options options) {
    auto database =
        std::make_unique<PostgresDatabase>(cluster->create_database(), store::builtin_postgres_migrations(), options);
    database->insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
    return database;
  }

  PostgresCluster* cluster = nullptr;
};

Error::Kind kind_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const Error& error) {
    return error.kind();
  }
  ADD_FAILURE() << "no error";
  return Error::Kind::internal;
}

TEST_F(PostgresDatabaseTest, SqlstatesBecomeErrorKinds) {
  EXPECT_EQ(store::pg_error_kind("23505"), Error::Kind::conflict);    // unique violation
  EXPECT_EQ(store::pg_error_kind("23503"), Error::Kind::conflict);    // foreign key violation
  EXPECT_EQ(store::pg_error_kind("08006"), Error::Kind::unavailable); // connection failure
  EXPECT_EQ(store::pg_error_kind("57P01"), Error::Kind::unavailable); // admin shutdown
  EXPECT_EQ(store::pg_error_kind("53300"), Error::Kind::unavailable); // too many connections
  EXPECT_EQ(store::pg_error_kind("40001"), Error::Kind::unavailable); // serialization failure
  EXPECT_EQ(store::pg_error_kind("42601"), Error::Kind::internal);    // syntax error
  EXPECT_EQ(store::pg_error_kind(""), Error::Kind::unavailable);      // no answer
}

TEST_F(PostgresDatabaseTest, ArrayParametersRoundTripEveryCharacter) {
  store::PgConnection connection(cluster->create_database());
  std::vector<std::string> texts{"main", "a\"b", "c\\d", "", "x,y", "{z}", "NULL", " spaced ", "\xe2\x82\xac"};
  auto rows = connection.exec("SELECT t FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n",
                              {store::PgValue::text_array(texts)});
  ASSERT_EQ(rows.size(), static_cast<int>(texts.size()));
  for (int i = 0; i < rows.size(); ++i)
    EXPECT_EQ(rows.text(i, 0), texts[static_cast<std::size_t>(i)]) << i;
  std::vector<std::uint8_t> bytes{0, 1, 0x22, 0x5c, 0xff};
  std::vector<std::span<const std::uint8_t>> blobs{bytes, {}};
  auto lengths = connection.exec("SELECT length(b), get_byte(b, 2), get_byte(b, 4) FROM unnest($1::bytea[]) "
                                 "WITH ORDINALITY AS u(b, n) WHERE n = 1",
                                 {store::PgValue::bytea_array(blobs)});
  ASSERT_EQ(lengths.size(), 1);
  EXPECT_EQ(lengths.integer(0, 0), 5);
  EXPECT_EQ(lengths.integer(0, 1), 0x22);
  EXPECT_EQ(lengths.integer(0, 2), 0xff);
}

TEST_F(PostgresDatabaseTest, AnUnreachableServerIsUnavailable) {
  PostgresDatabase::Options options;
  options.connect_timeout_s = 2;
  EXPECT_EQ(kind_of([&] { PostgresDatabase("postgresql://argus@127.0.0.1:1/none", {}, options); }),
            Error::Kind::unavailable);
}

TEST_F(PostgresDatabaseTest, CallsFailAsUnavailableWhilePostgresqlIsDownAndRecoverWhenItIsBack) {
  PostgresDatabase::Options options;
  options.pool_size = 3;
  options.connect_timeout_s = 2;
  auto database = open(options);
  database->insert_user({0, "Bea", "bea@example.test", "hash", 30, false, 0});
  EXPECT_EQ(database->count_users(), 1);

  cluster->stop();
  auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(kind_of([&] { database->count_users(); }), Error::Kind::unavailable);
    EXPECT_EQ(kind_of([&] { database->in_transaction([&] { database->find_user(1); }); }), Error::Kind::unavailable);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10)); // failing, not hanging
  cluster->start();

  EXPECT_EQ(database->count_users(), 1); // the same PostgresDatabase, reconnected
  EXPECT_EQ(database->insert_user({0, "Al", "al@example.test", "hash", 30, false, 0}), 2);
  EXPECT_EQ(database->organizations().size(), 1u);
}

TEST_F(PostgresDatabaseTest, AThreadWaitingTooLongForAConnectionIsUnavailable) {
  PostgresDatabase::Options options;
  options.pool_size = 1;
  options.lease_timeout = std::chrono::milliseconds(200);
  auto database = open(options);
  std::atomic<bool> inside = false;
  std::atomic<bool> done = false;
  std::thread holder([&] {
    database->in_transaction([&] {
      database->find_organization(1); // the transaction's own calls use its connection
      inside = true;
      while (!done)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    });
  });
  while (!inside)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(kind_of([&] { database->organizations(); }), Error::Kind::unavailable);
  done = true;
  holder.join();
  EXPECT_EQ(database->organizations().size(), 1u);
}

TEST_F(PostgresDatabaseTest, ThreadsShareThePoolAndEachTransactionSeesOnlyItsOwnWritesUntilCommit) {
  PostgresDatabase::Options options;
  options.pool_size = 4;
  auto database = open(options);
  std::atomic<bool> written = false;
  std::atomic<bool> checked = false;
  std::thread writer([&] {
    database->in_transaction([&] {
      database->insert_user({0, "Uncommitted", "u@example.test", "hash", 30, false, 0});
      EXPECT_TRUE(database->find_user_by_email("u@example.test")); // on the pinned connection
      written = true;
      while (!checked)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    });
  });
  while (!written)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_FALSE(database->find_user_by_email("u@example.test")); // another connection: not committed yet
  checked = true;
  writer.join();
  EXPECT_TRUE(database->find_user_by_email("u@example.test"));

  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i) {
        auto email = "user" + std::to_string(t) + "-" + std::to_string(i) + "@example.test";
        database->in_transaction([&] { database->insert_user({0, "U", email, "hash", 30, false, 0}); });
      }
    });
  }
  for (auto& thread : threads)
    thread.join();
  EXPECT_EQ(database->count_users(), 1 + 8 * 20);
}

} // namespace
} // namespace argus::testing
