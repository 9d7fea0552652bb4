#include "store/sqlite/sqlite_statement.hpp"

#include <sqlite3.h>

#include "common/error.hpp"

namespace argus::store {

void throw_sqlite_error(sqlite3* db, int code, std::string_view context) {
  std::string message = std::string(context) + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(code));
  switch (code & 0xff) {
  case SQLITE_CONSTRAINT:
    throw Error(Error::Kind::conflict, message);
  case SQLITE_BUSY:
  case SQLITE_LOCKED:
    throw Error(Error::Kind::unavailable, message);
  case SQLITE_FULL: // the disk (or a quota) is full: a 503 that says so, not a 500
    throw StorageFullError(message);
  default:
    throw Error(Error::Kind::internal, message);
  }
}

SqliteStatement::~SqliteStatement() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value) {
  sqlite3_bind_int64(statement_, index, value);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::string_view value) {
  sqlite3_bind_text(statement_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, double value) {
  sqlite3_bind_double(statement_, index, value);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, const std::optional<std::int64_t>& value) {
  if (value)
    return bind(index, *value);
  sqlite3_bind_null(statement_, index);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, const std::optional<std::string>& value) {
  if (value)
    return bind(index, std::string_view(*value));
  sqlite3_bind_null(statement_, index);
  return *this;
}

bool SqliteStatement::step() {
  int code = sqlite3_step(statement_);
  if (code == SQLITE_ROW)
    return true;
  if (code == SQLITE_DONE)
    return false;
  throw_sqlite_error(db_, code, "SQLite statement failed");
}

void SqliteStatement::run() {
  while (step()) {
  }
}

std::int64_t SqliteStatement::changes() const {
  return sqlite3_changes(db_);
}

std::int64_t SqliteStatement::integer(int column) const {
  return sqlite3_column_int64(statement_, column);
}

double SqliteStatement::real(int column) const {
  return sqlite3_column_double(statement_, column);
}

std::string SqliteStatement::text(int column) const {
  auto* data = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
  if (!data)
    return {};
  return std::string(data, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
}

bool SqliteStatement::is_null(int column) const {
  return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

std::optional<std::int64_t> SqliteStatement::optional_integer(int column) const {
  if (is_null(column))
    return std::nullopt;
  return integer(column);
}

std::optional<std::string> SqliteStatement::optional_text(int column) const {
  if (is_null(column))
    return std::nullopt;
  return text(column);
}

SqliteStatement& SqliteStatement::bind_blob(int index, std::span<const std::uint8_t> bytes) {
  sqlite3_bind_blob(statement_, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  return *this;
}

std::span<const std::uint8_t> SqliteStatement::blob(int column) const {
  const auto* data = static_cast<const std::uint8_t*>(sqlite3_column_blob(statement_, column));
  if (!data)
    return {};
  return {data, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
}

} // namespace argus::store
