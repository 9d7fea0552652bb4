#pragma once
// Which store a deployment uses (`--database` of argusd and of its commands): PostgreSQL for a postgresql:// URL,
// else the SQLite file in the data directory.
#include <filesystem>
#include <memory>
#include <string_view>

#include "store/database.hpp"

namespace argus::store {

//! Whether the URL names PostgreSQL (postgresql:// or postgres://).
bool is_postgres_url(std::string_view url);

//! The store `url` names: PostgresDatabase for a PostgreSQL URL, SqliteDatabase at sqlite_path when url is empty.
//! Throws Error(invalid_input) for any other URL, and what the store's constructor throws.
std::unique_ptr<Database> open_database(std::string_view url, const std::filesystem::path& sqlite_path);

} // namespace argus::store
