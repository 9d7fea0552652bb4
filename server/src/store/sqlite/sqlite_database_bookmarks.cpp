// SqliteDatabase: clip bookmarks (migration 0010).
#include <algorithm>

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

constexpr const char* k_columns =
    "SELECT id, organization_id, camera_id, user_id, user_name, description, start_ms, end_ms, created_ms "
    "FROM bookmarks ";

BookmarkRecord bookmark_from_row(const SqliteStatement& row) {
  return {row.integer(0), row.integer(1),         row.integer(2), row.optional_integer(3), row.text(4),
          row.text(5),    row.integer(6),         row.integer(7), row.integer(8)};
}

std::string id_list(std::size_t count) {
  std::string out = "(";
  for (std::size_t i = 0; i < count; ++i)
    out += i ? ", ?" : "?";
  return out + ")";
}

} // namespace

std::int64_t SqliteDatabase::insert_bookmark(const BookmarkRecord& bookmark) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "INSERT INTO bookmarks (organization_id, camera_id, user_id, user_name, description, start_ms, end_ms, "
      "created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  statement->bind(1, bookmark.organization_id)
      .bind(2, bookmark.camera_id)
      .bind(3, bookmark.user_id)
      .bind(4, std::string_view(bookmark.user_name))
      .bind(5, std::string_view(bookmark.description))
      .bind(6, bookmark.start_ms)
      .bind(7, bookmark.end_ms)
      .bind(8, bookmark.created_ms)
      .run();
  return connection_->last_insert_id();
}

BookmarkPage SqliteDatabase::bookmarks_of_cameras(const std::vector<std::int64_t>& camera_ids,
                                                  std::optional<BookmarkCursor> older_than, std::int64_t limit) {
  std::lock_guard lock(mutex_);
  BookmarkPage page;
  if (camera_ids.empty())
    return page;
  bool exact = older_than && older_than->before_id;
  auto where = "WHERE camera_id IN " + id_list(camera_ids.size()) +
               (exact ? " AND (start_ms < ? OR (start_ms = ? AND id < ?))" : older_than ? " AND start_ms < ?" : "");
  auto bind = [&](SqliteStatement& statement) {
    int index = 1;
    for (auto id : camera_ids)
      statement.bind(index++, id);
    if (older_than)
      statement.bind(index++, older_than->start_ms);
    if (exact) {
      statement.bind(index++, older_than->start_ms);
      statement.bind(index++, *older_than->before_id);
    }
    return index;
  };
  auto statement = connection_->prepare(std::string(k_columns) + where + " ORDER BY start_ms DESC, id DESC LIMIT ?");
  statement->bind(bind(*statement), std::max<std::int64_t>(limit, 0));
  while (statement->step())
    page.items.push_back(bookmark_from_row(*statement));
  auto count = connection_->prepare("SELECT COUNT(*) FROM bookmarks " + where);
  bind(*count);
  std::int64_t total = count->step() ? count->integer(0) : 0;
  page.remaining = std::max<std::int64_t>(0, total - static_cast<std::int64_t>(page.items.size()));
  return page;
}

std::optional<BookmarkRecord> SqliteDatabase::find_bookmark(std::int64_t bookmark_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string(k_columns) + "WHERE id = ?");
  statement->bind(1, bookmark_id);
  if (!statement->step())
    return std::nullopt;
  return bookmark_from_row(*statement);
}

bool SqliteDatabase::delete_bookmark(std::int64_t bookmark_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("DELETE FROM bookmarks WHERE id = ?");
  statement->bind(1, bookmark_id);
  statement->run();
  return statement->changes() > 0;
}

} // namespace argus::store
