#pragma once
// One SQLite connection (WAL, foreign keys, busy timeout) with a cache of prepared statements. Not thread-safe: its
// owner serialises access.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "store/sqlite/sqlite_statement.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace argus::store {

class SqliteConnection {
public:
  //! Opens (creating when absent) the database file and applies the connection pragmas.
  explicit SqliteConnection(const std::filesystem::path& path);
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;
  ~SqliteConnection();

  //! A cached prepared statement for sql; valid until the returned object is destroyed.
  std::unique_ptr<SqliteStatement> prepare(const std::string& sql);
  //! Runs one or more statements without results (schema changes, BEGIN/COMMIT).
  void execute(std::string_view sql);
  //! Id of the last inserted row.
  std::int64_t last_insert_id() const;

private:
  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> statements_;
};

} // namespace argus::store
