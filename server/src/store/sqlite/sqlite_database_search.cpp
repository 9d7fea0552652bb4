// SqliteDatabase: global search over the FTS5 indexes of migration 0020 (docs/design/search.md).
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

std::string match_expression(std::int64_t organization_id, std::string_view text, SearchTier tier) {
  auto organization = "org:\"org_" + std::to_string(organization_id) + "_\" AND ";
  switch (tier) {
  case SearchTier::name_prefix:
    return organization + "name:^" + fts_string(text) + "*";
  case SearchTier::word_prefix:
    return organization + "{name extra}:" + fts_string(text) + "*";
  case SearchTier::substring:
    return organization + "{name extra}:" + fts_string(text);
  }
  return organization;
}

} // namespace

std::vector<SearchCandidate> SqliteDatabase::search_candidates(std::int64_t organization_id, std::string_view kind,
                                                               std::string_view text, SearchTier tier,
                                                               std::int64_t limit) {
  std::vector<SearchCandidate> out;
  if (text.empty())
    return out;
  const char* table = tier == SearchTier::substring ? "search_grams" : "search_words";
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string("SELECT rowid / 4, name, network_id FROM ") + table + " WHERE " +
                                        table + " MATCH ? AND kind = ? LIMIT ?");
  statement->bind(1, std::string_view(match_expression(organization_id, text, tier))).bind(2, kind).bind(3, limit);
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
