-- The portal's memory reports (spec 02 §7 POST /manage/video/client_memory_telemetry): one row per report of a wall
-- page, at most one per session a minute, kept 30 days (older rows go when a report arrives). organization_id and
-- user_id are the session's; reported_user_id and reported_org_id are what the client claimed, kept only as reported
-- values. network_id is a network the caller could see when the report arrived. Times are UTC milliseconds, heap
-- sizes bytes. Portable SQL: SQLite and PostgreSQL read it alike.

CREATE TABLE client_memory_telemetry (
  id INTEGER PRIMARY KEY,
  received_ms INTEGER NOT NULL,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network_id INTEGER REFERENCES networks (id) ON DELETE SET NULL,
  video_wall_id INTEGER,
  reported_user_id TEXT,
  reported_org_id TEXT,
  client_os TEXT,
  client_os_version TEXT,
  client_browser TEXT,
  client_browser_version TEXT,
  app_name TEXT,
  app_version TEXT,
  total_js_heap_bytes INTEGER NOT NULL CHECK (total_js_heap_bytes >= 0),
  used_js_heap_bytes INTEGER NOT NULL CHECK (used_js_heap_bytes >= 0),
  js_heap_limit_bytes INTEGER NOT NULL CHECK (js_heap_limit_bytes >= 0),
  snapshot_ms INTEGER,
  is_rotating INTEGER,
  is_fullscreen INTEGER
);
CREATE INDEX client_memory_telemetry_by_time ON client_memory_telemetry (received_ms);
CREATE INDEX client_memory_telemetry_by_org ON client_memory_telemetry (organization_id, received_ms);
