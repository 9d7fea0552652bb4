#include "store/open_database.hpp"

#include <string>

#include "common/error.hpp"
#include "store/postgres/postgres_database.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {

bool is_postgres_url(std::string_view url) {
  return url.starts_with("postgresql://") || url.starts_with("postgres://");
}

std::unique_ptr<Database> open_database(std::string_view url, const std::filesystem::path& sqlite_path) {
  if (url.empty())
    return std::make_unique<SqliteDatabase>(sqlite_path);
  if (!is_postgres_url(url))
    throw Error(Error::Kind::invalid_input, "--database must be a postgresql:// URL (or absent for SQLite)");
  return std::make_unique<PostgresDatabase>(std::string(url));
}

} // namespace argus::store
