#pragma once
// A query's result in libpq's text format, read by row and column (0-based) with typed readers. Booleans are stored
// as integers 0/1 (as in SQLite) and read with boolean(), which also accepts PostgreSQL's own 't'/'f'.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct pg_result;

namespace argus::store {

class PgResult {
public:
  explicit PgResult(pg_result* result) : result_(result) {}
  PgResult(PgResult&& other) noexcept : result_(other.result_) { other.result_ = nullptr; }
  PgResult& operator=(PgResult&& other) noexcept;
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;
  ~PgResult();

  //! Number of rows.
  int size() const;
  bool empty() const { return size() == 0; }
  //! Rows an INSERT, UPDATE or DELETE changed.
  std::int64_t affected_rows() const;

  //! True when the value is NULL.
  bool is_null(int row, int column) const;
  //! Integer value (0 for NULL).
  std::int64_t integer(int row, int column) const;
  //! Integer value, nullopt for NULL.
  std::optional<std::int64_t> optional_integer(int row, int column) const;
  //! Double precision value (0 for NULL).
  double real(int row, int column) const;
  //! Double precision value, nullopt for NULL.
  std::optional<double> optional_real(int row, int column) const;
  //! Text value ("" for NULL).
  std::string text(int row, int column) const;
  //! Text value, nullopt for NULL.
  std::optional<std::string> optional_text(int row, int column) const;
  //! An integer 0/1 column or a boolean expression (false for NULL).
  bool boolean(int row, int column) const;
  //! A bytea value (empty for NULL).
  std::vector<std::uint8_t> bytes(int row, int column) const;

private:
  const char* raw(int row, int column) const;

  pg_result* result_;
};

} // namespace argus::store
