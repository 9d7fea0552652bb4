// SqliteDatabase: the organizations' access logs (migration 0016). Each insert drops the organization's entries older
// than its newest `keep`, so a log stays bounded without a separate job; pages are read newest first by id.
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

constexpr const char* k_columns = "id, organization_id, time_ms, kind, user_id, user_name, user_email, network_id, "
                                  "network_name, camera_id, camera_name, ip, user_agent, detail";

AccessLogEntryRecord entry_from(const SqliteStatement& row) {
  return {row.integer(0),
          row.integer(1),
          row.integer(2),
          row.text(3),
          row.optional_integer(4),
          row.optional_text(5),
          row.optional_text(6),
          row.optional_integer(7),
          row.optional_text(8),
          row.optional_integer(9),
          row.optional_text(10),
          row.text(11),
          row.text(12),
          row.optional_text(13)};
}

} // namespace

std::int64_t SqliteDatabase::insert_access_log_entry(const AccessLogEntryRecord& entry, std::int64_t keep) {
  std::lock_guard lock(mutex_);
  std::int64_t id = 0;
  in_transaction([&] {
    connection_
        ->prepare("INSERT INTO access_log (organization_id, time_ms, kind, user_id, user_name, user_email, network_id, "
                  "network_name, camera_id, camera_name, ip, user_agent, detail) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        ->bind(1, entry.organization_id)
        .bind(2, entry.time_ms)
        .bind(3, std::string_view(entry.kind))
        .bind(4, entry.user_id)
        .bind(5, entry.user_name)
        .bind(6, entry.user_email)
        .bind(7, entry.network_id)
        .bind(8, entry.network_name)
        .bind(9, entry.camera_id)
        .bind(10, entry.camera_name)
        .bind(11, std::string_view(entry.ip))
        .bind(12, std::string_view(entry.user_agent))
        .bind(13, entry.detail)
        .run();
    id = connection_->last_insert_id();
    connection_
        ->prepare("DELETE FROM access_log WHERE organization_id = ?1 AND id <= (SELECT id FROM access_log WHERE "
                  "organization_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)")
        ->bind(1, entry.organization_id)
        .bind(2, keep)
        .run();
  });
  return id;
}

std::vector<AccessLogEntryRecord> SqliteDatabase::access_log_entries(const AccessLogQuery& query) {
  std::string sql = std::string("SELECT ") + k_columns + " FROM access_log WHERE organization_id = ?";
  if (!query.kinds.empty()) {
    sql += " AND kind IN (";
    for (std::size_t i = 0; i < query.kinds.size(); ++i)
      sql += i ? ", ?" : "?";
    sql += ")";
  }
  if (query.user_id)
    sql += " AND user_id = ?";
  if (query.network_id)
    sql += " AND network_id = ?";
  if (query.camera_id)
    sql += " AND camera_id = ?";
  if (query.since_ms)
    sql += " AND time_ms >= ?";
  if (query.until_ms)
    sql += " AND time_ms < ?";
  if (query.before_id)
    sql += " AND id < ?";
  sql += " ORDER BY id DESC LIMIT ?";

  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(sql);
  int index = 1;
  statement->bind(index++, query.organization_id);
  for (const auto& kind : query.kinds)
    statement->bind(index++, std::string_view(kind));
  for (const auto& value :
       {query.user_id, query.network_id, query.camera_id, query.since_ms, query.until_ms, query.before_id}) {
    if (value)
      statement->bind(index++, *value);
  }
  statement->bind(index, std::int64_t{query.limit});
  std::vector<AccessLogEntryRecord> out;
  while (statement->step())
    out.push_back(entry_from(*statement));
  return out;
}

std::int64_t SqliteDatabase::access_log_size(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT COUNT(*) FROM access_log WHERE organization_id = ?");
  statement->bind(1, organization_id);
  statement->step();
  return statement->integer(0);
}

} // namespace argus::store
