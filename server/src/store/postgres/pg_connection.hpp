#pragma once
// One libpq connection with a cache of prepared statements keyed by SQL text (PQprepare on first use, then
// PQexecPrepared). Parameters ($1 ... $n) travel in text format. SQLSTATEs become argus::Error kinds as SQLite codes
// do in sqlite_statement.cpp: integrity violations (class 23) → conflict; a lost or refused connection, the server
// shutting down (57P), lack of resources (53) and serialization failures or deadlocks (40) → unavailable; a full disk
// (53100) → StorageFullError; anything else → internal. Not thread-safe: a PgPool lease owns it.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/error.hpp"
#include "store/postgres/pg_result.hpp"

struct pg_conn;

namespace argus::store {

//! One query parameter as PostgreSQL's text input (nullopt: NULL). Booleans become the integers 0/1 the schema uses.
class PgValue {
public:
  PgValue(std::nullopt_t) {}
  PgValue(std::int64_t value) : text_(std::to_string(value)) {}
  PgValue(int value) : text_(std::to_string(value)) {}
  PgValue(bool value) : text_(value ? "1" : "0") {}
  PgValue(double value);
  PgValue(std::string_view value) : text_(std::string(value)) {}
  PgValue(const std::string& value) : text_(value) {}
  PgValue(const char* value) : text_(std::string(value)) {}
  PgValue(const std::optional<std::int64_t>& value);
  PgValue(const std::optional<std::string>& value) : text_(value) {}
  PgValue(const std::optional<double>& value);
  //! A bytea value (hex input format).
  static PgValue bytes(std::span<const std::uint8_t> bytes);
  //! A bigint[] value ("{1,2,3}"), for `= ANY($n::bigint[])` over a list of any length.
  static PgValue bigint_array(const std::vector<std::int64_t>& values);
  //! A text[] value, each element quoted; with bigint_array and bytea_array, the columns of a batch written in one
  //! statement (`INSERT ... SELECT * FROM unnest($1::bigint[], $2::text[], ...)`).
  static PgValue text_array(const std::vector<std::string>& values);
  //! A bytea[] value (each element in hex input format).
  static PgValue bytea_array(const std::vector<std::span<const std::uint8_t>>& values);

  const std::optional<std::string>& text() const { return text_; }

private:
  PgValue() = default;
  std::optional<std::string> text_;
};

class PgConnection {
public:
  //! Connects (conninfo: a postgresql:// URL or key=value pairs); throws Error(unavailable) when it cannot.
  explicit PgConnection(const std::string& conninfo);
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;
  ~PgConnection();

  //! Runs one statement with parameters through the statement cache.
  PgResult exec(const std::string& sql, const std::vector<PgValue>& params = {});
  //! Runs one or more statements without parameters and without caching (migrations, BEGIN/COMMIT).
  void execute_script(const std::string& sql);
  //! Connected and outside any transaction: the pool may hand it out again.
  bool reusable() const;

private:
  [[noreturn]] void throw_error(pg_result* result, std::string_view context);

  pg_conn* connection_ = nullptr;
  std::unordered_map<std::string, std::string> statement_names_;
};

//! The argus::Error kind for a SQLSTATE (empty: no server answer, a lost connection).
Error::Kind pg_error_kind(std::string_view sqlstate);

} // namespace argus::store
