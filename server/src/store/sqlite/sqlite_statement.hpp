#pragma once
// A prepared SQLite statement: typed binding by position (1-based), stepping and column reads. Resets itself when
// released so that the connection's cache can hand it out again.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace argus::store {

class SqliteStatement {
public:
  SqliteStatement(sqlite3* db, sqlite3_stmt* statement) : db_(db), statement_(statement) {}
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  ~SqliteStatement();

  //! Binds an integer.
  SqliteStatement& bind(int index, std::int64_t value);
  //! Binds text (copied).
  SqliteStatement& bind(int index, std::string_view value);
  //! Binds a real.
  SqliteStatement& bind(int index, double value);
  //! Binds a boolean as 0/1.
  SqliteStatement& bind_bool(int index, bool value) { return bind(index, std::int64_t{value ? 1 : 0}); }
  //! Binds NULL when the value is absent.
  SqliteStatement& bind(int index, const std::optional<std::int64_t>& value);
  //! Binds NULL when the value is absent.
  SqliteStatement& bind(int index, const std::optional<std::string>& value);
  //! Binds bytes as a BLOB (copied).
  SqliteStatement& bind_blob(int index, std::span<const std::uint8_t> bytes);

  //! Advances to the next row; false when done. Throws argus::Error on failure.
  bool step();
  //! Runs a statement that returns no rows.
  void run();
  //! Rows changed by the last run.
  std::int64_t changes() const;

  //! Integer column (0-based).
  std::int64_t integer(int column) const;
  //! Real column.
  double real(int column) const;
  //! Text column ("" for NULL).
  std::string text(int column) const;
  //! True when the column is NULL.
  bool is_null(int column) const;
  //! Integer column, nullopt for NULL.
  std::optional<std::int64_t> optional_integer(int column) const;
  //! Text column, nullopt for NULL.
  std::optional<std::string> optional_text(int column) const;
  //! BLOB column without a copy, valid until the next step or reset (empty for NULL).
  std::span<const std::uint8_t> blob(int column) const;

private:
  sqlite3* db_;
  sqlite3_stmt* statement_;
};

//! Throws the argus::Error matching an SQLite result code (constraint → conflict, busy/locked → unavailable).
[[noreturn]] void throw_sqlite_error(sqlite3* db, int code, std::string_view context);

} // namespace argus::store
