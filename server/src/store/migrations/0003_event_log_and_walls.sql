-- Event log (spec 02 §7 access_logs/log_event: who did what on which camera, e.g. 'screenshot_created') and video
-- walls (spec 02 §3: a wall of up to 16 tiles, each showing one camera's channel, optionally a dewarped fisheye view).
-- Times are UTC milliseconds. Portable SQL: SQLite and PostgreSQL read it alike.

-- The event log keeps what happened even after the camera or the user is gone, so only the organization is a foreign
-- key; the other ids are copied as they were when the event was logged.
CREATE TABLE event_log (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  network_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  camera_id INTEGER NOT NULL,
  channel_id INTEGER NOT NULL,
  event TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms),
  created_ms INTEGER NOT NULL
);
CREATE INDEX event_log_by_organization ON event_log (organization_id, created_ms);

-- A wall belongs to one network (its home network); a cross-network wall may also hold cameras of the organization's
-- other networks. created_by_user_id and the times serve the editing calls (create, rename, update, delete).
CREATE TABLE walls (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  is_cross_network INTEGER NOT NULL DEFAULT 0,
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
CREATE INDEX walls_by_organization ON walls (organization_id, network_id);

-- Tiles in grid cells (x, y, w, h), in the order the wall lists them. The channel shown is the camera's channel; a
-- removed camera takes its tiles with it. imager_id picks one imager of a multi-imager camera; phi/theta/fov (radians,
-- radians, degrees) describe a dewarped fisheye view (a present phi means dewarped).
CREATE TABLE wall_tiles (
  id INTEGER PRIMARY KEY,
  wall_id INTEGER NOT NULL REFERENCES walls (id) ON DELETE CASCADE,
  tile_order INTEGER NOT NULL,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  imager_id INTEGER,
  x INTEGER NOT NULL CHECK (x >= 0),
  y INTEGER NOT NULL CHECK (y >= 0),
  w INTEGER NOT NULL CHECK (w > 0),
  h INTEGER NOT NULL CHECK (h > 0),
  theta REAL,
  phi REAL,
  fov REAL,
  UNIQUE (wall_id, tile_order)
);
CREATE INDEX wall_tiles_by_camera ON wall_tiles (camera_id);
