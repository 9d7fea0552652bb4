#include "store/migration_plan.hpp"

#include <algorithm>
#include <set>

#include "common/error.hpp"
#include "store/embedded_migrations.hpp"

namespace argus::store {

std::vector<Migration> parse_migrations(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<Migration> migrations;
  std::set<std::int64_t> versions;
  for (const auto& [file_name, sql] : files) {
    auto underscore = file_name.find('_');
    bool digits = underscore != std::string::npos && underscore > 0 && underscore <= 9 &&
                  std::all_of(file_name.begin(), file_name.begin() + static_cast<long>(underscore),
                              [](char c) { return c >= '0' && c <= '9'; });
    if (!digits)
      throw Error(Error::Kind::internal, "migration file name must be NNNN_description.sql: " + file_name);
    Migration migration{std::stoll(file_name.substr(0, underscore)), file_name, sql};
    if (!versions.insert(migration.version).second) {
      throw Error(Error::Kind::internal, "duplicate migration version in " + file_name);
    }
    migrations.push_back(std::move(migration));
  }
  std::sort(migrations.begin(), migrations.end(), [](const auto& a, const auto& b) { return a.version < b.version; });
  return migrations;
}

std::vector<Migration> pending_migrations(const std::vector<std::int64_t>& applied_versions,
                                          const std::vector<Migration>& known) {
  std::set<std::int64_t> known_versions;
  for (const auto& migration : known)
    known_versions.insert(migration.version);
  for (auto version : applied_versions) {
    if (!known_versions.count(version)) {
      throw Error(Error::Kind::unavailable, "the database has migration " + std::to_string(version) +
                                                " which this argusd does not know; it was written by a newer "
                                                "version: upgrade argusd or use another data directory");
    }
  }
  std::set<std::int64_t> applied(applied_versions.begin(), applied_versions.end());
  std::vector<Migration> pending;
  for (const auto& migration : known) {
    if (!applied.count(migration.version))
      pending.push_back(migration);
  }
  return pending;
}

std::vector<Migration> builtin_migrations() {
  return parse_migrations(embedded_migrations());
}

} // namespace argus::store
