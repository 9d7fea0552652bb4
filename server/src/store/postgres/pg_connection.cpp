#include "store/postgres/pg_connection.hpp"

#include <libpq-fe.h>

#include <charconv>

namespace argus::store {
namespace {

std::string trimmed(const char* message) {
  std::string out = message ? message : "";
  while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
    out.pop_back();
  return out;
}

} // namespace

PgValue::PgValue(double value) {
  char buffer[64];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value); // shortest text that reads back exactly
  text_ = std::string(buffer, end);
}

PgValue::PgValue(const std::optional<std::int64_t>& value) {
  if (value)
    text_ = std::to_string(*value);
}

PgValue::PgValue(const std::optional<double>& value) {
  if (value)
    text_ = PgValue(*value).text_;
}

PgValue PgValue::bytes(std::span<const std::uint8_t> bytes) {
  static constexpr char k_hex[] = "0123456789abcdef";
  PgValue value;
  std::string text = "\\x";
  text.reserve(2 + bytes.size() * 2);
  for (auto byte : bytes) {
    text.push_back(k_hex[byte >> 4]);
    text.push_back(k_hex[byte & 0xf]);
  }
  value.text_ = std::move(text);
  return value;
}

PgValue PgValue::bigint_array(const std::vector<std::int64_t>& values) {
  PgValue value;
  std::string text = "{";
  for (std::size_t i = 0; i < values.size(); ++i)
    text += (i ? "," : "") + std::to_string(values[i]);
  value.text_ = text + "}";
  return value;
}

PgValue PgValue::text_array(const std::vector<std::string>& values) {
  PgValue value;
  std::string text = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    text += i ? ",\"" : "\"";
    for (char c : values[i]) {
      if (c == '"' || c == '\\')
        text.push_back('\\');
      text.push_back(c);
    }
    text.push_back('"');
  }
  value.text_ = text + "}";
  return value;
}

PgValue PgValue::bytea_array(const std::vector<std::span<const std::uint8_t>>& values) {
  std::vector<std::string> hex;
  hex.reserve(values.size());
  for (const auto& bytes : values)
    hex.push_back(*PgValue::bytes(bytes).text());
  return text_array(hex);
}

Error::Kind pg_error_kind(std::string_view sqlstate) {
  if (sqlstate.empty())
    return Error::Kind::unavailable;
  auto class_code = sqlstate.substr(0, 2);
  if (class_code == "23")
    return Error::Kind::conflict;
  if (class_code == "08" || class_code == "53" || class_code == "40" || sqlstate.substr(0, 3) == "57P")
    return Error::Kind::unavailable;
  return Error::Kind::internal;
}

PgConnection::PgConnection(const std::string& conninfo) : connection_(PQconnectdb(conninfo.c_str())) {
  if (PQstatus(connection_) != CONNECTION_OK) {
    std::string message = "cannot connect to PostgreSQL: " + trimmed(PQerrorMessage(connection_));
    PQfinish(connection_);
    connection_ = nullptr;
    throw Error(Error::Kind::unavailable, message);
  }
  // Notices (e.g. "relation already exists, skipping") are not errors: keep them out of stderr.
  PQsetNoticeProcessor(
      connection_, [](void*, const char*) {}, nullptr);
}

PgConnection::~PgConnection() {
  PQfinish(connection_);
}

bool PgConnection::reusable() const {
  return connection_ && PQstatus(connection_) == CONNECTION_OK && PQtransactionStatus(connection_) == PQTRANS_IDLE;
}

void PgConnection::throw_error(pg_result* result, std::string_view context) {
  std::string sqlstate;
  std::string detail;
  if (result) {
    const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
    sqlstate = state ? state : "";
    detail = trimmed(PQresultErrorMessage(result));
  }
  if (detail.empty())
    detail = trimmed(PQerrorMessage(connection_));
  PQclear(result);
  auto kind = PQstatus(connection_) == CONNECTION_OK ? pg_error_kind(sqlstate) : Error::Kind::unavailable;
  std::string message = std::string(context) + ": " + detail;
  if (sqlstate == "53100")
    throw StorageFullError(message);
  throw Error(kind, message);
}

PgResult PgConnection::exec(const std::string& sql, const std::vector<PgValue>& params) {
  auto it = statement_names_.find(sql);
  if (it == statement_names_.end()) {
    std::string name = "argus_" + std::to_string(statement_names_.size() + 1);
    PGresult* prepared = PQprepare(connection_, name.c_str(), sql.c_str(), 0, nullptr);
    if (!prepared || PQresultStatus(prepared) != PGRES_COMMAND_OK)
      throw_error(prepared, "cannot prepare SQL");
    PQclear(prepared);
    it = statement_names_.emplace(sql, std::move(name)).first;
  }
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& param : params)
    values.push_back(param.text() ? param.text()->c_str() : nullptr);
  PGresult* result = PQexecPrepared(connection_, it->second.c_str(), static_cast<int>(values.size()), values.data(),
                                    nullptr, nullptr, 0);
  auto status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    throw_error(result, "PostgreSQL statement failed");
  return PgResult(result);
}

void PgConnection::execute_script(const std::string& sql) {
  PGresult* result = PQexec(connection_, sql.c_str());
  auto status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY)
    throw_error(result, "PostgreSQL SQL failed");
  PQclear(result);
}

} // namespace argus::store
