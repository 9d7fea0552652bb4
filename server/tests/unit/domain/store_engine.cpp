#include "store_engine.hpp"

#include "support/postgres_cluster.hpp"
#include "store/migration_plan.hpp"
#include "store/postgres/postgres_database.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::testing {

std::string store_engine_name(const ::testing::TestParamInfo<StoreEngine>& info) {
  return info.param == StoreEngine::sqlite ? "sqlite" : "postgresql";
}

std::optional<std::string> store_engine_unavailable(StoreEngine engine) {
  std::string why_not;
  if (engine == StoreEngine::postgresql && !PostgresCluster::instance(&why_not))
    return why_not;
  return std::nullopt;
}

StoreLocation::StoreLocation(StoreEngine engine) : engine(engine) {
  if (engine == StoreEngine::postgresql)
    url_ = PostgresCluster::instance()->create_database();
}

std::unique_ptr<store::Database> StoreLocation::open() const {
  return open(builtin_migrations());
}

std::unique_ptr<store::Database> StoreLocation::open(const std::vector<store::Migration>& migrations) const {
  if (engine == StoreEngine::sqlite)
    return std::make_unique<store::SqliteDatabase>(dir.path / "argus.db", migrations);
  return std::make_unique<store::PostgresDatabase>(url_, migrations, store::PostgresDatabase::Options{});
}

std::vector<store::Migration> StoreLocation::builtin_migrations() const {
  return engine == StoreEngine::sqlite ? store::builtin_migrations() : store::builtin_postgres_migrations();
}

void StoreTest::SetUp() {
  if (auto why_not = store_engine_unavailable(GetParam()))
    GTEST_SKIP() << *why_not;
  location.emplace(GetParam());
  database = location->open();
  database->insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
  database->insert_network({1, "net-1", 1, "Net", "UTC", {}, "en", ""});
}

void StoreTest::insert_camera(std::int64_t id, const std::string& name) {
  store::CameraRecord camera;
  camera.id = id;
  camera.network_id = 1;
  camera.mac = "34:56:fe:a1:00:" + std::to_string(id);
  camera.serial = "Q2MV-" + std::to_string(id);
  camera.model = "MV22";
  camera.name = name;
  camera.channel_id = 50000 + id;
  database->insert_camera(camera);
}

} // namespace argus::testing
