-- Clip bookmarks (spec 03 §3 "Bookmark", §7 "Bookmarks"): a described time range of one camera, kept with its
-- creator. Times are UTC milliseconds. Portable SQL: SQLite and PostgreSQL read it alike.

CREATE TABLE bookmarks (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  user_name TEXT NOT NULL,
  description TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL CHECK (end_ms > start_ms),
  created_ms INTEGER NOT NULL
);
CREATE INDEX bookmarks_by_camera ON bookmarks (camera_id, start_ms);
