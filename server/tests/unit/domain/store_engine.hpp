#pragma once
// Store tests on both engines: a test suite parameterized by StoreEngine opens its stores through StoreLocation, a
// file in a temporary directory (SQLite) or a fresh database of the binary's throw-away PostgreSQL cluster
// (postgres_cluster.hpp). Without PostgreSQL installed the postgresql instances skip, saying why.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "store/database.hpp"
#include "test_support.hpp"

namespace argus::testing {

enum class StoreEngine { sqlite, postgresql };

//! "sqlite" / "postgresql", for test names.
std::string store_engine_name(const ::testing::TestParamInfo<StoreEngine>& info);
//! Why the engine cannot run here (nullopt: it can).
std::optional<std::string> store_engine_unavailable(StoreEngine engine);

//! Where one test's store lives. Opening it again reopens the same data, as a restarted argusd does.
class StoreLocation {
public:
  //! A new empty location (the engine must be available).
  explicit StoreLocation(StoreEngine engine);

  //! The store with the engine's built-in migrations applied.
  std::unique_ptr<store::Database> open() const;
  //! The store with these migrations applied.
  std::unique_ptr<store::Database> open(const std::vector<store::Migration>& migrations) const;
  //! The engine's built-in migrations (PostgreSQL has its own dialect of each).
  std::vector<store::Migration> builtin_migrations() const;

  const StoreEngine engine;
  //! A directory for files beside the store (the demo seeder's floor plans).
  const TempDir dir;

private:
  std::string url_;
};

//! A fixture for TEST_P on both engines: a fresh store with organization 1 and its network 1 (SetUp skips when the
//! engine cannot run here).
class StoreTest : public ::testing::TestWithParam<StoreEngine> {
protected:
  void SetUp() override;
  //! Inserts camera `id` in network 1 (its MAC, serial and channel derived from the id).
  void insert_camera(std::int64_t id, const std::string& name = "Camera");

  std::optional<StoreLocation> location;
  std::unique_ptr<store::Database> database;
};

} // namespace argus::testing

//! Every TEST_P of the suite on SQLite and on PostgreSQL.
#define ARGUS_ON_BOTH_STORE_ENGINES(suite)                                                                             \
  INSTANTIATE_TEST_SUITE_P(                                                                                            \
      BothEngines, suite,                                                                                              \
      ::testing::Values(::argus::testing::StoreEngine::sqlite, ::argus::testing::StoreEngine::postgresql),             \
      ::argus::testing::store_engine_name)

//! In a parameterized fixture's SetUp or a TEST_P: skips when the engine cannot run here.
#define ARGUS_SKIP_UNLESS_ENGINE_AVAILABLE(engine)                                                                     \
  if (auto why_not = ::argus::testing::store_engine_unavailable(engine))                                               \
  GTEST_SKIP() << *why_not
