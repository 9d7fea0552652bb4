// SqliteDatabase: global search over the FTS5 indexes of migration 0023 (docs/design/search.md).
#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

//! The text as one FTS5 string (double quotes doubled): never an operator, column filter or syntax error.
std::string fts_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + "\"";
}

//! The organization's rows: the word indexes hold "o<id>", the trigram indexes "~<id>~" (migration 0023).
std::string organization_filter(std::int64_t organization_id, SearchTier tier) {
  auto id = std::to_string(organization_id);
  return tier == SearchTier::substring ? "org:\"~" + id + "~\" AND " : "org:o" + id + " AND ";
}

std::string match_expression(std::int64_t organization_id, std::string_view text, SearchTier tier) {
  auto organization = organization_filter(organization_id, tier);
  if (tier == SearchTier::substring)
    return organization + "{name extra}:" + fts_string(text);
  return organization + "{name extra}:" + fts_string(text) + "*";
}

//! Items of a kind whose name starts with the text, ASCII letters in any case: a range of the lower(name) indexes
//! (migration 0023). Null for another kind.
const char* name_prefix_query(std::string_view kind) {
  if (kind == "camera")
    // CROSS JOIN keeps cameras outer, on its lower(name) index (a JOIN read the organization's cameras network by
    // network).
    return "SELECT cameras.id, cameras.name, cameras.network_id FROM cameras CROSS JOIN networks ON networks.id = "
           "cameras.network_id WHERE lower(cameras.name) >= ?1 AND lower(cameras.name) < ?2 AND "
           "networks.organization_id = ?3 LIMIT ?4";
  if (kind == "video_wall")
    return "SELECT id, name, network_id FROM walls WHERE organization_id = ?3 AND lower(name) >= ?1 AND "
           "lower(name) < ?2 LIMIT ?4";
  if (kind == "export_job")
    return "SELECT id, filename, network_id FROM export_jobs WHERE organization_id = ?3 AND lower(filename) >= ?1 "
           "AND lower(filename) < ?2 LIMIT ?4";
  return nullptr;
}

//! ASCII letters in lower case, as SQLite's lower().
std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

//! The index of a kind and tier (one pair per kind, so a search reads only that kind's rows); null for another kind.
const char* index_table(std::string_view kind, SearchTier tier) {
  bool grams = tier == SearchTier::substring;
  if (kind == "camera")
    return grams ? "search_camera_grams" : "search_camera_words";
  if (kind == "video_wall")
    return grams ? "search_wall_grams" : "search_wall_words";
  if (kind == "export_job")
    return grams ? "search_export_grams" : "search_export_words";
  return nullptr;
}

} // namespace

std::vector<SearchCandidate> SqliteDatabase::search_candidates(std::int64_t organization_id, std::string_view kind,
                                                               std::string_view text, SearchTier tier,
                                                               std::int64_t limit) {
  std::vector<SearchCandidate> out;
  if (text.empty())
    return out;
  std::lock_guard lock(mutex_);
  std::unique_ptr<SqliteStatement> statement;
  if (tier == SearchTier::name_prefix) {
    const char* query = name_prefix_query(kind);
    if (!query)
      return out;
    auto from = ascii_lower(text);
    // No UTF-8 text holds the byte 0xFF: every name starting with `from` sorts below from + 0xFF.
    statement = connection_->prepare(query);
    statement->bind(1, std::string_view(from)).bind(2, std::string_view(from + "\xFF")).bind(3, organization_id);
    statement->bind(4, limit);
  } else {
    const char* table = index_table(kind, tier);
    if (!table)
      return out;
    statement = connection_->prepare(std::string("SELECT rowid, name, network_id FROM ") + table + " WHERE " + table +
                                     " MATCH ? LIMIT ?");
    statement->bind(1, std::string_view(match_expression(organization_id, text, tier))).bind(2, limit);
  }
  while (statement->step())
    out.push_back({statement->integer(0), statement->text(1), statement->integer(2)});
  return out;
}

std::vector<std::pair<std::int64_t, std::int64_t>>
SqliteDatabase::wall_tile_cameras(const std::vector<std::int64_t>& wall_ids) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  if (wall_ids.empty())
    return out;
  std::string list;
  for (std::size_t i = 0; i < wall_ids.size(); ++i)
    list += i ? ", ?" : "?";
  std::lock_guard lock(mutex_);
  auto statement =
      connection_->prepare("SELECT DISTINCT wall_id, camera_id FROM wall_tiles WHERE wall_id IN (" + list + ")");
  for (std::size_t i = 0; i < wall_ids.size(); ++i)
    statement->bind(static_cast<int>(i + 1), wall_ids[i]);
  while (statement->step())
    out.emplace_back(statement->integer(0), statement->integer(1));
  return out;
}

} // namespace argus::store
