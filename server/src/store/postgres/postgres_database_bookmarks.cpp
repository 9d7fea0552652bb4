// PostgresDatabase: clip bookmarks (migration 0010) and portal feedback (0021): the SQL of
// sqlite_database_bookmarks.cpp and sqlite_database_feedback.cpp.
#include <algorithm>

#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

const std::string k_bookmark_columns =
    "SELECT id, organization_id, camera_id, user_id, user_name, description, start_ms, end_ms, created_ms "
    "FROM bookmarks ";

BookmarkRecord read_bookmark(const PgResult& rows, int i) {
  return {rows.integer(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.optional_integer(i, 3), rows.text(i, 4),
          rows.text(i, 5),    rows.integer(i, 6), rows.integer(i, 7), rows.integer(i, 8)};
}

// The cameras' bookmarks older than the cursor: $1 the camera ids, $2 the cursor's start (NULL: no cursor), $3 its id.
const std::string k_bookmarks_before_cursor =
    "WHERE camera_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR start_ms < $2::bigint OR "
    "($3::bigint IS NOT NULL AND start_ms = $2::bigint AND id < $3::bigint)) ";

} // namespace

std::int64_t PostgresDatabase::insert_bookmark(const BookmarkRecord& bookmark) {
  auto db = session();
  return db
      ->exec("INSERT INTO bookmarks (organization_id, camera_id, user_id, user_name, description, start_ms, end_ms, "
             "created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
             {bookmark.organization_id, bookmark.camera_id, bookmark.user_id, bookmark.user_name, bookmark.description,
              bookmark.start_ms, bookmark.end_ms, bookmark.created_ms})
      .integer(0, 0);
}

BookmarkPage PostgresDatabase::bookmarks_of_cameras(const std::vector<std::int64_t>& camera_ids,
                                                    std::optional<BookmarkCursor> older_than, std::int64_t limit) {
  BookmarkPage page;
  if (camera_ids.empty())
    return page;
  std::vector<PgValue> params{PgValue::bigint_array(camera_ids),
                              older_than ? std::optional<std::int64_t>(older_than->start_ms) : std::nullopt,
                              older_than ? older_than->before_id : std::nullopt};
  auto db = session();
  auto rows_params = params;
  rows_params.emplace_back(std::max<std::int64_t>(limit, 0));
  auto rows = db->exec(k_bookmark_columns + k_bookmarks_before_cursor + "ORDER BY start_ms DESC, id DESC LIMIT $4",
                       rows_params);
  for (int i = 0; i < rows.size(); ++i)
    page.items.push_back(read_bookmark(rows, i));
  auto total = db->exec("SELECT COUNT(*) FROM bookmarks " + k_bookmarks_before_cursor, params).integer(0, 0);
  page.remaining = std::max<std::int64_t>(0, total - static_cast<std::int64_t>(page.items.size()));
  return page;
}

std::optional<BookmarkRecord> PostgresDatabase::find_bookmark(std::int64_t bookmark_id) {
  auto db = session();
  auto rows = db->exec(k_bookmark_columns + "WHERE id = $1", {bookmark_id});
  if (rows.empty())
    return std::nullopt;
  return read_bookmark(rows, 0);
}

bool PostgresDatabase::delete_bookmark(std::int64_t bookmark_id) {
  auto db = session();
  return db->exec("DELETE FROM bookmarks WHERE id = $1", {bookmark_id}).affected_rows() > 0;
}

std::int64_t PostgresDatabase::insert_feedback(const FeedbackRecord& feedback) {
  auto db = session();
  return db
      ->exec("INSERT INTO feedback (organization_id, user_id, user_name, user_email, network_id, network_name, wish, "
             "wish_hash, session_recording_url, user_agent, created_ms) "
             "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
             {feedback.organization_id, feedback.user_id, feedback.user_name, feedback.user_email, feedback.network_id,
              feedback.network_name, feedback.wish, feedback.wish_hash, feedback.session_recording_url,
              feedback.user_agent, feedback.created_ms})
      .integer(0, 0);
}

std::vector<FeedbackRecord> PostgresDatabase::feedback_of_organization(std::int64_t organization_id,
                                                                       std::optional<std::int64_t> before_id,
                                                                       std::int64_t limit) {
  auto db = session();
  auto rows =
      db->exec("SELECT id, organization_id, user_id, user_name, user_email, network_id, network_name, wish, wish_hash, "
               "session_recording_url, user_agent, created_ms FROM feedback WHERE organization_id = $1 AND id < $2 "
               "ORDER BY id DESC LIMIT $3",
               {organization_id, before_id.value_or(INT64_MAX), std::max<std::int64_t>(limit, 0)});
  std::vector<FeedbackRecord> out;
  for (int i = 0; i < rows.size(); ++i) {
    out.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.optional_integer(i, 2), rows.text(i, 3),
                   rows.text(i, 4), rows.optional_integer(i, 5), rows.text(i, 6), rows.text(i, 7), rows.text(i, 8),
                   rows.optional_text(i, 9), rows.text(i, 10), rows.integer(i, 11)});
  }
  return out;
}

std::int64_t PostgresDatabase::feedback_count_since(std::int64_t user_id, std::int64_t since_ms) {
  auto db = session();
  return db->exec("SELECT COUNT(*) FROM feedback WHERE user_id = $1 AND created_ms >= $2", {user_id, since_ms})
      .integer(0, 0);
}

} // namespace argus::store
