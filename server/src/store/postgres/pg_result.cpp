#include "store/postgres/pg_result.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>
#include <cstring>

#include "common/error.hpp"

namespace argus::store {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  throw Error(Error::Kind::internal, "bytea value is not in hex format");
}

} // namespace

PgResult& PgResult::operator=(PgResult&& other) noexcept {
  if (this != &other) {
    PQclear(result_);
    result_ = other.result_;
    other.result_ = nullptr;
  }
  return *this;
}

PgResult::~PgResult() {
  PQclear(result_);
}

int PgResult::size() const {
  return result_ ? PQntuples(result_) : 0;
}

std::int64_t PgResult::affected_rows() const {
  const char* count = result_ ? PQcmdTuples(result_) : "";
  return *count ? std::strtoll(count, nullptr, 10) : 0;
}

const char* PgResult::raw(int row, int column) const {
  if (row < 0 || row >= size() || column < 0 || column >= PQnfields(result_))
    throw Error(Error::Kind::internal, "PostgreSQL result read out of range");
  return PQgetvalue(result_, row, column);
}

bool PgResult::is_null(int row, int column) const {
  raw(row, column);
  return PQgetisnull(result_, row, column) != 0;
}

std::int64_t PgResult::integer(int row, int column) const {
  const char* value = raw(row, column);
  std::int64_t out = 0;
  auto length = std::strlen(value);
  if (length == 1 && (value[0] == 't' || value[0] == 'f'))
    return value[0] == 't' ? 1 : 0;
  std::from_chars(value, value + length, out);
  return out;
}

std::optional<std::int64_t> PgResult::optional_integer(int row, int column) const {
  if (is_null(row, column))
    return std::nullopt;
  return integer(row, column);
}

double PgResult::real(int row, int column) const {
  return std::strtod(raw(row, column), nullptr);
}

std::optional<double> PgResult::optional_real(int row, int column) const {
  if (is_null(row, column))
    return std::nullopt;
  return real(row, column);
}

std::string PgResult::text(int row, int column) const {
  const char* value = raw(row, column);
  return std::string(value, static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

std::optional<std::string> PgResult::optional_text(int row, int column) const {
  if (is_null(row, column))
    return std::nullopt;
  return text(row, column);
}

bool PgResult::boolean(int row, int column) const {
  return integer(row, column) != 0;
}

std::vector<std::uint8_t> PgResult::bytes(int row, int column) const {
  std::string value = text(row, column);
  if (value.empty())
    return {};
  if (value.size() < 2 || value[0] != '\\' || value[1] != 'x' || value.size() % 2 != 0)
    throw Error(Error::Kind::internal, "bytea value is not in hex format");
  std::vector<std::uint8_t> out;
  out.reserve((value.size() - 2) / 2);
  for (std::size_t i = 2; i < value.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(hex_digit(value[i]) * 16 + hex_digit(value[i + 1])));
  return out;
}

} // namespace argus::store
