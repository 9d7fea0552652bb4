// PostgresDatabase: global search (docs/design/search.md) over the cameras, walls and export_jobs rows themselves
// (SQLite keeps FTS5 indexes, migrations 0020 and 0023; PostgreSQL has B-tree and pg_trgm indexes on lower(name)).
// The three tiers as PostgreSQL says them: the name starts with the text (LIKE 'q%' on lower(name)), a word of the
// name or its other fields starts with it (a regular expression anchored at a word start, \m), it is anywhere in them
// (LIKE '%q%'). The text is plain: LIKE and regular expression characters in it are escaped.
#include <algorithm>
#include <cctype>

#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

//! ASCII letters in lower case, as SQLite's lower() (names compare the same on both engines).
std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

//! The text as a LIKE pattern matching itself (\ is the escape character).
std::string like_literal(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\\' || c == '%' || c == '_')
      out += '\\';
    out += c;
  }
  return out;
}

//! Words starting at a word start and following each other with separators between, as an FTS5 prefix phrase
//! matches: its words are runs of letters and digits (and any non-ASCII byte, so UTF-8 letters stay whole). Empty
//! when the text has no word.
std::string word_prefix_pattern(std::string_view text) {
  auto is_word_byte = [](unsigned char c) { return std::isalnum(c) || c >= 0x80; };
  std::string pattern;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && !is_word_byte(static_cast<unsigned char>(text[i])))
      ++i;
    std::size_t start = i;
    while (i < text.size() && is_word_byte(static_cast<unsigned char>(text[i])))
      ++i;
    if (i > start)
      pattern += (pattern.empty() ? "\\m" : "[^[:alnum:]]+") + std::string(text.substr(start, i - start));
  }
  return pattern;
}

struct KindColumns {
  const char* from;      // the table with its organization filter's join, aliased t
  const char* name;      // the name column
  const char* extra;     // the other searched fields as one text
  const char* org_match; // the organization filter ($1)
};

std::optional<KindColumns> kind_columns(std::string_view kind) {
  if (kind == "camera")
    return KindColumns{"cameras t JOIN networks n ON n.id = t.network_id", "t.name",
                       "replace(replace(replace(replace(t.tags_json, '[', ''), ']', ''), '\"', ''), ',', ' ') || ' ' "
                       "|| t.model || ' ' || t.serial || ' ' || t.mac",
                       "n.organization_id = $1"};
  if (kind == "video_wall")
    return KindColumns{"walls t", "t.name", "''", "t.organization_id = $1"};
  if (kind == "export_job")
    return KindColumns{"export_jobs t", "t.filename", "t.camera_name", "t.organization_id = $1"};
  return std::nullopt;
}

} // namespace

std::vector<SearchCandidate> PostgresDatabase::search_candidates(std::int64_t organization_id, std::string_view kind,
                                                                 std::string_view text, SearchTier tier,
                                                                 std::int64_t limit) {
  std::vector<SearchCandidate> out;
  auto columns = kind_columns(kind);
  if (text.empty() || !columns)
    return out;
  std::string name = columns->name;
  std::string extra = columns->extra;
  std::string select =
      "SELECT t.id, " + name + ", t.network_id FROM " + columns->from + " WHERE " + columns->org_match + " AND ";
  std::string sql;
  std::string pattern;
  if (tier == SearchTier::name_prefix) {
    pattern = like_literal(ascii_lower(text)) + "%";
    sql = select + "lower(" + name + ") LIKE $2 ORDER BY lower(" + name + "), t.id LIMIT $3";
  } else if (tier == SearchTier::word_prefix) {
    pattern = word_prefix_pattern(text);
    if (pattern.empty())
      return out;
    sql = select + "(" + name + " ~* $2 OR " + extra + " ~* $2) ORDER BY t.id LIMIT $3";
  } else {
    pattern = "%" + like_literal(ascii_lower(text)) + "%";
    sql = select + "(lower(" + name + ") LIKE $2 OR lower(" + extra + ") LIKE $2) ORDER BY t.id LIMIT $3";
  }
  auto db = session();
  auto rows = db->exec(sql, {organization_id, pattern, std::max<std::int64_t>(limit, 0)});
  for (int i = 0; i < rows.size(); ++i)
    out.push_back({rows.integer(i, 0), rows.text(i, 1), rows.integer(i, 2)});
  return out;
}

} // namespace argus::store
