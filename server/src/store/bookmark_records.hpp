#pragma once
// Rows of clip bookmarks (migration 0010, spec 03 §3 "Bookmark"). Times are UTC milliseconds.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace argus::store {

struct BookmarkRecord {
  std::int64_t id = 0;
  std::int64_t organization_id = 0;
  std::int64_t camera_id = 0;
  std::optional<std::int64_t> user_id; // null once the creator is deleted
  std::string user_name;
  std::string description;
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
  std::int64_t created_ms = 0;
};

//! Where a page of bookmarks starts: the ones starting before start_ms, or at it with an id below before_id (the last
//! item of the previous page; none: every bookmark starting at start_ms is older).
struct BookmarkCursor {
  std::int64_t start_ms = 0;
  std::optional<std::int64_t> before_id;
};

//! A page of bookmarks, newest start first, and how many older ones the same cameras have after it.
struct BookmarkPage {
  std::vector<BookmarkRecord> items;
  std::int64_t remaining = 0;
};

} // namespace argus::store
