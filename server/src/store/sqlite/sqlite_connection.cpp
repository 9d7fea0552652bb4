#include "store/sqlite/sqlite_connection.hpp"

#include <sqlite3.h>

#include "common/error.hpp"

namespace argus::store {
namespace {

constexpr int k_busy_timeout_ms = 5000;

} // namespace

SqliteConnection::SqliteConnection(const std::filesystem::path& path) {
  int code =
      sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (code != SQLITE_OK) {
    std::string message = "cannot open database " + path.string() + ": " + sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throw Error(Error::Kind::unavailable, message);
  }
  sqlite3_busy_timeout(db_, k_busy_timeout_ms);
  execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
}

SqliteConnection::~SqliteConnection() {
  for (auto& [sql, statement] : statements_)
    sqlite3_finalize(statement);
  sqlite3_close(db_);
}

std::unique_ptr<SqliteStatement> SqliteConnection::prepare(const std::string& sql) {
  auto it = statements_.find(sql);
  if (it == statements_.end()) {
    sqlite3_stmt* statement = nullptr;
    int code = sqlite3_prepare_v3(db_, sql.c_str(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &statement,
                                  nullptr);
    if (code != SQLITE_OK)
      throw_sqlite_error(db_, code, "cannot prepare SQL");
    it = statements_.emplace(sql, statement).first;
  }
  return std::make_unique<SqliteStatement>(db_, it->second);
}

void SqliteConnection::execute(std::string_view sql) {
  char* error_message = nullptr;
  int code = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error_message);
  if (code != SQLITE_OK) {
    std::string detail = error_message ? error_message : sqlite3_errstr(code);
    sqlite3_free(error_message);
    std::string context = "SQL failed (" + detail + ")";
    throw_sqlite_error(nullptr, code, context);
  }
}

std::int64_t SqliteConnection::last_insert_id() const {
  return sqlite3_last_insert_rowid(db_);
}

} // namespace argus::store
